import { calls, type Body, type Event, type OrganiserMessage } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { expect } from 'vitest';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import type { TestUpstream } from './harness.js';
import { answerOf, send } from './contract.js';

/** Helpers of the events module's tests. */

/** 'YYYY-MM-DD' of the local day `offsetDays` from `now`. */
export function dayText(now: Date, offsetDays = 0): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type EventBody = Body<typeof calls.createEvent>;

/** A valid event payload starting today and ending in two days: a free Regular and a paid VIP ticket. */
export function eventBody(t: TestUpstream, overrides: Partial<EventBody> = {}): EventBody {
  const now = t.clock.now();
  return {
    title: `Launch ${randomId().slice(0, 6)}`,
    description: 'A launch party',
    location: 'Lagos',
    start_date: dayText(now),
    end_date: dayText(now, 2),
    image: '',
    prices: [
      { title: 'Regular', amount: 0, attendees: 100, withChips: 'without' },
      { title: 'VIP', amount: 15000, attendees: 10, withChips: 'with' },
    ],
    gallery: [{ name: 'hall', image: '/backend/files/HallHallHallHallHallHa.png' }],
    ...overrides,
  };
}

export async function createEvent(t: TestUpstream, authorization: string, overrides: Partial<EventBody> = {}): Promise<Event> {
  const res = await send(t, calls.createEvent, { authorization, body: eventBody(t, overrides) });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.createEvent, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

export function priceId(event: Event, title: string): string {
  const price = event.prices.find((p) => p.title === title);
  if (!price) throw new Error(`no ticket ${title}`);
  return price.id;
}

/** The access token in a link to the event token page. */
export function tidOf(link: string): string {
  const tid = matchPage(pagePatterns.eventToken, link)?.tid;
  if (tid === undefined) throw new Error(`not a token link: ${link}`);
  return tid;
}

export interface Registered {
  tid: string;
  id: string;
  name: string;
  email: string;
}

/** Registers for a free ticket through the API; answers the tid and the attendee's public id. */
export async function registerFree(t: TestUpstream, event: Event, name = 'Ada Lovelace', ticket = 'Regular'): Promise<Registered> {
  const email = `att-${randomId().toLowerCase()}@example.com`;
  const res = await send(t, calls.register, {
    body: { event_id: event.id, name, email, phone: '+2348031234567', event_prices_id: priceId(event, ticket) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.register, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  const tid = tidOf(answer.link);
  const row = await t.db.selectFrom('attendees').select('id').where('tid_hash', '=', hashToken(tid)).executeTakeFirstOrThrow();
  return { tid, id: row.id, name, email };
}

/** A confirmed attendee written directly (fast, no seq bump): for tests that need many. */
export async function insertAttendee(t: TestUpstream, event: Event, name: string, ticket = 'Regular', createdAt?: Date): Promise<Registered> {
  const tid = randomToken();
  const id = randomId();
  const email = `att-${id.toLowerCase()}@example.com`;
  await t.db
    .insertInto('attendees')
    .values({ id, event_id: event.id, price_id: priceId(event, ticket), tid_hash: hashToken(tid), name, email, phone: '2348031234567', image: '', status: 'confirmed', seq: 0, ...(createdAt ? { created_at: createdAt } : {}) })
    .execute();
  return { tid, id, name, email };
}

export async function insertChip(t: TestUpstream, eventId: string, attendeeId: string | null = null): Promise<string> {
  const id = randomId();
  await t.db.insertInto('chips').values({ id, event_id: eventId, attendee_id: attendeeId }).execute();
  return id;
}


/** The subject of the mail that carries a held paid ticket's payment link (sent before any payment). */
export const PAYMENT_MAIL_SUBJECT = /^Complete your payment for /;

/** The mails to `email` other than the payment-link mail of a held paid ticket (the access, above all). */
export async function mailsAfterPayment(t: TestUpstream, email: string): Promise<{ to: string; subject: string; text: string }[]> {
  return (await t.outbox(email)).filter((m) => !PAYMENT_MAIL_SUBJECT.test(m.subject));
}

/** The organiser checks the attendee in from the attendee list. */
export async function checkInByOrganiser(t: TestUpstream, authorization: string, event: Event, attendee: Registered): Promise<void> {
  const res = await send(t, calls.checkIn, { authorization, params: { id: attendee.id }, body: { event_id: event.id, checked_in: true } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The event's messages as its organiser's history lists them. */
export async function messageHistory(t: TestUpstream, authorization: string, event: Event): Promise<OrganiserMessage[]> {
  const answer = answerOf(calls.listMessages, await send(t, calls.listMessages, { authorization, params: { id: event.id } }));
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}
