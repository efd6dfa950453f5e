import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Subscribe, Update, ViewKind, ViewOf } from '@tapcard/shared/realtime';
import { arenaViews, startingArenaView } from './arena-cache.js';
import { realtimeClient } from './client.js';
import { pollArena, pollChip, pollOrganiser, type PollResult } from './polls.js';
import type { LiveEventState, LiveSubscription } from './subscription.js';

/** The hooks of the live pages: a page asks for its view here and re-renders as it changes. */

const IDLE: LiveEventState<never> = { view: null, connection: 'connecting', stale: false, error: null };

export interface LiveEvent<V> extends LiveEventState<V> {
  /** Merges a local change into the view (see LiveSubscription.applyLocal). */
  applyLocal: (change: Partial<Update>) => void;
}

/** Where a kind of view is kept on the device between visits (module level, so stable). */
export interface ViewCache<R, V> {
  read: (request: R) => V | null;
  save: (request: R, view: V) => void;
  forget: (request: R) => void;
}

/** How long a view must stay unchanged before it is written to the device (a busy chat changes often). */
const SAVE_AFTER_MS = 500;

/**
 * The live view of a subscription, or of nothing while `request` is null. `poller` reads the same view
 * over REST for the fallback; it must be a stable function (module level). With `cache`, the view the
 * device kept shows until a fresh one arrives, and every fresh one is kept.
 */
export function useLiveEvent<K extends ViewKind>(
  request: Extract<Subscribe, { kind: K }> | null,
  poller: (request: Extract<Subscribe, { kind: K }>, signal: AbortSignal) => Promise<PollResult<ViewOf<K>>>,
  cache?: ViewCache<Extract<Subscribe, { kind: K }>, ViewOf<K>>,
): LiveEvent<ViewOf<K>> {
  // The request is rebuilt from its JSON, so a new object with the same content changes nothing.
  const json = request ? JSON.stringify(request) : null;
  const subscriptionRef = useRef<LiveSubscription<K> | null>(null);
  // The kept view is read while rendering, so the page's first render already shows it (a server-rendered
  // arena taken over by its live page draws the same messages, with no loading screen in between).
  const kept = useMemo(() => (json && cache ? cache.read(JSON.parse(json) as Extract<Subscribe, { kind: K }>) : null), [json, cache]);
  const keptState = useMemo<LiveEventState<ViewOf<K>>>(() => (kept ? { ...(IDLE as LiveEventState<ViewOf<K>>), view: kept } : IDLE), [kept]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!json) return () => undefined;
      const current = JSON.parse(json) as Extract<Subscribe, { kind: K }>;
      const client = realtimeClient();
      const subscription = client.acquire<K>(current, (signal) => poller(current, signal), kept);
      subscriptionRef.current = subscription;
      const unlisten = subscription.listen(onChange);
      onChange();
      return () => {
        unlisten();
        if (subscriptionRef.current === subscription) subscriptionRef.current = null;
        client.release(subscription as unknown as LiveSubscription);
      };
    },
    [json, poller, kept],
  );
  const getSnapshot = useCallback(() => {
    const snapshot = json && subscriptionRef.current ? subscriptionRef.current.snapshot : keptState;
    // The new subscription's first state is the kept one again: the same object, so the page is not
    // rendered a second time (an external store's change re-renders at once, in one long task).
    return sameState(snapshot, keptState) ? keptState : snapshot;
  }, [json, keptState]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useKeptView(cache, json, state);
  const applyLocal = useCallback((change: Partial<Update>) => subscriptionRef.current?.applyLocal(change), []);
  return { ...state, applyLocal };
}

function sameState<V>(a: LiveEventState<V>, b: LiveEventState<V>): boolean {
  return a === b || (a.view === b.view && a.connection === b.connection && a.stale === b.stale && a.error === b.error);
}

/**
 * Keeps the subscription's view on the device: only a view that came from the server (not the kept one
 * shown offline), at most every SAVE_AFTER_MS and once more when the page leaves; a refusal drops it.
 */
function useKeptView<R, V>(cache: ViewCache<R, V> | undefined, json: string | null, state: LiveEventState<V>): void {
  const pending = useRef<{ request: R; view: V; timer: ReturnType<typeof setTimeout> } | null>(null);
  const fresh = state.connection === 'live' || state.connection === 'polling';
  useEffect(() => {
    if (!cache || !json) return;
    const request = JSON.parse(json) as R;
    if (state.error) return cache.forget(request);
    if (!fresh || !state.view) return;
    if (pending.current) {
      pending.current.view = state.view;
      return;
    }
    const save = () => {
      const next = pending.current;
      pending.current = null;
      if (next) cache.save(next.request, next.view);
    };
    pending.current = { request, view: state.view, timer: setTimeout(save, SAVE_AFTER_MS) };
  }, [cache, json, fresh, state.view, state.error]);
  useEffect(
    () => () => {
      const next = pending.current;
      if (!next || !cache) return;
      clearTimeout(next.timer);
      pending.current = null;
      cache.save(next.request, next.view);
    },
    [cache, json],
  );
}

const arenaPoll = (request: { tid: string }, signal: AbortSignal) => pollArena(request.tid, signal);
const chipPoll = (request: { chipId: string }, signal: AbortSignal) => pollChip(request.chipId, signal);
const organiserPoll = (request: { eventId: string }, signal: AbortSignal) => pollOrganiser(request.eventId, signal);

const arenaCache: ViewCache<{ tid: string }, ViewOf<'arena'>> = {
  read: (request) => startingArenaView(request.tid),
  save: (request, view) => arenaViews.save(request.tid, view),
  forget: (request) => arenaViews.forget(request.tid),
};

/** An attendee's arena and chats, by access token; the device keeps the last view for a visit with no network. */
export function useArenaLive(tid: string | undefined): LiveEvent<ViewOf<'arena'>> {
  return useLiveEvent<'arena'>(tid ? { kind: 'arena', tid } : null, arenaPoll, arenaCache);
}

/** A chip page, by chip id. */
export function useChipLive(chipId: string | undefined): LiveEvent<ViewOf<'chip'>> {
  return useLiveEvent<'chip'>(chipId ? { kind: 'chip', chipId } : null, chipPoll);
}

/** An organiser's event (attendance and admin chats), by event id; the bearer token goes in the handshake. */
export function useOrganiserLive(eventId: string | undefined): LiveEvent<ViewOf<'organiser'>> {
  return useLiveEvent<'organiser'>(eventId ? { kind: 'organiser', eventId } : null, organiserPoll);
}

/**
 * A staff phone's door (the event's attendance, with check-in times and gates), by door session token.
 * `poller` is the door page's own fallback (stable, module level): no REST call answers the whole
 * door view, so it may only check that the session still holds. The gateway ends the subscription at
 * once when the staff link is revoked or expires: `error` is then set.
 */
export function useDoorLive(session: string | undefined, poller: (request: { session: string }, signal: AbortSignal) => Promise<PollResult<ViewOf<'door'>>>): LiveEvent<ViewOf<'door'>> {
  return useLiveEvent<'door'>(session ? { kind: 'door', session } : null, poller);
}
