import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { DoorCheckIn } from '@tapcard/shared/contract';
import { isOnline } from '../../../lib/live/network.js';
import { TEXTS } from '../texts.js';
import { timeOf, type DoorNotice, type NewResult } from './result.js';
import { sendCheckIn, sendCheckOut } from './send.js';
import type { DoorListAttendee, QueuedScan } from './store.js';
import type { DeskState } from './useDeskState.js';

/** How often the phone tries again while check-ins wait and the network seems back. */
export const SYNC_INTERVAL_MS = 5000;

interface Options {
  session: string;
  state: DeskState;
  refused: RefObject<boolean>;
  refuse: (message: string) => void;
  applyCheckIn: (id: string, answer: DoorCheckIn) => void;
  patch: (id: string, change: Partial<DoorListAttendee>) => void;
  onNotice: (notice: Omit<DoorNotice, 'id'>) => void;
  onConflict: (result: NewResult) => void;
  /** A queued item left the queue: counted by the server, or not (a notice says why). */
  onSynced: (clientId: string, counted: boolean) => void;
}

/**
 * Sends the queued check-ins and check-outs, oldest first, each with its own client id and the time
 * it was scanned: when the browser comes back online, and on an interval while items wait. Each one
 * leaves the queue once the server answered it; an unreachable server stops the round (the next tries
 * again); a refused session stops syncing for good.
 */
export function useQueueSync({ session, state, refused, refuse, applyCheckIn, patch, onNotice, onConflict, onSynced }: Options): void {
  const { queueRef, listRef, dequeue, online } = state;
  const syncing = useRef(false);

  const sendOne = useCallback(
    async (item: QueuedScan): Promise<boolean> => {
      const name = listRef.current?.find((a) => a.id === item.attendee_id)?.name ?? TEXTS.unnamed;
      const body = { attendee_id: item.attendee_id, client_id: item.client_id, scanned_at: item.scanned_at };
      const sent = item.kind === 'in' ? await sendCheckIn(session, body) : await sendCheckOut(session, body);
      if (sent.kind === 'unreachable') return false;
      if (sent.kind === 'refused') {
        refuse(sent.message);
        return false;
      }
      let counted = false;
      if (sent.kind === 'failed') onNotice({ tone: 'error', text: TEXTS.notCounted(name, sent.message) });
      else if ('checked_in_by' in sent.answer) {
        const answer = sent.answer;
        applyCheckIn(item.attendee_id, answer);
        if (answer.outcome === 'conflict') {
          onNotice({ tone: 'conflict', text: TEXTS.conflict(answer.attendee?.name ?? name, answer.checked_in_by, answer.checked_in_at ? timeOf(answer.checked_in_at) : '') });
          onConflict({ outcome: 'conflict', kind: 'in', name: answer.attendee?.name ?? name, image: answer.attendee?.image ?? '', at: answer.checked_in_at, by: answer.checked_in_by });
        } else if (answer.outcome === 'unknown') onNotice({ tone: 'error', text: TEXTS.notCounted(name, TEXTS.unknown) });
        else if (answer.outcome === 'transferred') onNotice({ tone: 'error', text: TEXTS.notCounted(name, TEXTS.transferred) });
        else if (answer.outcome === 'cancelled') onNotice({ tone: 'error', text: TEXTS.notCounted(name, TEXTS.cancelled) });
        else counted = true;
      } else if (sent.answer.outcome === 'unknown') onNotice({ tone: 'error', text: TEXTS.notCounted(name, TEXTS.unknown) });
      else {
        patch(item.attendee_id, { checked_in: false });
        counted = true;
      }
      await dequeue(item.client_id);
      onSynced(item.client_id, counted);
      return true;
    },
    [session, listRef, refuse, onNotice, applyCheckIn, onConflict, patch, dequeue, onSynced],
  );

  const sync = useCallback(async () => {
    if (syncing.current || refused.current || !isOnline()) return;
    syncing.current = true;
    try {
      for (const item of [...queueRef.current]) {
        if (refused.current || !(await sendOne(item))) break;
      }
    } finally {
      syncing.current = false;
    }
  }, [queueRef, refused, sendOne]);

  // Started by the network and the queue only, never by a mere re-render.
  const syncRef = useRef(sync);
  useEffect(() => {
    syncRef.current = sync;
  }, [sync]);
  const waiting = state.queue.length > 0;
  useEffect(() => {
    if (online && waiting) void syncRef.current();
  }, [online, waiting]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void syncRef.current(), SYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting]);
}
