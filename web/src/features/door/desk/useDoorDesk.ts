import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DoorCheckIn } from '@tapcard/shared/contract';
import type { DoorView } from '@tapcard/shared/realtime';
import type { LiveEvent } from '../../../lib/live/useLiveEvent.js';
import { isOnline } from '../../../lib/live/network.js';
import { TEXTS } from '../texts.js';
import { doorCounts, withAttendee, withQueue } from './list.js';
import { checkInResult, type DoorNotice, type DoorResult, type NewResult } from './result.js';
import { newClientId, sendCheckIn, sendCheckOut } from './send.js';
import type { DoorListAttendee, QueuedScan } from './store.js';
import { checkTicket } from './ticket.js';
import { useDeskState } from './useDeskState.js';
import { useQueueSync } from './useQueueSync.js';

export type DoorMode = 'in' | 'out';
/** What the desk is asked to admit: a code (camera, wedge scanner, typed) or an attendee picked in the search. */
export type DoorInput = { kind: 'code'; text: string } | { kind: 'attendee'; id: string; name: string; image: string };

interface Options {
  eventId: string;
  session: string;
  gate: string;
  /** The event's total ticket stock, as the door session's answer last said (null: not heard yet). */
  totalStock: number | null;
  live: LiveEvent<DoorView>;
  /** The session ended (revoked or expired link): why, and how many queued check-ins could not be sent. */
  onRefused: (message: string, unsynced: number) => void;
}

/**
 * The door's admission: checks a ticket's signature and event on the phone, answers 'already' from the
 * local list without waiting, asks the server otherwise (a fresh client id each), and when the server
 * cannot be reached admits on the phone and queues the check-in for the sync. Inputs are handled one
 * at a time, in order, so a quick second scan sees the first.
 */
