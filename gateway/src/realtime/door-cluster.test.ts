import { doorCalls } from '@tapcard/shared/contract';
import { endedSchema, updateSchema } from '@tapcard/shared/realtime';
import type { Ended, Subscribe, Update } from '@tapcard/shared/realtime';
import { STAFF_LINK_REVOKED_MESSAGE } from '@tapcard/shared/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect, subscribe, subscribeOk } from '../test/client.js';
import type { ClientSocket } from '../test/client.js';
import { startGatewayCluster } from '../test/cluster.js';
import type { GatewayCluster } from '../test/cluster.js';
import { sharedRedis, uniquePrefix } from '@tapcard/testkit/redis';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * The door across two gateway instances on one Redis: a check-in made through one reaches the
 * organiser and the door phones of the other with its gate and time, and a staff link revoked through
 * one ends its door subscriptions on the other. Polls are 5 s apart and the organiser recheck a minute:
 * the revocation can only cross through Redis, and a check-in comes with the write's poke (on a busy
 * machine, a poke lost while the lease changed hands is caught by the next poll, so the waits below are
 * generous). How fast they arrive is the realtime bench's to measure.
 */

/** How long something that must happen may take on a loaded machine. */
const MUST_HAPPEN_MS = 15_000;

const redis = await sharedRedis();
const prefix = uniquePrefix();

interface Watched {
  socket: ClientSocket;
  updates: Update[];
  ended: Ended[];
}

describe.skipIf(!redis)('the door on two gateways sharing Redis', () => {
  const redisUrl = redis?.url ?? '';
  let cluster: GatewayCluster;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    cluster = await startGatewayCluster('door', { url: redisUrl, prefix }, { POLL_INTERVAL_MS: '5000' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster.close();
    await redis?.stop();
  });

  async function watched(url: string, subscription: Subscribe, token?: string): Promise<Watched> {
    const socket = await connect(url, token ? { token } : {});
    sockets.push(socket);
    const w: Watched = { socket, updates: [], ended: [] };
    socket.on('update', (raw: unknown) => w.updates.push(updateSchema.parse(raw)));
    socket.on('ended', (raw: unknown) => w.ended.push(endedSchema.parse(raw)));
    await subscribeOk(socket, subscription);
    return w;
  }

  async function doorCheckIn(url: string, session: string, attendeeId: string, call: { path: string } = doorCalls.doorCheckIn): Promise<void> {
    const res = await fetch(`${url}/api${call.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, attendee_id: attendeeId }),
    });
    expect(res.status).toBe(200);
  }

  const checkInOf = (w: Watched, attendeeId: string) =>
    w.updates.flatMap((u) => (u.scope === 'attendance' ? (u.attendees ?? []) : [])).find((x) => x.id === attendeeId && x.checked_in);

  test('a check-in through gateway A reaches the organiser and a door phone on gateway B through its poke, with its gate and time', async () => {
    const { eventId, bearer } = cluster.upstream.addEvent();
    const ada = cluster.upstream.addAttendee(eventId, 'Ada');
    const north = cluster.upstream.addStaffLink(eventId, 'North gate');
    const south = cluster.upstream.addStaffLink(eventId, 'South gate');
    // The scanning phone on A, the organiser and another gate's phone on B.
    await watched(cluster.a.url, { kind: 'door', session: north.session });
    const organiser = await watched(cluster.b.url, { kind: 'organiser', eventId }, bearer);
    const southPhone = await watched(cluster.b.url, { kind: 'door', session: south.session });

    await doorCheckIn(cluster.a.url, north.session, ada.id);
    await waitFor(() => checkInOf(organiser, ada.id) && checkInOf(southPhone, ada.id), MUST_HAPPEN_MS, 10);
    const at = cluster.upstream.events.get(eventId)?.attendees.get(ada.id)?.checked_in_at;
    expect(at).toBeTruthy();
    for (const w of [organiser, southPhone]) expect(checkInOf(w, ada.id)).toMatchObject({ checked_in_at: at, checked_in_by: 'North gate' });

    // Leaving through the south gate (an event that tracks who is inside) reaches the organiser on B the same way.
    await doorCheckIn(cluster.b.url, south.session, ada.id, doorCalls.doorCheckOut);
    const checkedOut = (w: Watched) => w.updates.some((u) => u.scope === 'attendance' && u.attendees?.some((x) => x.id === ada.id && !x.checked_in));
    await waitFor(() => checkedOut(organiser), MUST_HAPPEN_MS, 10);
  });

  test('a staff link revoked through gateway B ends its door subscription on gateway A at once, and a resubscribe is refused', async () => {
    const { eventId, bearer } = cluster.upstream.addEvent();
    const bo = cluster.upstream.addAttendee(eventId, 'Bo');
    const link = cluster.upstream.addStaffLink(eventId, 'East gate');
    const other = cluster.upstream.addStaffLink(eventId, 'West gate');
    const onA = await watched(cluster.a.url, { kind: 'door', session: link.session });
    const stays = await watched(cluster.a.url, { kind: 'door', session: other.session });

    const res = await fetch(`${cluster.b.url}/api/event/api/staff-links/${eventId}/revoke/${link.id}`, { method: 'POST', headers: { authorization: bearer } });
    expect(res.status).toBe(200);
    await waitFor(() => onA.ended.length > 0, MUST_HAPPEN_MS, 10);
    expect(onA.ended).toEqual([{ subscription: { kind: 'door', session: link.session }, error: { code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE } }]);
    // Refused on A (which had proved the session a moment ago) and on B alike.
    expect(await subscribe(onA.socket, { kind: 'door', session: link.session })).toEqual({ ok: false, error: { code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE } });
    const onB = await connect(cluster.b.url);
    sockets.push(onB);
    expect(await subscribe(onB, { kind: 'door', session: link.session })).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    // The ended phone has left the door room: the next check-in reaches the other gate only.
    await doorCheckIn(cluster.b.url, other.session, bo.id);
    await waitFor(() => checkInOf(stays, bo.id), MUST_HAPPEN_MS);
    expect(checkInOf(onA, bo.id)).toBeUndefined();
    expect(stays.ended).toEqual([]);
  });
});
