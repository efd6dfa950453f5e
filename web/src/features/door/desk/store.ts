import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TicketPublicKey } from '@tapcard/shared/domain';
import type { DoorView } from '@tapcard/shared/realtime';

/**
 * What a door phone keeps per event so it works without a network: the public keys the tickets are
 * checked with, the last attendee list it saw (so the list survives a reload offline), and the
 * check-ins and check-outs made while the server could not be reached, oldest first, until they sync.
 * IndexedDB where the browser has it; memory otherwise (private modes that refuse it), which still
 * carries the phone through a network outage, only not through a reload.
 */

export type DoorListAttendee = DoorView['attendees'][number];

/** A check-in or check-out waiting to be sent: `client_id` makes a resend count once. */
export interface QueuedScan {
  client_id: string;
  event_id: string;
  attendee_id: string;
  scanned_at: string;
  kind: 'in' | 'out';
}

export interface DoorStore {
  keys(): Promise<TicketPublicKey[]>;
  setKeys(keys: TicketPublicKey[]): Promise<void>;
  attendees(): Promise<DoorListAttendee[] | null>;
  setAttendees(list: DoorListAttendee[]): Promise<void>;
  queue(): Promise<QueuedScan[]>;
  enqueue(item: QueuedScan): Promise<void>;
  dequeue(clientId: string): Promise<void>;
  /** Forgets everything of the event (its session ended: the list is personal data). */
  clear(): Promise<void>;
}

interface DoorDb extends DBSchema {
  keys: { key: string; value: { event_id: string; keys: TicketPublicKey[] } };
  attendees: { key: string; value: { event_id: string; attendees: DoorListAttendee[] } };
  queue: { key: string; value: QueuedScan & { seq: number }; indexes: { event: string } };
}

const DB_NAME = 'tapcard-door';
/** Orders the queue as it was filled (two scans may share a millisecond). */
let queued = 0;
const queueSeq = (): number => Date.now() * 1000 + (queued++ % 1000);
let db: Promise<IDBPDatabase<DoorDb>> | null = null;

function database(): Promise<IDBPDatabase<DoorDb>> {
  db ??= openDB<DoorDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('keys', { keyPath: 'event_id' });
      d.createObjectStore('attendees', { keyPath: 'event_id' });
      d.createObjectStore('queue', { keyPath: 'client_id' }).createIndex('event', 'event_id');
    },
  });
  return db;
}

function idbStore(eventId: string): DoorStore {
  return {
    keys: async () => (await (await database()).get('keys', eventId))?.keys ?? [],
    setKeys: async (keys) => void (await (await database()).put('keys', { event_id: eventId, keys })),
    attendees: async () => (await (await database()).get('attendees', eventId))?.attendees ?? null,
    setAttendees: async (attendees) => void (await (await database()).put('attendees', { event_id: eventId, attendees })),
    queue: async () => {
      const items = await (await database()).getAllFromIndex('queue', 'event', eventId);
      return items.sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...item }) => item);
    },
    enqueue: async (item) => void (await (await database()).put('queue', { ...item, seq: queueSeq() })),
    dequeue: async (clientId) => (await database()).delete('queue', clientId),
    clear: async () => {
      const d = await database();
      const tx = d.transaction(['keys', 'attendees', 'queue'], 'readwrite');
      const queued = await tx.objectStore('queue').index('event').getAllKeys(eventId);
      await Promise.all([tx.objectStore('keys').delete(eventId), tx.objectStore('attendees').delete(eventId), ...queued.map((k) => tx.objectStore('queue').delete(k)), tx.done]);
    },
  };
}

interface MemoryEvent {
  keys: TicketPublicKey[];
  attendees: DoorListAttendee[] | null;
  queue: QueuedScan[];
}
const memory = new Map<string, MemoryEvent>();

function memoryStore(eventId: string): DoorStore {
  const of = (): MemoryEvent => {
    let found = memory.get(eventId);
    if (!found) memory.set(eventId, (found = { keys: [], attendees: null, queue: [] }));
    return found;
  };
  return {
    keys: async () => of().keys,
    setKeys: async (keys) => void (of().keys = keys),
    attendees: async () => of().attendees,
    setAttendees: async (attendees) => void (of().attendees = attendees),
    queue: async () => [...of().queue],
    enqueue: async (item) => void of().queue.push(item),
    dequeue: async (clientId) => void (of().queue = of().queue.filter((q) => q.client_id !== clientId)),
    clear: async () => void memory.delete(eventId),
  };
}

/** The event's store on this phone. */
export function doorStore(eventId: string): DoorStore {
  return typeof indexedDB === 'undefined' ? memoryStore(eventId) : idbStore(eventId);
}