export function useDoorDesk({ eventId, session, gate, totalStock, live, onRefused }: Options) {
  const state = useDeskState(eventId);
  const { listRef, queueRef, keysRef, setList, enqueue, refreshKeys, store } = state;
  const [result, setResult] = useState<DoorResult | null>(null);
  const [notices, setNotices] = useState<DoorNotice[]>([]);
  const [mode, setMode] = useState<DoorMode>('in');
  const modeRef = useRef<DoorMode>('in');
  modeRef.current = mode;
  const refusedRef = useRef(false);
  const seqRef = useRef(0);
  const chainRef = useRef<Promise<void>>(state.loaded);

  const show = useCallback((next: NewResult) => setResult({ ...next, seq: ++seqRef.current }), []);
  /** A name search replaces the last scan's card: its result no longer speaks of what is on screen. */
  const clearResult = useCallback(() => setResult(null), []);
  /**
   * A queued scan reached the server: its card, if still shown, says so (counted) or goes (the notices
   * say why it was not counted), so it never goes on saying it waits for the network.
   */
  const onSynced = useCallback((clientId: string, counted: boolean) => {
    setResult((shown) => {
      if (shown?.outcome !== 'queued' || shown.clientId !== clientId) return shown;
      return counted ? { ...shown, outcome: 'synced', clientId: undefined, seq: ++seqRef.current } : null;
    });
  }, []);
  const notify = useCallback((notice: Omit<DoorNotice, 'id'>) => setNotices((all) => [{ ...notice, id: newClientId() }, ...all]), []);

  const refuse = useCallback(
    (message: string) => {
      if (refusedRef.current) return;
      refusedRef.current = true;
      const unsynced = queueRef.current.length;
      void store.clear();
      onRefused(message, unsynced);
    },
    [onRefused, queueRef, store],
  );
  // 'forbidden' is the session's own refusal (revoked, expired or unknown link). Any other refusal of
  // the live view leaves the session alone: the desk goes on with its list and the calls decide.
  useEffect(() => {
    if (live.error?.code === 'forbidden') refuse(live.error.message);
  }, [live.error, refuse]);

  // The live view is the truth whenever it comes (a snapshot, an update, a resync).
  useEffect(() => {
    if (live.view) setList(live.view.attendees);
  }, [live.view, setList]);

  const { applyLocal } = live;
  const current = (): DoorListAttendee[] => withQueue(listRef.current ?? [], queueRef.current, gate);

  /** The list (and the live view) with one attendee's new check-in state from a server answer. */
  const patch = useCallback(
    (id: string, change: Partial<DoorListAttendee>) => {
      const list = listRef.current ?? [];
      const found = list.find((a) => a.id === id);
      if (!found) return;
      setList(withAttendee(list, id, change));
      applyLocal({ attendees: [{ ...found, ...change }] });
    },
    [listRef, setList, applyLocal],
  );
  const applyCheckIn = useCallback(
    (id: string, answer: DoorCheckIn) => {
      if (answer.outcome !== 'unknown' && answer.outcome !== 'transferred' && answer.outcome !== 'cancelled') patch(id, { checked_in: true, checked_in_at: answer.checked_in_at, checked_in_by: answer.checked_in_by });
    },
    [patch],
  );

  const queued = (id: string, kind: QueuedScan['kind'], clientId: string): QueuedScan => ({ client_id: clientId, event_id: eventId, attendee_id: id, scanned_at: new Date().toISOString(), kind });

  async function admit(id: string, who: { name: string; image: string }): Promise<void> {
    const known = current().find((a) => a.id === id);
    if (known?.checked_in) return show({ outcome: 'already', kind: 'in', ...who, at: known.checked_in_at ?? null, by: known.checked_in_by ?? null });
    const item = queued(id, 'in', newClientId());
    const sent = await sendCheckIn(session, { attendee_id: id, client_id: item.client_id });
    if (sent.kind === 'answer') {
      applyCheckIn(id, sent.answer);
      return show(checkInResult(sent.answer, who));
    }
    if (sent.kind === 'refused') return refuse(sent.message);
    if (sent.kind === 'failed') return show({ outcome: 'invalid', kind: 'in', why: sent.message });
    // Sent again later with the same client id: if this request did arrive, the retry gets its answer and counts nothing twice.
    await enqueue(item);
    show({ outcome: 'queued', kind: 'in', ...who, clientId: item.client_id });
  }

  async function exit(id: string, who: { name: string; image: string }): Promise<void> {
    const known = current().find((a) => a.id === id);
    if (known && !known.checked_in) return show({ outcome: 'not_inside', kind: 'out', ...who });
    const item = queued(id, 'out', newClientId());
    const sent = await sendCheckOut(session, { attendee_id: id, client_id: item.client_id });
    if (sent.kind === 'answer') {
      const { outcome, attendee } = sent.answer;
      const person = { name: attendee?.name ?? who.name, image: attendee?.image ?? who.image };
      if (outcome === 'unknown') return show({ outcome: 'invalid', kind: 'out', why: TEXTS.unknown });
      patch(id, { checked_in: false });
      return show({ outcome, kind: 'out', ...person });
    }
    if (sent.kind === 'refused') return refuse(sent.message);
    if (sent.kind === 'failed') return show({ outcome: 'invalid', kind: 'out', why: sent.message });
    await enqueue(item);
    show({ outcome: 'queued', kind: 'out', ...who, clientId: item.client_id });
  }

  async function handle(input: DoorInput): Promise<void> {
    if (refusedRef.current) return;
    let id: string;
    if (input.kind === 'code') {
      let verdict = await checkTicket(input.text, keysRef.current, eventId);
      // A key the phone does not hold yet (rotated since it last fetched them): fetch once and check again.
      if (!verdict.ok && verdict.unknownKey && isOnline()) {
        await refreshKeys();
        verdict = await checkTicket(input.text, keysRef.current, eventId);
      }
      if (!verdict.ok) return show({ outcome: 'invalid', kind: modeRef.current, why: verdict.why });
      id = verdict.attendeeId;
    } else id = input.id;
    const known = current().find((a) => a.id === id);
    // The list carries tickets given to someone else or cancelled, so their QR code is refused here, offline too.
    if (known?.transferred) return show({ outcome: 'invalid', kind: modeRef.current, why: TEXTS.transferred });
    if (known?.cancelled) return show({ outcome: 'invalid', kind: modeRef.current, why: TEXTS.cancelled });
    const who = { name: known?.name ?? (input.kind === 'attendee' ? input.name : TEXTS.unnamed), image: known?.image ?? (input.kind === 'attendee' ? input.image : '') };
    await (modeRef.current === 'in' ? admit(id, who) : exit(id, who));
  }

  const handleRef = useRef(handle);
  handleRef.current = handle;
  /** Admits (or, in exit mode, checks out) one input after those before it. */
  const submit = useCallback((input: DoorInput): Promise<void> => {
    const next = chainRef.current.then(() => handleRef.current(input)).catch((error: unknown) => console.error(error));
    chainRef.current = next;
    return next;
  }, []);

  useQueueSync({ session, state, refused: refusedRef, refuse, applyCheckIn, patch, onNotice: notify, onConflict: show, onSynced });

  const attendees = useMemo(() => withQueue(state.list ?? [], state.queue, gate).filter((a) => !a.transferred && !a.cancelled), [state.list, state.queue, gate]);
  return {
    attendees,
    listLoaded: state.list !== null,
    counts: doorCounts(attendees, totalStock),
    queueSize: state.queue.length,
    online: state.online,
    hasKeys: state.hasKeys,
    result,
    clearResult,
    notices,
    dismiss: (id: string) => setNotices((all) => all.filter((n) => n.id !== id)),
    mode,
    setMode,
    submit,
    refuse,
  };
}
