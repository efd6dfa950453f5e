import { REALTIME_PATH, simpleAckSchema, subscribeAckSchema, updateSchema } from '@tapcard/shared/realtime';
import type { Update } from '@tapcard/shared/realtime';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, test } from 'vitest';
import { connect, rawEmit, subscribe, subscribeOk, trackedSubscriber } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { fakeStack } from '../test/fake-stack.js';
import { TEST_ORIGIN, startGateway } from '../test/gateway.js';
import { sleep, waitFor } from '@tapcard/testkit/wait';

/** One gateway without Redis (the embedded default) against the fake upstream (`fakeStack`). */

/** How long something that must happen may take on a loaded machine (a quiet one takes milliseconds). */
const MUST_HAPPEN_MS = 15_000;

const stack = fakeStack();
const { sockets } = stack;
afterEach(() => {
  stack.upstream.mode = 'ok';
  stack.upstream.pollMode = 'ok';
  stack.upstream.legacyLiveState = false;
});

async function client(token?: string): Promise<ClientSocket> {
  const socket = await connect(stack.gateway.url, token === undefined ? {} : { token });
  sockets.push(socket);
  return socket;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: { data: { id: string } } }> {
  const res = await fetch(`${stack.gateway.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: { id: string } } };
}

/** Every update a socket receives, validated against the shared schema. */
function record(socket: ClientSocket): Update[] {
  const seen: Update[] = [];
  socket.on('update', (raw: unknown) => seen.push(updateSchema.parse(raw)));
  return seen;
}

describe('subscriptions', () => {
  test('each kind is verified with the upstream and answered with its own view', async () => {
    const { eventId, bearer } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const chipId = stack.upstream.addChip(eventId, ada.id);

    const arena = await subscribeOk(await client(), { kind: 'arena', tid: ada.tid });
    expect(arena).toMatchObject({ kind: 'arena', eventId, attendee: { id: ada.id, name: 'Ada' } });

    const chip = await subscribeOk(await client(), { kind: 'chip', chipId });
    expect(chip).toMatchObject({ kind: 'chip', eventId, chipId, attendee: { id: ada.id } });

    const organiser = await subscribeOk(await client(bearer), { kind: 'organiser', eventId });
    expect(organiser).toMatchObject({ kind: 'organiser', eventId });
    if (organiser.kind === 'organiser') expect(organiser.attendees.map((a) => a.id)).toEqual([ada.id]);
  });

  test('a reconnect storm of one attendee costs the upstream one token read, not one per socket', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const tokenReads = () => stack.upstream.received.filter((r) => r.url.includes(ada.tid)).length;
    const before = tokenReads();
    // Ten sockets at once (the same phone's tabs, or reconnects after a Wi-Fi drop), then one more later.
    const first = await Promise.all(Array.from({ length: 10 }, async () => subscribeOk(await client(), { kind: 'arena', tid: ada.tid })));
    const later = await subscribeOk(await client(), { kind: 'arena', tid: ada.tid });
    for (const snapshot of [...first, later]) expect(snapshot.eventId).toBe(eventId);
    expect(tokenReads() - before).toBe(1);
    // A token the upstream refuses is never remembered: each try asks again.
    const wrong = { kind: 'arena' as const, tid: 'not-a-real-access-token-000000000000' };
    const reads = () => stack.upstream.received.filter((r) => r.url.includes(wrong.tid)).length;
    expect((await subscribe(await client(), wrong)).ok).toBe(false);
    expect((await subscribe(await client(), wrong)).ok).toBe(false);
    expect(reads()).toBe(2);
  });

  test('claims the upstream refuses are refused, and no room is joined', async () => {
    const { eventId } = stack.upstream.addEvent();
    const other = stack.upstream.addEvent();
    const socket = await client('Bearer wrong-token');
    const answers = await Promise.all([
      subscribe(socket, { kind: 'arena', tid: 'f'.repeat(32) }),
      subscribe(socket, { kind: 'chip', chipId: 'no-such-chip' }),
      subscribe(socket, { kind: 'organiser', eventId }),
      subscribe(await client(), { kind: 'organiser', eventId }),
      subscribe(await client(other.bearer), { kind: 'organiser', eventId }),
    ]);
    expect(answers.map((a) => (a.ok ? 'ok' : a.error.code))).toEqual(['not_found', 'not_found', 'forbidden', 'forbidden', 'forbidden']);
    const seen = record(socket);
    stack.upstream.postChat(eventId, 'someone', 'not for you');
    await sleep(600);
    expect(seen).toEqual([]);
  });

  test('the access token of a transferred ticket (the upstream answers 410) is not found, not a passing outage', async () => {
    const tid = 'e'.repeat(48);
    stack.upstream.transferredTids.add(tid);
    const answer = await subscribe(await client(), { kind: 'arena', tid });
    expect(answer.ok ? 'ok' : answer.error.code).toBe('not_found');
  });

  test('a handshake auth that is not { token?: string } is refused at connect', async () => {
    const socket = io(stack.gateway.url, { path: REALTIME_PATH, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: 42 }, extraHeaders: { origin: TEST_ORIGIN } });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.message).toBe('invalid handshake auth');
  });

  test('unsubscribe leaves the rooms, and the poller stops with the last subscriber', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const socket = await client();
    await subscribeOk(socket, { kind: 'arena', tid: ada.tid });
    const seen = record(socket);
    const ack = simpleAckSchema.parse(await socket.emitWithAck('unsubscribe', { kind: 'arena', tid: ada.tid }));
    expect(ack).toEqual({ ok: true });
    // The poller has stopped (a poll already on its way may still land), then a poll interval and more passes without one.
    await waitFor(async () => /^gateway_live_events_polled 0$/m.test(await (await fetch(`${stack.gateway.url}/metrics`)).text()), MUST_HAPPEN_MS, 50);
    await sleep(300);
    const polls = stack.upstream.pollCount(eventId);
    stack.upstream.postChat(eventId, ada.id, 'after leaving');
    await sleep(1500);
    expect(seen).toEqual([]);
    expect(stack.upstream.pollCount(eventId)).toBe(polls);
    expect(simpleAckSchema.parse(await socket.emitWithAck('unsubscribe', { kind: 'arena', tid: ada.tid }))).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  test('an unsubscribe at once followed by a subscribe of the same thing (a page change) leaves the socket subscribed', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const socket = await client();
    await subscribeOk(socket, { kind: 'arena', tid: ada.tid });
    const seen = record(socket);
    // Back to back, as the web sends them when one page hands the subscription to the next.
    const left = socket.emitWithAck('unsubscribe', { kind: 'arena', tid: ada.tid });
    const again = subscribe(socket, { kind: 'arena', tid: ada.tid });
    expect(simpleAckSchema.parse(await left)).toEqual({ ok: true });
    expect((await again).ok).toBe(true);
    const message = stack.upstream.postChat(eventId, ada.id, 'still here?');
    await waitFor(() => seen.some((u) => u.chats?.some((c) => c.id === message.id)), MUST_HAPPEN_MS);
  });

  test('a subscribe sent while the same one is still being set up is answered, not refused', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const socket = await client();
    // The first subscribe, its unsubscribe and a new subscribe before the first one's answer.
    const first = subscribe(socket, { kind: 'arena', tid: ada.tid });
    const left = socket.emitWithAck('unsubscribe', { kind: 'arena', tid: ada.tid });
    const again = subscribe(socket, { kind: 'arena', tid: ada.tid });
    expect((await first).ok).toBe(true);
    expect(simpleAckSchema.parse(await left)).toEqual({ ok: true });
    expect((await again).ok).toBe(true);
    const seen = record(socket);
    const message = stack.upstream.postChat(eventId, ada.id, 'hello again');
    await waitFor(() => seen.some((u) => u.chats?.some((c) => c.id === message.id)), MUST_HAPPEN_MS);
  });
});

describe('fan-out', () => {
  test('a chat posted through the proxy reaches the arena at once, not at the next poll', async () => {
    // Polls a minute apart (the most the configuration allows): only the write itself can bring the message
    // within the wait, however busy the machine. How fast it arrives is measured by the realtime bench.
    const patient = await startGateway({ UPSTREAM_URL: stack.upstream.url, POLL_INTERVAL_MS: '60000' });
    try {
      const { eventId } = stack.upstream.addEvent();
      const ada = stack.upstream.addAttendee(eventId, 'Ada');
      const watcher = await trackedSubscriber(patient.url, { kind: 'arena', tid: stack.upstream.addAttendee(eventId, 'Bo').tid });
      sockets.push(watcher.socket);
      const res = await fetch(`${patient.url}/api/event/public/api/create-chat/${ada.tid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: eventId, attendee_id: ada.id, message: 'hi all' }),
      });
      expect(res.status).toBe(200);
      await watcher.waitForChat(((await res.json()) as { data: { id: string } }).data.id, MUST_HAPPEN_MS);
    } finally {
      await patient.close();
    }
  });

  test('a socket with tid X never sees private messages between Y and Z, another event, or the attendance room', async () => {
    const { eventId, bearer } = stack.upstream.addEvent();
    const elsewhere = stack.upstream.addEvent();
    const x = stack.upstream.addAttendee(eventId, 'X');
    const y = stack.upstream.addAttendee(eventId, 'Y');
    const z = stack.upstream.addAttendee(eventId, 'Z');
    const stranger = stack.upstream.addAttendee(elsewhere.eventId, 'S');
    const xSocket = await client();
    await subscribeOk(xSocket, { kind: 'arena', tid: x.tid });
    const organiser = await client(bearer);
    await subscribeOk(organiser, { kind: 'organiser', eventId });
    const otherSocket = await client();
    await subscribeOk(otherSocket, { kind: 'arena', tid: stranger.tid });
    const xSeen = record(xSocket);
    const organiserSeen = record(organiser);

    const secret = await post(`/event/public/api/create-private-chat/${y.tid}`, { event_id: eventId, attendee_id_1: y.id, attendee_id_2: z.id, message: 'secret' });
    const toX = await post(`/event/public/api/create-private-chat/${y.tid}`, { event_id: eventId, attendee_id_1: y.id, attendee_id_2: x.id, message: 'hello X' });
    await post(`/event/public/api/create-chat/${stranger.tid}`, { event_id: elsewhere.eventId, attendee_id: stranger.id, message: 'other event' });
    await post(`/event/api/check-in/${y.id}`, { event_id: eventId, checked_in: true }, { authorization: bearer });
    await post(`/event/api/check-in/${x.id}`, { event_id: eventId, checked_in: true }, { authorization: bearer });
    const finalVersion = stack.upstream.events.get(eventId)?.version ?? 0;
    await waitFor(() => xSeen.some((u) => u.scope === 'event' && u.version === finalVersion), MUST_HAPPEN_MS);
    await waitFor(() => organiserSeen.some((u) => u.scope === 'event' && u.version === finalVersion), MUST_HAPPEN_MS);

    expect(xSeen.every((u) => u.eventId === eventId)).toBe(true);
    const xPrivate = xSeen.flatMap((u) => u.private_chats ?? []).map((m) => m.id);
    expect(xPrivate).toContain(toX.body.data.id);
    expect(xPrivate).not.toContain(secret.body.data.id);
    const xAttendance = xSeen.filter((u) => u.scope === 'attendance');
    expect(xAttendance.flatMap((u) => u.attendees ?? []).map((a) => a.id)).toEqual([x.id]);
    expect(organiserSeen.filter((u) => u.scope === 'attendance').flatMap((u) => u.attendees ?? []).map((a) => a.id).sort()).toEqual([y.id, x.id].sort());

    const resynced = new Promise<unknown>((resolve) => xSocket.once('snapshot', resolve));
    await xSocket.emitWithAck('resync', { eventId, version: 0 });
    const snapshot = (await resynced) as { private_chats: { id: string }[] };
    expect(snapshot.private_chats.map((m) => m.id)).toEqual([toX.body.data.id]);
  });

  test('binding a chip through the proxy updates the chip room', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const chipId = stack.upstream.addChip(eventId);
    const socket = await client();
    const before = await subscribeOk(socket, { kind: 'chip', chipId });
    expect(before).toMatchObject({ kind: 'chip', attendee: null });
    const seen = record(socket);
    expect((await post(`/event/public/api/chip/${chipId}`, { token: ada.tid })).status).toBe(200);
    await waitFor(() => seen.find((u) => u.scope === 'chip'), MUST_HAPPEN_MS);
    expect(seen.find((u) => u.scope === 'chip')?.chip).toEqual({ chipId, attendee: expect.objectContaining({ id: ada.id }) });
  });

  test('a hosted upstream that knows nothing of the safety state: an open chat, nothing pinned or blocked, and chats and check-ins flow as before', async () => {
    stack.upstream.legacyLiveState = true;
    const { eventId, bearer } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const arenaSocket = await client();
    const arena = await subscribeOk(arenaSocket, { kind: 'arena', tid: ada.tid });
    expect(arena).toMatchObject({ chat: { closed: false, slow_mode_seconds: 0 }, announcements: [], blocked: [], attendee: { id: ada.id, mute: null, hidden: false, dm_policy: 'anyone' } });
    const organiserSocket = await client(bearer);
    const organiser = await subscribeOk(organiserSocket, { kind: 'organiser', eventId });
    expect(organiser).toMatchObject({ chat: { closed: false, slow_mode_seconds: 0 }, announcements: [], reports: [] });
    const arenaSeen = record(arenaSocket);
    const organiserSeen = record(organiserSocket);

    const answer = await post(`/event/public/api/create-chat/${ada.tid}`, { event_id: eventId, attendee_id: ada.id, message: 'still here' });
    expect(answer.status).toBe(200);
    await post(`/event/api/check-in/${ada.id}`, { event_id: eventId, checked_in: true }, { authorization: bearer });
    const version = stack.upstream.events.get(eventId)?.version ?? 0;
    await waitFor(() => [arenaSeen, organiserSeen].every((seen) => seen.some((u) => u.scope === 'event' && u.version === version)), MUST_HAPPEN_MS);
    expect(arenaSeen.flatMap((u) => u.chats ?? []).map((m) => m.id)).toEqual([answer.body.data.id]);
    expect(organiserSeen.flatMap((u) => u.attendees ?? [])).toEqual([expect.objectContaining({ id: ada.id, checked_in: true, mute: null, hidden: false })]);
    for (const u of [...arenaSeen, ...organiserSeen]) for (const key of ['chat', 'announcements', 'blocked', 'reports']) expect(u).not.toHaveProperty(key);
  });

  test('a resync answers a fresh snapshot for each subscription of the event', async () => {
    const { eventId, bearer } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const socket = await client(bearer);
    await subscribeOk(socket, { kind: 'arena', tid: ada.tid });
    await subscribeOk(socket, { kind: 'organiser', eventId });
    const snapshots: unknown[] = [];
    socket.on('snapshot', (s: unknown) => snapshots.push(s));
    expect(simpleAckSchema.parse(await socket.emitWithAck('resync', { eventId, version: 1 }))).toEqual({ ok: true });
    await waitFor(() => snapshots.length === 2, MUST_HAPPEN_MS);
    expect(snapshots.map((s) => (s as { kind: string }).kind).sort()).toEqual(['arena', 'organiser']);
    expect(simpleAckSchema.parse(await socket.emitWithAck('resync', { eventId: 'not-mine', version: 1 }))).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('hostile clients', () => {
  const huge = 'x'.repeat(10_000);
  const malformed: unknown[] = [
    undefined,
    null,
    42,
    'arena',
    huge,
    [],
    [{ kind: 'arena', tid: 'x'.repeat(32) }],
    {},
    { kind: 'room', room: 'ev:anything' },
    { kind: 'arena' },
    { kind: 'arena', tid: 1234567890123456 },
    { kind: 'arena', tid: 'short' },
    { kind: 'arena', tid: huge },
    { kind: 'chip', chipId: '' },
    { kind: 'chip', chipId: huge },
    { kind: 'organiser', eventId: ['a'] },
    { eventId: 'e', version: -1 },
    { eventId: huge, version: 1 },
    { eventId: 'e', version: '1' },
    { __proto__: { kind: 'arena' } },
  ];

  test.each(['subscribe', 'unsubscribe', 'resync'] as const)('malformed %s payloads get error acks and never crash the process', async (event) => {
    const batches = [malformed.slice(0, 10), malformed.slice(10)];
    for (const batch of batches) {
      const socket = await client();
      for (const payload of batch) {
        const answer: unknown = await socket.timeout(2000).emitWithAck(event, payload);
        const parsed = event === 'subscribe' ? subscribeAckSchema.parse(answer) : simpleAckSchema.parse(answer);
        expect(parsed).toMatchObject({ ok: false, error: { code: event === 'subscribe' ? 'invalid' : expect.stringMatching(/^(invalid|not_found)$/) } });
      }
      // Without an ack, with a non-function "ack", with extra arguments, or an unknown event.
      rawEmit(socket, event, { kind: 'arena' });
      rawEmit(socket, event, undefined);
      rawEmit(socket, event, { kind: 'chip', chipId: 'x' }, 'not a function', 3);
      rawEmit(socket, event);
      rawEmit(socket, 'no-such-event', { a: 1 });
      await sleep(50);
      expect(socket.connected).toBe(true);
    }
    expect((await fetch(`${stack.gateway.url}/healthz`)).status).toBe(200);
  });

  test('a message above the size limit closes that socket only', async () => {
    const socket = await client();
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    rawEmit(socket, 'subscribe', { kind: 'arena', tid: 'x'.repeat(40_000) });
    await closed;
    const next = await client();
    expect(await subscribe(next, { kind: 'chip', chipId: 'missing' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  test('a socket that floods gets rate_limited acks, then is disconnected', async () => {
    const socket = await client();
    let disconnected = false;
    const closed = new Promise((resolve) => socket.once('disconnect', resolve)).then(() => (disconnected = true));
    const codes: (string | undefined)[] = [];
    // Bursts of 40 until the server hangs up: a busy machine may spread one burst over long enough for the
    // bucket to refill a token, and a request let through forgives the strikes before it.
    for (let burst = 0; burst < 10 && !disconnected; burst += 1) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          socket
            .timeout(MUST_HAPPEN_MS)
            .emitWithAck('resync', { eventId: 'e', version: 1 })
            .then((a: unknown) => simpleAckSchema.parse(a))
            .catch(() => undefined),
        ),
      );
      codes.push(...answers.map((a) => (a && !a.ok ? a.error.code : undefined)));
    }
    await closed;
    expect(codes.filter((c) => c === 'rate_limited').length).toBeGreaterThanOrEqual(19);
  });

  test.each([
    ['websocket', ['websocket']],
    ['polling', ['polling']],
  ] as const)('a forbidden Origin is refused on the %s transport', async (_name, transports) => {
    await expect(connect(stack.gateway.url, { origin: 'http://evil.test', transports: [...transports] })).rejects.toThrow();
    const allowed = await connect(stack.gateway.url, { transports: [...transports] });
    sockets.push(allowed);
    expect(allowed.connected).toBe(true);
  });

  test('a client without an Origin header (not a browser) may connect', async () => {
    const socket = await connect(stack.gateway.url, { origin: null });
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });
});

describe('upstream failures', () => {
  test('an upstream answering 500 marks the view stale, then it recovers alone with the catch-up', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const watcher = await trackedSubscriber(stack.gateway.url, { kind: 'arena', tid: ada.tid });
    sockets.push(watcher.socket);
    stack.upstream.mode = 'error';
    await waitFor(() => watcher.stale, MUST_HAPPEN_MS);
    const missed = stack.upstream.postChat(eventId, ada.id, 'written while the gateway could not read');
    // The last snapshot is still served while stale.
    expect(simpleAckSchema.parse(await watcher.socket.emitWithAck('resync', { eventId, version: watcher.version }))).toEqual({ ok: true });
    stack.upstream.mode = 'ok';
    await waitFor(() => !watcher.stale, MUST_HAPPEN_MS);
    await watcher.waitForChat(missed.id, MUST_HAPPEN_MS);
    expect(watcher.statuses.map((s) => s.stale)).toContain(true);
  });

  test('an upstream that stops answering marks the view stale within the poll timeout, then recovers', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const watcher = await trackedSubscriber(stack.gateway.url, { kind: 'arena', tid: ada.tid });
    sockets.push(watcher.socket);
    stack.upstream.pollMode = 'hang';
    // Without a poll timeout a hung upstream would never make the view stale: the wait's length proves nothing more.
    await waitFor(() => watcher.stale, MUST_HAPPEN_MS, 50);
    stack.upstream.pollMode = 'ok';
    const message = stack.upstream.postChat(eventId, ada.id, 'after the slow spell');
    await watcher.waitForChat(message.id, MUST_HAPPEN_MS);
    await waitFor(() => !watcher.stale, MUST_HAPPEN_MS);
  });

  test('a new subscriber of a stale event gets the last snapshot and is told it is stale', async () => {
    const { eventId } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const bo = stack.upstream.addAttendee(eventId, 'Bo');
    const first = await trackedSubscriber(stack.gateway.url, { kind: 'arena', tid: ada.tid });
    sockets.push(first.socket);
    stack.upstream.pollMode = 'error';
    await waitFor(() => first.stale, MUST_HAPPEN_MS);
    const second = await client();
    const status = new Promise((resolve) => second.once('status', resolve));
    expect(await subscribeOk(second, { kind: 'arena', tid: bo.tid })).toMatchObject({ eventId, attendee: { id: bo.id } });
    expect(await status).toEqual({ eventId, stale: true });
  });
});
