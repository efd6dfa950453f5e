import { doorCalls } from '@tapcard/shared/contract';
import { endedSchema, updateSchema } from '@tapcard/shared/realtime';
import type { Ended, Snapshot, Subscribe, Update } from '@tapcard/shared/realtime';
import { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE } from '@tapcard/shared/rules';
import { describe, expect, test } from 'vitest';
import { connect, subscribe, subscribeOk } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { fakeStack } from '../test/fake-stack.js';
import { startGateway } from '../test/gateway.js';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * A staff phone's door subscription on one gateway without Redis: what it sees (its gate, every
 * attendee with the check-in's time and gate, never a chat), who is refused, and how it ends.
 * Each test speaks from client addresses of its own (the gateway trusts the loopback proxy).
 */

const BUDGET = 20;
const stack = fakeStack({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: String(BUDGET) });
const { sockets } = stack;
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

interface Phone {
  socket: ClientSocket;
  updates: Update[];
  ended: Ended[];
}

async function phone(options: { token?: string } = {}): Promise<Phone> {
  const socket = await connect(stack.gateway.url, { ...options, headers: { 'x-forwarded-for': address() } });
  sockets.push(socket);
  const watched: Phone = { socket, updates: [], ended: [] };
  socket.on('update', (raw: unknown) => watched.updates.push(updateSchema.parse(raw)));
  socket.on('ended', (raw: unknown) => watched.ended.push(endedSchema.parse(raw)));
  return watched;
}

function door(snapshot: Snapshot) {
  if (snapshot.kind !== 'door') throw new Error(`not a door view: ${snapshot.kind}`);
  return snapshot;
}

