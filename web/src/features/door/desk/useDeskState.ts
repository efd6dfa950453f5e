import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { doorCalls } from '@tapcard/shared/contract';
import type { TicketPublicKey } from '@tapcard/shared/domain';
import { api } from '../../../lib/api.js';
import { useOnline } from '../../../lib/live/network.js';
import { doorStore, type DoorListAttendee, type QueuedScan } from './store.js';

/**
 * The desk's data, kept in memory for the page and written through to the phone's store: the event's
 * ticket keys (fetched again whenever the phone is online), the attendee list and the queue. The refs
 * are the truth between renders, so scans handled one after another each see the one before.
 */
export function useDeskState(eventId: string) {
  const store = useMemo(() => doorStore(eventId), [eventId]);
  const online = useOnline();
  const [list, setListState] = useState<DoorListAttendee[] | null>(null);
  const [queue, setQueueState] = useState<QueuedScan[]>([]);
  const [hasKeys, setHasKeys] = useState(false);
  const listRef = useRef<DoorListAttendee[] | null>(null);
  const queueRef = useRef<QueuedScan[]>([]);
  const keysRef = useRef<TicketPublicKey[]>([]);

  const setList = useCallback(
    (next: DoorListAttendee[]) => {
      listRef.current = next;
      setListState(next);
      void store.setAttendees(next);
    },
    [store],
  );
  const setQueue = (next: QueuedScan[]) => {
    queueRef.current = next;
    setQueueState(next);
  };
  const setKeys = (keys: TicketPublicKey[]) => {
    keysRef.current = keys;
    setHasKeys(keys.length > 0);
  };

  // What the phone kept from before (a reload offline); anything newer already in memory wins.
  // `loaded` settles once it is in, so the first scan after a reload sees it.
  const [loaded] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  useEffect(() => {
    let current = true;
    void Promise.all([store.attendees(), store.queue(), store.keys()])
      .then(([attendees, queued, keys]) => {
        if (!current) return;
        if (listRef.current === null && attendees) setList(attendees);
        const known = new Set(queueRef.current.map((q) => q.client_id));
        setQueue([...queued.filter((q) => !known.has(q.client_id)), ...queueRef.current]);
        if (keysRef.current.length === 0) setKeys(keys);
      })
      .finally(loaded.resolve);
    return () => {
      current = false;
    };
  }, [store, setList, loaded]);

  const refreshKeys = useCallback(async () => {
    const result = await api(doorCalls.ticketKeys, { params: { id: eventId }, background: true }).catch(() => null);
    if (!result?.ok) return;
    setKeys(result.answer.data.keys);
    await store.setKeys(result.answer.data.keys);
  }, [eventId, store]);
  useEffect(() => {
    if (online) void refreshKeys();
  }, [online, refreshKeys]);

  const enqueue = async (item: QueuedScan) => {
    setQueue([...queueRef.current, item]);
    await store.enqueue(item);
  };
  const dequeue = async (clientId: string) => {
    setQueue(queueRef.current.filter((q) => q.client_id !== clientId));
    await store.dequeue(clientId);
  };

  return { store, online, list, queue, hasKeys, listRef, queueRef, keysRef, loaded: loaded.promise, setList, refreshKeys, enqueue, dequeue };
}

export type DeskState = ReturnType<typeof useDeskState>;
