import { arenaSafetyCalls, buildPath, calls, moderationCalls } from '@tapcard/shared/contract';
import { snapshotSchema, updateSchema } from '@tapcard/shared/realtime';
import type { Snapshot, Subscribe, Update } from '@tapcard/shared/realtime';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect, subscribeOk } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { startGatewayCluster } from '../test/cluster.js';
import type { GatewayCluster } from '../test/cluster.js';
import type { FakeAttendee } from '../test/fake-upstream.js';
import type { TestGateway } from '../test/gateway.js';
import { sharedRedis, uniquePrefix } from '@tapcard/testkit/redis';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * Moderation and safety across two gateway instances on one Redis: each change reaches exactly the
 * sockets entitled to it on both instances, and no other. Polls are 5 s apart: on a quiet machine the
 * write's poke (crossing through Redis when the write went through the follower) brings it well before;
 * on a busy one a poke lost while the lease changed hands is caught by the next poll, so the waits below
 * are generous. That a write's poke alone delivers is shown in write-through.test.ts, and how fast in
 * the realtime bench.
 *
 * "Never" is checked once every socket of the event has the 'event' update of the write's version:
 * scoped updates of a version are emitted before its 'event' update, through one ordered channel, so
 * nothing of that version can still be on its way to them.
 */

const redis = await sharedRedis();
const prefix = uniquePrefix();
/** How long something that must happen may take on a loaded machine. */
const MUST_HAPPEN_MS = 15_000;

type Role = 'arena' | 'organiser' | 'chip' | 'door';

interface Watched {
  name: string;
  role: Role;
  /** The arena's attendee. */
  attendeeId?: string;
  socket: ClientSocket;
  snapshot: Snapshot;
  updates: Update[];
}

interface WriteCall {
  method: string;
  path: string;
}

