import { calls, contractClient, type Call, type CallArgs, type ChatMessage, type FailureAnswer, type RequestOptions, type Success } from '@tapcard/shared/contract';
import { mapLimit } from './map-limit.js';

/**
 * Sets up a live event on the reference upstream through its contract: signs in as the demo
 * organiser, creates an ongoing event with a free ticket of enough stock, registers attendees and
 * reads their access tokens (tid). Every answer is parsed with the contract's schema.
 */

export const DEMO_ORGANISER = { email: 'demo@tapcard.local', password: 'Demo1234!' } as const;

export interface Attendee {
  tid: string;
  attendeeId: string;
  name: string;
}

export interface LiveEvent {
  eventId: string;
  priceId: string;
  authorization: string;
}

/** Sends one call of the contract to `baseUrl` (30 s limit by default); an answer outside the contract throws. */
export async function send<C extends Call>(baseUrl: string, call: C, ...args: CallArgs<C, RequestOptions>): Promise<Success<C> | FailureAnswer<C>> {
  const result = await contractClient({ baseUrl, timeoutMs: 30_000 }).send(call, ...args);
  if (result.ok || result.kind === 'failure') return result.answer;
  throw new Error(`${call.method} ${call.path} answered ${result.status}: ${result.text.slice(0, 300)}`);
}

function ok<T extends { success: 'true' | 'false' }>(answer: T, what: string): Extract<T, { success: 'true' }> {
  if (answer.success !== 'true') throw new Error(`${what} failed: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer as Extract<T, { success: 'true' }>;
}

/** 'YYYY-MM-DD' of the local day `offset` days from now (the upstream reads event dates as local days). */
function localDay(offset: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export async function signInOrganiser(upstreamUrl: string): Promise<string> {
  const answer = ok(await send(upstreamUrl, calls.login, { body: DEMO_ORGANISER }), 'login');
  return `${answer.data.token_type} ${answer.data.access_token}`;
}

/** Creates an event running from today for three days, with one free ticket of `stock`. */
export async function createLiveEvent(upstreamUrl: string, stock: number, title = `Realtime bench ${Date.now()}`): Promise<LiveEvent> {
  const authorization = await signInOrganiser(upstreamUrl);
  const payload = {
    title,
    description: 'An event created by the realtime benchmark.',
    location: 'Loopback',
    start_date: localDay(0),
    end_date: localDay(3),
    prices: [{ title: 'Free', amount: 0, attendees: stock, withChips: 'without' as const }],
  };
  const answer = ok(await send(upstreamUrl, calls.createEvent, { body: payload, authorization }), 'create event');
  const price = answer.data.prices[0];
  if (!price) throw new Error('the created event has no ticket');
  return { eventId: answer.data.id, priceId: price.id, authorization };
}

const tidOfLink = (link: string): string => {
  const match = /\/event\/u\/token\/([^/?#]+)$/.exec(link);
  if (!match?.[1]) throw new Error(`unexpected registration link ${link}`);
  return decodeURIComponent(match[1]);
};

/** Registers one attendee and answers the access token (tid) from the answer's link. */
export async function register(upstreamUrl: string, event: LiveEvent, index: number, runId: string): Promise<string> {
  const body = {
    event_id: event.eventId,
    event_prices_id: event.priceId,
    name: `Bench Attendee ${index}`,
    email: `bench-${runId}-${index}@attendee.tapcard.local`,
    phone: `23480${String(10_000_000 + index).slice(-8)}`,
  };
  // Each attendee from an address of its own (the upstream believes X-Forwarded-For from loopback, its
  // gateway's address): the registrations-per-address limit is not what these set-ups measure.
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const answer = ok(await send(upstreamUrl, calls.register, { body, headers: { 'x-forwarded-for': address } }), `register ${index}`);
  return tidOfLink(answer.link);
}

export async function attendeeOf(baseUrl: string, tid: string, prefix = ''): Promise<Attendee> {
  const answer = ok(await send(baseUrl + prefix, calls.eventToken, { params: { id: tid } }), 'event token');
  return { tid, attendeeId: answer.data.attendee.id, name: answer.data.attendee.name };
}

/** Registers `count` attendees (`concurrency` at a time); only the first `withIds` get their attendee id read. */
export async function registerAttendees(
  upstreamUrl: string,
  event: LiveEvent,
  count: number,
  options: { concurrency?: number; withIds?: number; runId?: string; onProgress?: (done: number) => void } = {},
): Promise<{ tids: string[]; writers: Attendee[] }> {
  const runId = options.runId ?? Date.now().toString(36);
  let done = 0;
  const tids = await mapLimit(Array.from({ length: count }, (_, i) => i), options.concurrency ?? 8, async (i) => {
    const tid = await register(upstreamUrl, event, i, runId);
    done += 1;
    if (done % 500 === 0) options.onProgress?.(done);
    return tid;
  });
  const writers = await Promise.all(tids.slice(0, options.withIds ?? 0).map((tid) => attendeeOf(upstreamUrl, tid)));
  return { tids, writers };
}

export interface PostResult {
  ok: boolean;
  status: number;
  message?: ChatMessage;
  sentAt: number;
  answeredAt: number;
  error?: string;
}

/** Posts a group chat message as `writer` through a gateway's proxy (`/api` + the contract path). */
export async function postChat(gatewayUrl: string, eventId: string, writer: Attendee, text: string, now: () => number, timeoutMs = 10_000): Promise<PostResult> {
  const sentAt = now();
  try {
    const result = await contractClient({ baseUrl: `${gatewayUrl}/api`, timeoutMs }).send(calls.chat, {
      params: { id: writer.tid },
      body: { event_id: eventId, attendee_id: writer.attendeeId, message: text, image: '' },
    });
    const answeredAt = now();
    if (!result.ok) return { ok: false, status: result.status, sentAt, answeredAt, error: (result.kind === 'failure' ? JSON.stringify(result.answer) : result.text).slice(0, 200) };
    return { ok: true, status: result.status, message: result.answer.data, sentAt, answeredAt };
  } catch (err) {
    return { ok: false, status: 0, sentAt, answeredAt: now(), error: err instanceof Error ? err.message : String(err) };
  }
}
