import { adminIdOf } from '@tapcard/shared/domain';
import { calls, contractClient, type Call, type CallArgs, type RequestOptions, type Success } from '@tapcard/shared/contract';
import { REALTIME_PATH, endedSchema, simpleAckSchema, subscribeAckSchema, updateSchema } from '@tapcard/shared/realtime';
import type { ClientToServerEvents, Ended, ServerToClientEvents, SimpleAck, Subscribe, SubscribeAck } from '@tapcard/shared/realtime';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ORGANISER, attendeeOf, createLiveEvent, register } from '../support/event-setup.js';
import { waitFor } from '@tapcard/testkit/wait';
import { createServerPair } from '../support/processes.js';
import type { ServerPair, ServerProcess } from '../support/processes.js';

/**
 * An organiser's realtime subscription ends with the organiser's session: the reference upstream
 * (its own PostgreSQL schema under DATABASE_URL, else PGlite) and a gateway as real processes, the
 * organiser signed in twice (sessions A and B), each session's socket subscribed to the organiser
 * view of a live event, an attendee writing privately to the organiser. Each way a session ends through the gateway's /api (logout, ending one session from
 * the list, ending the others, changing the password) tells the ended socket at once and stops its
 * private messages, while a socket whose session lives on keeps receiving them.
 *
 * The gateway's periodic recheck (the backstop for sessions that end elsewhere) is set to an hour, so
 * only the recheck after the write through the proxy can end a subscription within these tests.
 */

const ORIGIN = 'http://sessions.test';
/** How long a change may take to reach a socket on a loaded machine. */
const WITHIN_MS = 15_000;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Watched {
  socket: ClientSocket;
  /** Ids of the private messages this socket was sent (snapshot or update). */
  privateIds: Set<string>;
  ended: Ended[];
}

let upstream: ServerProcess;
let gateway: ServerProcess;
let pair: ServerPair | undefined;
let eventId: string;
let tid: string;
let attendeeId: string;
let adminId: string;
/** The demo organiser's password: the last case changes it. */
let password: string = DEMO_ORGANISER.password;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  pair = await createServerPair('session-end', {
    origin: ORIGIN,
    gateway: { env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', MAX_SOCKETS_PER_ADDRESS: '1000', ORGANISER_RECHECK_MS: '3600000' } },
  });
  ({ upstream, gateway } = pair);
  // The gateway's /healthz does not wait for the upstream: both start at once.
  await Promise.all([upstream.start(300_000), gateway.start(300_000)]);
  const event = await createLiveEvent(upstream.url, 10, `Session end ${Date.now()}`);
  eventId = event.eventId;
  tid = await register(upstream.url, event, 1, `session-end-${Date.now()}`);
  attendeeId = (await attendeeOf(upstream.url, tid)).attendeeId;
  const profile = await send(calls.userProfile, { authorization: event.authorization });
  adminId = adminIdOf(profile.data.id);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await pair?.stop();
});

/** What `send` needs of a contract call: its method and the schema of its answer. */
/** One call of the contract through the gateway's /api; anything but a 2xx success answer throws. */
async function send<C extends Call>(call: C, ...args: CallArgs<C, RequestOptions>): Promise<Success<C>> {
  const result = await contractClient({ baseUrl: `${gateway.url}/api`, timeoutMs: WITHIN_MS }).send(call, ...args);
  if (!result.ok || result.status >= 300) {
    const text = result.ok || result.kind === 'failure' ? JSON.stringify(result.answer) : result.text;
    throw new Error(`${call.method} ${call.path} answered ${result.status}: ${text.slice(0, 300)}`);
  }
  return result.answer;
}

interface Session {
  authorization: string;
  id: string;
}

/** Signs the organiser in through the gateway: a session of its own, with its id from the sessions list. */
async function signIn(): Promise<Session> {
  const login = await send(calls.login, { body: { email: DEMO_ORGANISER.email, password } });
  const authorization = `${login.data.token_type} ${login.data.access_token}`;
  const list = await send(calls.listSessions, { authorization });
  const current = list.data.sessions.find((s) => s.current);
  if (!current) throw new Error('the new session is not in its own list');
  return { authorization, id: current.id };
}