describe.skipIf(!redis)('moderation on two gateways sharing Redis', () => {
  const redisUrl = redis?.url ?? '';
  let cluster: GatewayCluster;
  const sockets: ClientSocket[] = [];

  let eventId = '';
  let bearer = '';
  let ada: FakeAttendee;
  let bo: FakeAttendee;
  let cy: FakeAttendee;
  let dee: FakeAttendee;
  /** Every socket of the event, and of another event (which must hear nothing of this one). */
  let watched: Watched[] = [];
  let others: Watched[] = [];

  beforeAll(async () => {
    cluster = await startGatewayCluster('moderation', { url: redisUrl, prefix }, { POLL_INTERVAL_MS: '5000' });

    ({ eventId, bearer } = cluster.upstream.addEvent());
    ada = cluster.upstream.addAttendee(eventId, 'Ada Obi');
    bo = cluster.upstream.addAttendee(eventId, 'Bo Eze');
    cy = cluster.upstream.addAttendee(eventId, 'Cy Ola');
    const chip = cluster.upstream.addChip(eventId, cy.id);
    const north = cluster.upstream.addStaffLink(eventId, 'North gate');
    const south = cluster.upstream.addStaffLink(eventId, 'South gate');
    const other = cluster.upstream.addEvent('Another night');
    dee = cluster.upstream.addAttendee(other.eventId, 'Dee Uko');

    // The first subscriber makes A the event's leader; Ada and Bo have a phone on each gateway.
    watched = [
      await watch(cluster.a, 'Ada on A', { kind: 'arena', tid: ada.tid }, undefined, ada.id),
      await watch(cluster.b, 'Ada on B', { kind: 'arena', tid: ada.tid }, undefined, ada.id),
      await watch(cluster.a, 'Bo on A', { kind: 'arena', tid: bo.tid }, undefined, bo.id),
      await watch(cluster.b, 'Bo on B', { kind: 'arena', tid: bo.tid }, undefined, bo.id),
      await watch(cluster.b, 'Cy on B', { kind: 'arena', tid: cy.tid }, undefined, cy.id),
      await watch(cluster.a, 'organiser on A', { kind: 'organiser', eventId }, bearer),
      await watch(cluster.b, 'organiser on B', { kind: 'organiser', eventId }, bearer),
      await watch(cluster.a, 'chip on A', { kind: 'chip', chipId: chip }),
      await watch(cluster.b, 'chip on B', { kind: 'chip', chipId: chip }),
      await watch(cluster.a, 'door on A', { kind: 'door', session: north.session }),
      await watch(cluster.b, 'door on B', { kind: 'door', session: south.session }),
    ];
    others = [
      await watch(cluster.a, 'Dee on A', { kind: 'arena', tid: dee.tid }, undefined, dee.id),
      await watch(cluster.b, 'other organiser on B', { kind: 'organiser', eventId: other.eventId }, other.bearer),
    ];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster.close();
    await redis?.stop();
  });

  async function watch(gateway: TestGateway, name: string, subscription: Subscribe, token?: string, attendeeId?: string): Promise<Watched> {
    const socket = await connect(gateway.url, token ? { token } : {});
    sockets.push(socket);
    const updates: Update[] = [];
    socket.on('update', (raw: unknown) => updates.push(updateSchema.parse(raw)));
    const snapshot = snapshotSchema.parse(await subscribeOk(socket, subscription));
    const role = subscription.kind;
    return attendeeId === undefined ? { name, role, socket, snapshot, updates } : { name, role, attendeeId, socket, snapshot, updates };
  }

  /** A write through `gateway`'s proxy, as the web sends it; answers the event's version after it. */
  async function write(gateway: TestGateway, call: WriteCall, params: Record<string, string>, body?: unknown, authorization?: string): Promise<number> {
    const res = await fetch(`${gateway.url}/api${buildPath(call.path, params)}`, {
      method: call.method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(authorization ? { authorization } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, `${call.method} ${call.path}: ${await res.clone().text()}`).toBe(200);
    return cluster.upstream.events.get(eventId)?.version ?? 0;
  }

  const byName = (name: string): Watched => {
    const w = watched.find((x) => x.name === name);
    if (!w) throw new Error(name);
    return w;
  };
  const ofRole = (...roles: Role[]) => watched.filter((w) => roles.includes(w.role));
  const attendeeSockets = (attendee: FakeAttendee) => watched.filter((w) => w.attendeeId === attendee.id);
  const except = (list: Watched[]) => watched.filter((w) => !list.includes(w));

  /** Resolves once every socket of the event has the 'event' update of `version` (or later). */
  async function settled(version: number): Promise<void> {
    await waitFor(() => watched.every((w) => w.updates.some((u) => u.scope === 'event' && u.version >= version)), MUST_HAPPEN_MS);
  }

  /** Resolves once `check` holds for every socket of `who`; fails naming the sockets it never held for. */
  async function reaches(who: Watched[], check: (w: Watched) => boolean): Promise<void> {
    await waitFor(() => who.every(check), MUST_HAPPEN_MS, 10).catch(() => undefined);
    const missing = who.filter((w) => !check(w)).map((w) => w.name);
    expect(missing).toEqual([]);
  }

  const updatesWith = (w: Watched, key: keyof Update) => w.updates.filter((u) => u[key] !== undefined);

  /** A group message posted through `gateway` (its poke makes every socket hear of it at once); its id. */
  async function post(gateway: TestGateway, author: FakeAttendee, message: string): Promise<string> {
    await settled(await write(gateway, calls.chat, { id: author.tid }, { event_id: eventId, attendee_id: author.id, message }));
    const found = cluster.upstream.events.get(eventId)?.chats.find((m) => m.message === message);
    if (!found) throw new Error(message);
    return found.id;
  }

  test("a message removed through B disappears from every arena, chip and organiser socket on both gateways; the door hears nothing of it", async () => {
    const messageId = await post(cluster.a, bo, 'buy my crypto course');

    const version = await write(cluster.b, moderationCalls.removeMessage, { id: eventId }, { message_id: messageId, room: 'group' }, bearer);
    const removed = (w: Watched) => w.updates.some((u) => u.scope === 'event' && (u.chats ?? []).some((m) => m.id === messageId && m.removed === true && m.message === ''));
    await reaches(ofRole('arena', 'organiser', 'chip'), removed);
    await settled(version);
    for (const w of ofRole('door')) {
      for (const key of ['chats', 'private_chats'] as const) expect(updatesWith(w, key), w.name).toEqual([]);
    }
    // A phone opening the chat after it (on the follower, from the stored state) gets the message removed, without its text.
    const fresh = await watch(cluster.b, 'Cy again on B', { kind: 'arena', tid: cy.tid }, undefined, cy.id);
    expect(fresh.snapshot.kind === 'door' ? [] : fresh.snapshot.chats.filter((m) => m.id === messageId)).toEqual([expect.objectContaining({ removed: true, message: '' })]);
    fresh.socket.close();
  });

  test("a card shared through A reaches the two parties' sockets on both gateways, and nobody else", async () => {
    const details = { full_name: 'Ada Obi', title: 'Engineer', phone: '+2348000000001', email: 'ada@example.com', consent: true };
    const version = await write(cluster.a, arenaSafetyCalls.shareCard, { id: ada.tid }, { event_id: eventId, to: cy.id, details });
    const shared = (w: Watched) => w.updates.some((u) => u.scope === 'private' && (u.private_chats ?? []).some((m) => m.card?.kind === 'details' && m.attendee_id_2 === cy.id));
    const parties = [...attendeeSockets(ada), ...attendeeSockets(cy)];
    await reaches(parties, shared);
    await settled(version);
    for (const w of except(parties)) expect(updatesWith(w, 'private_chats'), w.name).toEqual([]);
  });

  test('a report filed through A reaches the organisers on both gateways, and never an attendee, chip or door socket', async () => {
    const messageId = await post(cluster.b, cy, 'rude words');

    const version = await write(cluster.a, arenaSafetyCalls.reportMessage, { id: bo.tid }, { event_id: eventId, message_id: messageId, room: 'group', reason: 'harassment', details: 'again' });
    const reported = (w: Watched) => w.updates.some((u) => u.scope === 'moderation' && (u.reports ?? []).some((r) => r.message_id === messageId && r.reporter_id === bo.id));
    await reaches(ofRole('organiser'), reported);
    await settled(version);
    for (const w of ofRole('arena', 'chip', 'door')) {
      expect(updatesWith(w, 'reports'), w.name).toEqual([]);
      expect(w.updates.filter((u) => u.scope === 'moderation'), w.name).toEqual([]);
    }

    // Handled through B: the organisers see it handled, nobody else hears of it.
    const reportId = cluster.upstream.events.get(eventId)?.reports.values().next().value?.id ?? '';
    const handled = await write(cluster.b, moderationCalls.handleReport, { id: eventId, reportId }, { action: 'dismiss' }, bearer);
    await reaches(ofRole('organiser'), (w) => w.updates.some((u) => (u.reports ?? []).some((r) => r.id === reportId && r.status === 'dismissed')));
    await settled(handled);
    for (const w of ofRole('arena', 'chip', 'door')) expect(updatesWith(w, 'reports'), w.name).toEqual([]);
  });

  test("a block made through B reaches only the blocker's sockets on both gateways; never the blocked attendee or a third one", async () => {
    const version = await write(cluster.b, arenaSafetyCalls.blockAttendee, { id: ada.tid }, { event_id: eventId, attendee_id: bo.id, blocked: true });
    const blocks = (w: Watched) => w.updates.some((u) => u.scope === 'private' && JSON.stringify(u.blocked) === JSON.stringify([bo.id]));
    await reaches(attendeeSockets(ada), blocks);
    await settled(version);
    for (const w of except(attendeeSockets(ada))) expect(updatesWith(w, 'blocked'), w.name).toEqual([]);

    // A phone opened after it (on the follower, from the stored state) starts with the list; Bo's knows nothing.
    const fresh = await watch(cluster.b, 'Ada again on B', { kind: 'arena', tid: ada.tid }, undefined, ada.id);
    expect(fresh.snapshot).toMatchObject({ kind: 'arena', blocked: [bo.id] });
    const boFresh = await watch(cluster.b, 'Bo again on B', { kind: 'arena', tid: bo.tid }, undefined, bo.id);
    expect(boFresh.snapshot).toMatchObject({ kind: 'arena', blocked: [] });
    for (const w of [fresh, boFresh]) w.socket.close();

    // Lifting it through A: the blocker's sockets get the (empty) list, still nobody else.
    const lifted = await write(cluster.a, arenaSafetyCalls.blockAttendee, { id: ada.tid }, { event_id: eventId, attendee_id: bo.id, blocked: false });
    await reaches(attendeeSockets(ada), (w) => w.updates.some((u) => u.scope === 'private' && u.blocked?.length === 0));
    await settled(lifted);
    for (const w of except(attendeeSockets(ada))) expect(updatesWith(w, 'blocked'), w.name).toEqual([]);
  });

  test("a mute made through A reaches the muted attendee's own sockets and the organisers; no other attendee, chip or door sees it", async () => {
    const version = await write(cluster.a, moderationCalls.muteAttendee, { id: eventId }, { attendee_id: bo.id, mute: 15 }, bearer);
    const until = cluster.upstream.events.get(eventId)?.attendees.get(bo.id)?.mute?.until;
    expect(until).toBeTruthy();
    const muted = (w: Watched) => w.updates.some((u) => u.scope === 'attendance' && (u.attendees ?? []).some((x) => x.id === bo.id && x.mute?.until === until));
    await reaches([...attendeeSockets(bo), ...ofRole('organiser')], muted);
    await settled(version);
    for (const w of attendeeSockets(bo)) expect(w.updates.flatMap((u) => u.attendees ?? []).at(-1), w.name).toMatchObject({ id: bo.id, dm_policy: 'anyone', hidden: false });
    for (const w of ofRole('organiser')) for (const x of w.updates.flatMap((u) => u.attendees ?? [])) expect(x, w.name).not.toHaveProperty('dm_policy');
    const bystanders = except([...attendeeSockets(bo), ...ofRole('organiser')]);
    for (const w of bystanders) {
      const records = w.updates.flatMap((u) => [...(u.attendees ?? []), ...(u.chip?.attendee ? [u.chip.attendee] : [])]);
      expect(records.filter((x) => x.id === bo.id || 'mute' in x), w.name).toEqual([]);
    }

    // An attendee's own choices: hiding reaches them and the organisers; the DM choice them alone.
    const hidden = await write(cluster.b, arenaSafetyCalls.arenaSettings, { id: cy.tid }, { event_id: eventId, hidden: true, dm_policy: 'nobody' });
    const ownRecord = (w: Watched) => w.updates.some((u) => (u.attendees ?? []).some((x) => x.id === cy.id && x.hidden === true && x.dm_policy === 'nobody'));
    const organiserRecord = (w: Watched) => w.updates.some((u) => (u.attendees ?? []).some((x) => x.id === cy.id && x.hidden === true && !('dm_policy' in x)));
    await reaches(attendeeSockets(cy), ownRecord);
    await reaches(ofRole('organiser'), organiserRecord);
    await settled(hidden);
    for (const w of except([...attendeeSockets(cy), ...ofRole('organiser')])) {
      expect(w.updates.flatMap((u) => u.attendees ?? []).filter((x) => x.id === cy.id), w.name).toEqual([]);
    }
    // The chip bound to Cy still shows them as the public sees them: nothing to tell it.
    for (const w of ofRole('chip')) expect(w.updates.filter((u) => u.scope === 'chip'), w.name).toEqual([]);
  });

  test('chat settings and announcements reach everyone in the event, and nobody of another event', async () => {
    await write(cluster.b, moderationCalls.chatSettings, { id: eventId }, { closed: true, slow_mode_seconds: 30 }, bearer);
    const version = await write(cluster.a, moderationCalls.pinAnnouncement, { id: eventId }, { message: 'Dinner is served in hall B' }, bearer);
    const chatViews = ofRole('arena', 'organiser', 'chip');
    const told = (w: Watched) =>
      w.updates.some((u) => u.scope === 'event' && u.chat?.closed === true && u.chat.slow_mode_seconds === 30) &&
      w.updates.some((u) => u.scope === 'event' && (u.announcements ?? []).some((x) => x.message === 'Dinner is served in hall B' && x.pinned));
    await reaches(chatViews, told);
    await settled(version);

    const announcementId = [...(cluster.upstream.events.get(eventId)?.announcements.keys() ?? [])][0] ?? '';
    const unpinned = await write(cluster.b, moderationCalls.unpinAnnouncement, { id: eventId, announcementId }, undefined, bearer);
    await reaches(chatViews, (w) => w.updates.some((u) => (u.announcements ?? []).some((x) => x.id === announcementId && !x.pinned)));
    await settled(unpinned);

    for (const w of others) expect(w.updates.filter((u) => u.eventId === eventId), w.name).toEqual([]);
    const fresh = await watch(cluster.a, 'Dee again on A', { kind: 'arena', tid: dee.tid }, undefined, dee.id);
    expect(fresh.snapshot).toMatchObject({ chat: { closed: false, slow_mode_seconds: 0 }, announcements: [] });
    fresh.socket.close();
  });

  test('door sockets on both gateways saw none of the chat or the safety state, in their snapshot or any update', () => {
    const safetyKeys = ['mute', 'hidden', 'dm_policy'];
    for (const w of ofRole('door')) {
      expect(w.updates.length, w.name).toBeGreaterThan(0);
      for (const key of ['chats', 'private_chats', 'chat', 'announcements', 'blocked', 'reports'] as const) expect(updatesWith(w, key), w.name).toEqual([]);
      for (const key of ['chats', 'private_chats', 'chat', 'announcements', 'blocked', 'reports']) expect(w.snapshot, w.name).not.toHaveProperty(key);
      const records = [...(w.snapshot.kind === 'door' ? w.snapshot.attendees : []), ...w.updates.flatMap((u) => u.attendees ?? [])];
      for (const record of records) for (const key of safetyKeys) expect(record, w.name).not.toHaveProperty(key);
    }
    // Nor did any attendee's socket ever hold another attendee's blocked list or the reports queue.
    for (const w of ofRole('arena', 'chip')) expect(updatesWith(w, 'reports'), w.name).toEqual([]);
    expect(byName('Cy on B').updates.filter((u) => u.blocked !== undefined)).toEqual([]);
  });
});
