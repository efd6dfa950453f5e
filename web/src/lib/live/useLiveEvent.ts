import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Subscribe, Update, ViewKind, ViewOf } from '@tapcard/shared/realtime';
import { realtimeClient } from './client.js';
import { pollArena, pollChip, pollOrganiser, type PollResult } from './polls.js';
import type { LiveEventState, LiveSubscription } from './subscription.js';

/** The hooks of the live pages: a page asks for its view here and re-renders as it changes. */

const IDLE: LiveEventState<never> = { view: null, connection: 'connecting', stale: false, error: null };

export interface LiveEvent<V> extends LiveEventState<V> {
  /** Merges a local change into the view (see LiveSubscription.applyLocal). */
  applyLocal: (change: Partial<Update>) => void;
}

/**
 * The live view of a subscription, or of nothing while `request` is null. `poller` reads the same view
 * over REST for the fallback; it must be a stable function (module level).
 */
export function useLiveEvent<K extends ViewKind>(
  request: Extract<Subscribe, { kind: K }> | null,
  poller: (request: Extract<Subscribe, { kind: K }>, signal: AbortSignal) => Promise<PollResult<ViewOf<K>>>,
): LiveEvent<ViewOf<K>> {
  // The request is rebuilt from its JSON, so a new object with the same content changes nothing.
  const json = request ? JSON.stringify(request) : null;
  const subscriptionRef = useRef<LiveSubscription<K> | null>(null);

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!json) return () => undefined;
      const current = JSON.parse(json) as Extract<Subscribe, { kind: K }>;
      const client = realtimeClient();
      const subscription = client.acquire<K>(current, (signal) => poller(current, signal));
      subscriptionRef.current = subscription;
      const unlisten = subscription.listen(onChange);
      onChange();
      return () => {
        unlisten();
        if (subscriptionRef.current === subscription) subscriptionRef.current = null;
        client.release(subscription as unknown as LiveSubscription);
      };
    },
    [json, poller],
  );
  const getSnapshot = useCallback(() => (json && subscriptionRef.current ? subscriptionRef.current.snapshot : (IDLE as LiveEventState<ViewOf<K>>)), [json]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const applyLocal = useCallback((change: Partial<Update>) => subscriptionRef.current?.applyLocal(change), []);
  return { ...state, applyLocal };
}

const arenaPoll = (request: { tid: string }, signal: AbortSignal) => pollArena(request.tid, signal);
const chipPoll = (request: { chipId: string }, signal: AbortSignal) => pollChip(request.chipId, signal);
const organiserPoll = (request: { eventId: string }, signal: AbortSignal) => pollOrganiser(request.eventId, signal);

/** An attendee's arena and chats, by access token. */
export function useArenaLive(tid: string | undefined): LiveEvent<ViewOf<'arena'>> {
  return useLiveEvent<'arena'>(tid ? { kind: 'arena', tid } : null, arenaPoll);
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
