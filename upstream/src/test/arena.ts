import { calls, serviceCalls, SERVICE_KEY_HEADER, type Call, type Event, type LiveState, type Success } from '@tapcard/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { answerOf, send } from './contract.js';
import { createUser, SERVICE_KEY, type TestUpstream } from './harness.js';
import { createEvent, insertAttendee, type Registered } from './events.js';

/** Helpers of the arena's safety and moderation tests. */

export interface Arena {
  owner: Awaited<ReturnType<typeof createUser>>;
  event: Event;
  ada: Registered;
  bob: Registered;
  cyd: Registered;
}

/** An organiser's running event (today to two days on) with three confirmed attendees. */
export async function arena(t: TestUpstream): Promise<Arena> {
  const owner = await createUser(t, { name: 'Olu Organiser' });
  const event = await createEvent(t, owner.authorization);
  // Registered a second apart, so every list in registration order shows Ada, Bob, Cyd (inserts made
  // together, or within one tick of the embedded database's clock, would tie and fall to the random ids).
  const at = (seconds: number) => new Date(t.clock.now().getTime() - 60_000 + seconds * 1000);
  const ada = await insertAttendee(t, event, 'Ada Lovelace', 'Regular', at(0));
  const bob = await insertAttendee(t, event, 'Bob Marley', 'Regular', at(1));
  const cyd = await insertAttendee(t, event, 'Cyd Charisse', 'Regular', at(2));
  return { owner, event, ada, bob, cyd };
}

export function groupPost(t: TestUpstream, event: Event, who: Registered, message: string): Promise<LightMyRequestResponse> {
  return send(t, calls.chat, { params: { id: who.tid }, body: { event_id: event.id, attendee_id: who.id, message } });
}

export function privatePost(t: TestUpstream, event: Event, from: Registered, to: string, message: string): Promise<LightMyRequestResponse> {
  return send(t, calls.privateChat, { params: { id: from.tid }, body: { event_id: event.id, attendee_id_1: from.id, attendee_id_2: to, message } });
}

/** The failure body of a refused call, as the contract's failure shape. */
export interface Refusal {
  success: 'false';
  message: string;
  code?: string;
  retry_at?: string;
  errors?: { field: string; message: string }[];
}

export function refusalOf(res: LightMyRequestResponse): Refusal {
  const body = res.json() as Refusal;
  expect(body.success, res.body).toBe('false');
  return body;
}

type DataOf<C extends Call> = Success<C> extends { data: infer D } ? D : never;

/** The data of a successful answer of `call`; fails the test with the body otherwise. */
export function dataOf<C extends Call>(call: C, res: LightMyRequestResponse): DataOf<C> {
  expect(res.statusCode, res.body).toBe(200);
  const answer: unknown = answerOf(call, res);
  const { success, data } = answer as { success: string; data: DataOf<C> };
  if (success !== 'true') throw new Error(res.body);
  return data;
}

/** The gateway's read of the event's live state (full without `since`). */
export async function liveOf(t: TestUpstream, eventId: string, since?: number): Promise<LiveState> {
  const res = await send(t, serviceCalls.liveState, { headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY }, params: { id: eventId }, ...(since === undefined ? {} : { query: { since } }) });
  return dataOf(serviceCalls.liveState, res);
}

/** HH:MM of `time` in this process's time zone (the upstream's clock in tests). */
export function hhmm(time: Date): string {
  return `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`;
}
