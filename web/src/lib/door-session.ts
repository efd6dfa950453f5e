import { readStored, writeStored } from './storage.js';

/**
 * The door sessions this phone holds, by event id: the token a staff link was traded for, with the
 * gate and event it is for (so a page can say so before asking the server). Not an account: the
 * server checks the token against its link on every call, so a revoked link fails there at once.
 */
export interface StoredDoorSession {
  session: string;
  eventId: string;
  eventTitle: string;
  gate: string;
  expiresAt: string;
  /** Whether the event tracks check-out (the door then offers an exit mode), as last heard. */
  checkOut?: boolean;
  /** The event's total ticket stock (the checked-in count is of it), as last heard. */
  totalStock?: number;
}

/** Whether a value read from storage (or an answer) has every field of a stored door session. */
export function isDoorSession(value: unknown): value is StoredDoorSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['session', 'eventId', 'eventTitle', 'gate', 'expiresAt'].every((key) => typeof v[key] === 'string');
}

function readAll(): Record<string, StoredDoorSession> {
  return (
    readStored('doorSessions', (value) => {
      if (typeof value !== 'object' || value === null) return null;
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, StoredDoorSession] => isDoorSession(entry[1])));
    }) ?? {}
  );
}

/** Every door session on this phone that has not expired by its own clock, newest expiry first. */
export function readDoorSessions(now = Date.now()): StoredDoorSession[] {
  return Object.values(readAll())
    .filter((s) => Date.parse(s.expiresAt) > now)
    .sort((a, b) => b.expiresAt.localeCompare(a.expiresAt));
}

/** The session a door page shows: the one for the event it names (`wanted`), else the phone's newest. */
export function pickDoorSession(sessions: readonly StoredDoorSession[], wanted: string | null): StoredDoorSession | null {
  return sessions.find((s) => s.eventId === wanted) ?? sessions[0] ?? null;
}

/** The door session for one event, if this phone holds one that has not expired. */
export function readDoorSession(eventId: string, now = Date.now()): StoredDoorSession | null {
  return readDoorSessions(now).find((s) => s.eventId === eventId) ?? null;
}

/** Stores a door session, replacing the phone's earlier one for the same event. */
export function saveDoorSession(session: StoredDoorSession): void {
  writeStored('doorSessions', { ...readAll(), [session.eventId]: session });
}

/** Forgets the phone's door session for an event (its link was revoked or has expired). */
export function removeDoorSession(eventId: string): void {
  const all = readAll();
  delete all[eventId];
  writeStored('doorSessions', all);
}