async function doorCheckIn(session: string, attendeeId: string): Promise<void> {
  const res = await fetch(`${stack.gateway.url}/api${doorCalls.doorCheckIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, attendee_id: attendeeId }),
  });
  expect(res.status).toBe(200);
}

const attendanceOf = (p: Phone, attendeeId: string) => p.updates.find((u) => u.scope === 'attendance' && u.attendees?.some((a) => a.id === attendeeId));

describe('the door subscription', () => {
  test('a door phone gets its gate and every attendee with the time and gate of their check-in, and never a chat', async () => {
    const { eventId, bearer } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const bo = stack.upstream.addAttendee(eventId, 'Bo');
    stack.upstream.setCheckedIn(eventId, ada.id, true, 'North gate');
    const chipId = stack.upstream.addChip(eventId, bo.id);
    stack.upstream.postChat(eventId, ada.id, 'before the door opened');
    const north = stack.upstream.addStaffLink(eventId, 'North gate');
    const south = stack.upstream.addStaffLink(eventId, 'South gate');

    const phoneA = await phone();
    const view = door(await subscribeOk(phoneA.socket, { kind: 'door', session: north.session }));
    expect(view).toMatchObject({ eventId, gate: 'North gate' });
    expect(view).not.toHaveProperty('chats');
    expect(view.attendees.find((a) => a.id === ada.id)).toMatchObject({ checked_in: true, checked_in_by: 'North gate', checked_in_at: ada.checked_in_at });
    expect(view.attendees.find((a) => a.id === bo.id)).toMatchObject({ checked_in: false, checked_in_at: null, checked_in_by: null });

    // Everyone else who watches the event: the organiser, Bo's arena, Bo's chip page.
    const organiser = await phone({ token: bearer });
    await subscribeOk(organiser.socket, { kind: 'organiser', eventId });
    const arena = await phone();
    const arenaView = await subscribeOk(arena.socket, { kind: 'arena', tid: bo.tid });
    const chip = await phone();
    const chipView = await subscribeOk(chip.socket, { kind: 'chip', chipId });
    // Bo's own arena (his ticket page) carries his own check-in's time and gate: none yet.
    expect(arenaView.kind === 'arena' && arenaView.attendee).toMatchObject({ checked_in: false, checked_in_at: null, checked_in_by: null });
    expect(chipView.kind === 'chip' && chipView.attendee).not.toHaveProperty('checked_in_by');

    // Bo is checked in at the south gate, then someone writes in the group chat.
    await doorCheckIn(south.session, bo.id);
    stack.upstream.postChat(eventId, ada.id, 'the door phones must not see this');
    const writeThrough = await fetch(`${stack.gateway.url}/api/event/public/api/create-chat/${ada.tid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: eventId, attendee_id: ada.id, message: 'nor this' }),
    });
    expect(writeThrough.status).toBe(200);
    await waitFor(() => attendanceOf(phoneA, bo.id) && attendanceOf(organiser, bo.id) && attendanceOf(arena, bo.id), 15_000);
    const checkedIn = stack.upstream.events.get(eventId)?.attendees.get(bo.id)?.checked_in_at;
    for (const staff of [phoneA, organiser]) {
      expect(attendanceOf(staff, bo.id)?.attendees?.find((a) => a.id === bo.id)).toMatchObject({ checked_in: true, checked_in_at: checkedIn, checked_in_by: 'South gate' });
    }
    // Bo's own arena learns that he is in, when and where (his own record, with his own safety state); the chip's binding update says only that he is in.
    expect(attendanceOf(arena, bo.id)?.attendees?.[0]).toEqual({
      id: bo.id,
      name: 'Bo',
      image: bo.image,
      price_category: 'Regular',
      checked_in: true,
      checked_in_at: checkedIn,
      checked_in_by: 'South gate',
      mute: null,
      hidden: false,
      dm_policy: 'anyone',
    });
    await waitFor(() => chip.updates.some((u) => u.scope === 'chip'), 15_000);
    for (const u of chip.updates) {
      for (const a of [...(u.attendees ?? []), ...(u.chip?.attendee ? [u.chip.attendee] : [])]) {
        expect(a).not.toHaveProperty('checked_in_at');
        expect(a).not.toHaveProperty('checked_in_by');
      }
    }
    // The organiser has both chat messages; the door phone had each version, without a chat.
    await waitFor(() => organiser.updates.filter((u) => u.scope === 'event').flatMap((u) => u.chats ?? []).length >= 2, 15_000);
    const version = stack.upstream.events.get(eventId)?.version;
    await waitFor(() => phoneA.updates.some((u) => u.scope === 'event' && u.version === version), 15_000);
    expect(phoneA.updates.flatMap((u) => [...(u.chats ?? []), ...(u.private_chats ?? [])])).toEqual([]);
    expect(phoneA.updates.map((u) => u.scope)).not.toContain('private');
  });

  test('a session the upstream refuses is refused forbidden with its reason', async () => {
    const { eventId } = stack.upstream.addEvent();
    const link = stack.upstream.addStaffLink(eventId, 'Gate 1');
    link.revokedAt = new Date().toISOString();
    const p = await phone();
    expect(await subscribe(p.socket, { kind: 'door', session: 'not-a-session' })).toEqual({ ok: false, error: { code: 'forbidden', message: STAFF_LINK_UNKNOWN_MESSAGE } });
    expect(await subscribe(p.socket, { kind: 'door', session: link.session })).toEqual({ ok: false, error: { code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE } });
  });

  test('50 parallel subscribes with one bad session cost one upstream read; 50 different ones no more than the budget', async () => {
    const same: Subscribe = { kind: 'door', session: `bad-${Date.now()}` };
    const phones = await Promise.all(Array.from({ length: 5 }, () => phone()));
    const before = stack.upstream.doorSessionReads;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => subscribe((phones[i % 5] as Phone).socket, same)));
    expect(answers.every((a) => !a.ok && a.error.code === 'forbidden')).toBe(true);
    expect(stack.upstream.doorSessionReads - before).toBe(1);

    // One client address, fifty made-up sessions at once.
    const from = address();
    const many = await Promise.all(Array.from({ length: 5 }, () => connect(stack.gateway.url, { headers: { 'x-forwarded-for': from } })));
    sockets.push(...many);
    const start = stack.upstream.doorSessionReads;
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => subscribe(many[i % 5] as ClientSocket, { kind: 'door', session: `guess-${i}-${Date.now()}` })));
    expect(guesses.some((a) => a.ok)).toBe(false);
    expect(stack.upstream.doorSessionReads - start).toBeLessThanOrEqual(BUDGET);
    expect(guesses.filter((a) => !a.ok && a.error.code === 'rate_limited').length).toBeGreaterThanOrEqual(50 - BUDGET);
  });

  test('a revocation through the gateway ends the door subscription at once, and the session opens nothing again', async () => {
    const { eventId, bearer } = stack.upstream.addEvent();
    const ada = stack.upstream.addAttendee(eventId, 'Ada');
    const link = stack.upstream.addStaffLink(eventId, 'Gate 2');
    const other = stack.upstream.addStaffLink(eventId, 'Gate 3');
    const p = await phone();
    await subscribeOk(p.socket, { kind: 'door', session: link.session });
    const stays = await phone();
    await subscribeOk(stays.socket, { kind: 'door', session: other.session });

    const res = await fetch(`${stack.gateway.url}/api/event/api/staff-links/${eventId}/revoke/${link.id}`, { method: 'POST', headers: { authorization: bearer } });
    expect(res.status).toBe(200);
    await waitFor(() => p.ended.length > 0, 15_000);
    expect(p.ended).toEqual([{ subscription: { kind: 'door', session: link.session }, error: { code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE } }]);
    expect(await subscribe(p.socket, { kind: 'door', session: link.session })).toEqual({ ok: false, error: { code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE } });

    // The ended phone has left the room: a later check-in reaches the other gate only.
    await doorCheckIn(other.session, ada.id);
    await waitFor(() => attendanceOf(stays, ada.id), 15_000);
    expect(attendanceOf(p, ada.id)).toBeUndefined();
    expect(stays.ended).toEqual([]);
  });

  test('a staff link revoked without a write through any gateway ends its door subscription at the periodic recheck', async () => {
    const periodic = await startGateway({ UPSTREAM_URL: stack.upstream.url, ORGANISER_RECHECK_MS: '300' });
    try {
      const { eventId } = stack.upstream.addEvent();
      const link = stack.upstream.addStaffLink(eventId, 'Side gate');
      const kept = stack.upstream.addStaffLink(eventId, 'Main gate');
      const socket = await connect(periodic.url);
      sockets.push(socket);
      const ended: Ended[] = [];
      socket.on('ended', (raw: unknown) => ended.push(endedSchema.parse(raw)));
      await subscribeOk(socket, { kind: 'door', session: link.session });
      await subscribeOk(socket, { kind: 'door', session: kept.session });
      link.revokedAt = new Date().toISOString();
      await waitFor(() => ended.length > 0, 15_000);
      expect(ended).toEqual([{ subscription: { kind: 'door', session: link.session }, error: { code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE } }]);
      // The other gate's subscription on the same socket goes on.
      const ack = await socket.timeout(15_000).emitWithAck('resync', { eventId, version: 0 });
      expect(ack).toEqual({ ok: true });
    } finally {
      await periodic.close();
    }
  });

  test('a door subscription ends when its staff link expires', async () => {
    const { eventId } = stack.upstream.addEvent();
    const link = stack.upstream.addStaffLink(eventId, 'Late gate', 1500);
    const p = await phone();
    await subscribeOk(p.socket, { kind: 'door', session: link.session });
    await waitFor(() => p.ended.length > 0, 15_000);
    expect(p.ended).toEqual([{ subscription: { kind: 'door', session: link.session }, error: { code: 'forbidden', message: STAFF_LINK_EXPIRED_MESSAGE } }]);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(link.expiresAt));
    expect(await subscribe(p.socket, { kind: 'door', session: link.session })).toEqual({ ok: false, error: { code: 'forbidden', message: STAFF_LINK_EXPIRED_MESSAGE } });
  });
});