/** A socket subscribed to `subscription`, recording the private messages and the 'ended' notices it is sent. */
async function watch(subscription: Subscribe, token?: string): Promise<Watched> {
  const socket: ClientSocket = io(gateway.url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: WITHIN_MS,
    auth: token ? { token } : {},
    extraHeaders: { origin: ORIGIN },
  });
  sockets.push(socket);
  const watched: Watched = { socket, privateIds: new Set(), ended: [] };
  socket.on('update', (raw: unknown) => {
    for (const m of updateSchema.parse(raw).private_chats ?? []) watched.privateIds.add(m.id);
  });
  socket.on('ended', (raw: unknown) => watched.ended.push(endedSchema.parse(raw)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await subscribeOn(watched, subscription);
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.error.code} ${ack.error.message}`);
  if (ack.snapshot.kind === 'arena' || ack.snapshot.kind === 'organiser') for (const m of ack.snapshot.private_chats) watched.privateIds.add(m.id);
  return watched;
}

async function subscribeOn(watched: Watched, subscription: Subscribe): Promise<SubscribeAck> {
  return subscribeAckSchema.parse(await watched.socket.timeout(WITHIN_MS).emitWithAck('subscribe', subscription));
}

/** A resync's answer: ok while the socket's organiser subscription lives, not_found once it has ended. */
async function resync(watched: Watched): Promise<SimpleAck> {
  return simpleAckSchema.parse(await watched.socket.timeout(WITHIN_MS).emitWithAck('resync', { eventId, version: 0 }));
}

/** The attendee writes privately to the organiser through the gateway (its proxy tells the realtime side at once). */
async function postPrivate(message: string): Promise<string> {
  const body = { event_id: eventId, attendee_id_1: attendeeId, attendee_id_2: adminId, message, image: '' };
  const answer = await send(calls.privateChat, { params: { id: tid }, body });
  return answer.data.id;
}

const organiserView = (): Subscribe => ({ kind: 'organiser', eventId });

/**
 * Two sessions of the organiser, a socket subscribed with each, and the attendee's own socket; a first
 * private message reaches all three, proving the channel works before anything ends.
 */
async function setUp(): Promise<{ a: Session; b: Session; socketA: Watched; socketB: Watched; attendee: Watched }> {
  const a = await signIn();
  const b = await signIn();
  const [socketA, socketB, attendee] = await Promise.all([watch(organiserView(), a.authorization), watch(organiserView(), b.authorization), watch({ kind: 'arena', tid })]);
  const first = await postPrivate('Hello, are you there?');
  await waitFor(() => [socketA, socketB, attendee].every((w) => w.privateIds.has(first)), WITHIN_MS, 20, 'the first private message on every socket');
  expect(socketA.ended).toEqual([]);
  expect(socketB.ended).toEqual([]);
  return { a, b, socketA, socketB, attendee };
}

/** The socket is told its organiser subscription ended, and subscribing again with the same session is refused. */
async function expectEnded(watched: Watched): Promise<void> {
  await waitFor(() => watched.ended.length > 0, WITHIN_MS, 20, "the 'ended' notice");
  expect(watched.ended).toEqual([{ subscription: organiserView(), error: { code: 'forbidden', message: expect.any(String) } }]);
  expect(await subscribeOn(watched, organiserView())).toMatchObject({ ok: false, error: { code: 'forbidden' } });
}

/**
 * A private message sent after the session ended reaches `witnesses` and never the ended sockets: once
 * a witness has it, the gateway has sent it to every socket in the organiser's room, and an ended
 * socket's answer to a resync (which its connection delivers after anything sent before it) shows the
 * subscription gone with nothing on its way.
 */
async function expectNoMorePrivate(ended: Watched[], witnesses: Watched[]): Promise<void> {
  const after = await postPrivate('Is anyone still reading this?');
  await waitFor(() => witnesses.every((w) => w.privateIds.has(after)), WITHIN_MS, 20, 'the later private message at the witnesses');
  for (const watched of ended) {
    const ack = await resync(watched);
    expect(watched.privateIds.has(after), 'a private message reached a socket whose session had ended').toBe(false);
    expect(ack).toMatchObject({ ok: false, error: { code: 'not_found' } });
  }
}

/** The session lives on: its socket was never told otherwise and is still subscribed. */
async function expectStillSubscribed(watched: Watched): Promise<void> {
  expect(await resync(watched)).toEqual({ ok: true });
  expect(watched.ended).toEqual([]);
}

describe("an organiser's realtime subscription ends with the session (reference upstream, gateway)", () => {
  test("logging out session A tells A's socket and stops its private messages; B's socket keeps them", async () => {
    const { a, socketA, socketB, attendee } = await setUp();
    await send(calls.logout, { authorization: a.authorization });
    await expectEnded(socketA);
    await expectNoMorePrivate([socketA], [socketB, attendee]);
    await expectStillSubscribed(socketB);
  });

  test("session B ending session A from the list ends A's socket; B's socket keeps receiving", async () => {
    const { a, b, socketA, socketB, attendee } = await setUp();
    await send(calls.endSession, { params: { sessionId: a.id }, authorization: b.authorization });
    await expectEnded(socketA);
    await expectNoMorePrivate([socketA], [socketB, attendee]);
    await expectStillSubscribed(socketB);
  });

  test("session B ending the other sessions ends A's socket while B's own socket keeps receiving", async () => {
    const { b, socketA, socketB, attendee } = await setUp();
    const answer = await send(calls.endOtherSessions, { authorization: b.authorization });
    // A and the organiser's earlier sessions (the event's creation, the earlier cases' B) all end.
    expect(answer.data.ended).toBeGreaterThanOrEqual(1);
    await expectEnded(socketA);
    await expectNoMorePrivate([socketA], [socketB, attendee]);
    await expectStillSubscribed(socketB);
  });

  test('changing the password (from session A) ends both sessions: both sockets are told and stop receiving', async () => {
    const { a, socketA, socketB, attendee } = await setUp();
    const next = 'Changed4567!';
    await send(calls.changePassword, { authorization: a.authorization, body: { current_password: password, password: next, confirm_password: next } });
    password = next;
    await Promise.all([expectEnded(socketA), expectEnded(socketB)]);
    await expectNoMorePrivate([socketA, socketB], [attendee]);
  });
});
