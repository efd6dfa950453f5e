import { doorCalls, type DoorCheckIn, type DoorCheckOut } from '@tapcard/shared/contract';
import { api } from '../../../lib/api.js';
import { isOnline } from '../../../lib/live/network.js';
import type { QueuedScan } from './store.js';

/** How long a door call may take before the phone admits on its own and queues the check-in. */
export const SEND_TIMEOUT_MS = 4000;

/**
 * A door call's result as the desk acts on it: the server's answer; 'unreachable' (no network, a
 * timeout, a server error: admit locally and send later with the same client id); 'refused' (the
 * session ended: revoked or expired link); or 'failed' (any other refusal, with the server's words).
 */
export type Sent<A> = { kind: 'answer'; answer: A } | { kind: 'unreachable' } | { kind: 'refused'; message: string } | { kind: 'failed'; message: string };

type Item = Pick<QueuedScan, 'attendee_id' | 'client_id'> & { scanned_at?: string };

type Answered<A> = { ok: true; answer: { data: A } } | { ok: false; status: number; kind: string; message: string };

async function send<A>(run: (signal: AbortSignal) => Promise<Answered<A>>): Promise<Sent<A>> {
  if (!isOnline()) return { kind: 'unreachable' };
  let result: Answered<A>;
  try {
    result = await run(AbortSignal.timeout(SEND_TIMEOUT_MS));
  } catch {
    return { kind: 'unreachable' };
  }
  if (result.ok) return { kind: 'answer', answer: result.answer.data };
  if (result.kind !== 'failure' || result.status >= 500 || result.status === 429) return { kind: 'unreachable' };
  if (result.status === 401 || result.status === 403) return { kind: 'refused', message: result.message };
  return { kind: 'failed', message: result.message };
}

export function sendCheckIn(session: string, item: Item): Promise<Sent<DoorCheckIn>> {
  return send<DoorCheckIn>((signal) => api(doorCalls.doorCheckIn, { body: { session, ...item }, background: true, signal }));
}

export function sendCheckOut(session: string, item: Item): Promise<Sent<DoorCheckOut>> {
  return send<DoorCheckOut>((signal) => api(doorCalls.doorCheckOut, { body: { session, ...item }, background: true, signal }));
}

export function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
