import { calls, doorCalls } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE } from '../domain/door.js';
import { hashToken } from '../lib/crypto.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createTestUpstream, createUser, type TestUpstream } from '../test/harness.js';
import { createEvent, insertAttendee, insertChip, registerFree } from '../test/events.js';

let t: TestUpstream;
beforeAll(async () => {
  t = await createTestUpstream();
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 60 * 60 * 1000;

async function organiserWithEvent() {
  const owner = await createUser(t);
  const event = await createEvent(t, owner.authorization);
  return { owner, event };
}

async function createLink(authorization: string, eventId: string, label = 'North gate', expiry?: '6h' | '24h' | '7d' | 'event_end') {
  const res = await send(t, doorCalls.createStaffLink, { authorization, params: { id: eventId }, body: { label, ...(expiry ? { expiry } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(doorCalls.createStaffLink, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  const secret = matchPage(pagePatterns.staffLink, answer.data.path)?.secret;
  if (!secret) throw new Error(`not a staff link: ${answer.data.path}`);
  return { link: answer.data.link, secret };
}

async function openLink(secret: string): Promise<string> {
  const answer = answerOf(doorCalls.openStaffLink, await send(t, doorCalls.openStaffLink, { body: { secret } }));
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.session;
}

async function doorCheckIn(session: string, attendeeId: string, clientId?: string) {
  return send(t, doorCalls.doorCheckIn, { body: { session, attendee_id: attendeeId, ...(clientId ? { client_id: clientId } : {}) } });
}

function checkInData(res: Awaited<ReturnType<typeof doorCheckIn>>) {
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(doorCalls.doorCheckIn, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

describe('staff links', () => {
  it('creates a link whose secret is answered once and stored only as its hash; lists it without the secret', async () => {
    const { owner, event } = await organiserWithEvent();
    const { link, secret } = await createLink(owner.authorization, event.id, '  North gate ');
    expect(link).toMatchObject({ label: 'North gate', role: 'scan', state: 'active', revoked_at: null });
    // The default expiry is after the event's end day (the test event ends in two days).
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime() + 2 * 24 * HOUR_MS);

    const row = await t.db.selectFrom('staff_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await send(t, doorCalls.listStaffLinks, { authorization: owner.authorization, params: { id: event.id } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(answerOf(doorCalls.listStaffLinks, list)).toMatchObject({ success: 'true', data: { event_id: event.id, links: [{ id: link.id, label: 'North gate', state: 'active' }] } });
  });

  it('validates the gate name with the form\'s messages', async () => {
    const { owner, event } = await organiserWithEvent();
    expectFieldError(await send(t, doorCalls.createStaffLink, { authorization: owner.authorization, params: { id: event.id }, body: { label: '   ' } }), 'label', messages.gateLabelRequired);
    expectFieldError(await send(t, doorCalls.createStaffLink, { authorization: owner.authorization, params: { id: event.id }, body: { label: 'x'.repeat(41) } }), 'label', messages.gateLabelMax(40));
  });

  it('answers 404 to anyone but the event\'s organiser, and 401 without a session', async () => {
    const { owner, event } = await organiserWithEvent();
    const stranger = await createUser(t);
    const { link } = await createLink(owner.authorization, event.id);
    expect((await send(t, doorCalls.createStaffLink, { authorization: stranger.authorization, params: { id: event.id }, body: { label: 'Mine' } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.listStaffLinks, { authorization: stranger.authorization, params: { id: event.id } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.revokeStaffLink, { authorization: stranger.authorization, params: { id: event.id, link_id: link.id } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.listStaffLinks, { params: { id: event.id } })).statusCode).toBe(401);
    // A link of another event of the same organiser is not this event's.
    const other = await createEvent(t, owner.authorization);
    expect((await send(t, doorCalls.revokeStaffLink, { authorization: owner.authorization, params: { id: other.id, link_id: link.id } })).statusCode).toBe(404);
    const row = await t.db.selectFrom('staff_links').select('revoked_at').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });

  it('revoking ends the link and every door session opened with it at once', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await registerFree(t, event);
    const bob = await registerFree(t, event, 'Bob Marley');
    const { link, secret } = await createLink(owner.authorization, event.id, 'Main door');
    const session = await openLink(secret);
    const opened = answerOf(doorCalls.doorSession, await send(t, doorCalls.doorSession, { body: { session } }));
    expect(opened).toMatchObject({ success: 'true', data: { event_id: event.id, gate: 'Main door', event: { title: event.title } } });
    expect(checkInData(await doorCheckIn(session, ada.id)).outcome).toBe('admitted');

    const revoked = answerOf(doorCalls.revokeStaffLink, await send(t, doorCalls.revokeStaffLink, { authorization: owner.authorization, params: { id: event.id, link_id: link.id } }));
    expect(revoked).toMatchObject({ success: 'true', data: { link: { id: link.id, state: 'revoked' } } });

    const refused = await doorCheckIn(session, bob.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: 'false', message: STAFF_LINK_REVOKED_MESSAGE });
    expect((await send(t, doorCalls.doorSession, { body: { session } })).statusCode).toBe(403);
    expect((await send(t, doorCalls.doorSearch, { body: { session, query: 'Bob' } })).statusCode).toBe(403);
    const reopened = await send(t, doorCalls.openStaffLink, { body: { secret } });
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json()).toMatchObject({ message: STAFF_LINK_REVOKED_MESSAGE });
    const bobRow = await t.db.selectFrom('attendees').select('checked_in').where('id', '=', bob.id).executeTakeFirstOrThrow();
    expect(bobRow.checked_in).toBe(false);
    const list = answerOf(doorCalls.listStaffLinks, await send(t, doorCalls.listStaffLinks, { authorization: owner.authorization, params: { id: event.id } }));
    expect(list).toMatchObject({ success: 'true', data: { links: [{ id: link.id, state: 'revoked' }] } });
  });

  it('refuses an expired link and its sessions as soon as the expiry passes', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await registerFree(t, event);
    const { secret } = await createLink(owner.authorization, event.id, 'Side gate', '6h');
    const session = await openLink(secret);
    t.clock.advance(6 * HOUR_MS);
    try {
      const refused = await doorCheckIn(session, ada.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: STAFF_LINK_EXPIRED_MESSAGE });
      expect((await send(t, doorCalls.openStaffLink, { body: { secret } })).statusCode).toBe(403);
      const list = answerOf(doorCalls.listStaffLinks, await send(t, doorCalls.listStaffLinks, { authorization: owner.authorization, params: { id: event.id } }));
      expect(list).toMatchObject({ success: 'true', data: { links: [{ state: 'expired' }] } });
    } finally {
      t.clock.advance(-6 * HOUR_MS);
    }
  });

  it('refuses an unknown secret or session', async () => {
    expect((await send(t, doorCalls.openStaffLink, { body: { secret: 'not-a-secret' } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.doorSession, { body: { session: 'not-a-session' } })).statusCode).toBe(403);
  });
});

describe('door check-in', () => {
  it('admits once, then answers already with when and at which gate; unknown for another event\'s attendee', async () => {
    const { owner, event } = await organiserWithEvent();
    const other = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event);
    const foreign = await registerFree(t, other, 'Foreign Guest');
    const { secret } = await createLink(owner.authorization, event.id, 'North gate');
    const session = await openLink(secret);
    const before = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();

    const first = checkInData(await doorCheckIn(session, ada.id));
    expect(first).toMatchObject({ event_id: event.id, outcome: 'admitted', attendee: { id: ada.id, name: 'Ada Lovelace' }, checked_in_by: 'North gate' });
    const second = checkInData(await doorCheckIn(session, ada.id));
    expect(second).toMatchObject({ outcome: 'already', checked_in_at: first.checked_in_at, checked_in_by: 'North gate' });
    expect(checkInData(await doorCheckIn(session, foreign.id))).toMatchObject({ outcome: 'unknown', attendee: null });

    const row = await t.db.selectFrom('attendees').select(['checked_in', 'checked_in_by', 'seq']).where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ checked_in: true, checked_in_by: 'North gate', seq: before.seq + 1 });
    const foreignRow = await t.db.selectFrom('attendees').select('checked_in').where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(foreignRow.checked_in).toBe(false);
  });

  it('answers a repeated client id with its first answer and counts it once', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await registerFree(t, event);
    const { secret } = await createLink(owner.authorization, event.id, 'East gate');
    const session = await openLink(secret);
    const first = checkInData(await doorCheckIn(session, ada.id, 'phone-1-scan-1'));
    expect(first.outcome).toBe('admitted');
    const retried = checkInData(await doorCheckIn(session, ada.id, 'phone-1-scan-1'));
    expect(retried).toEqual(first);
    // A new scan of the same attendee (another client id) is 'already'.
    expect(checkInData(await doorCheckIn(session, ada.id, 'phone-1-scan-2')).outcome).toBe('already');
  });

  it('counts 50 parallel check-ins of one attendee once, with or without client ids', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const { secret } = await createLink(owner.authorization, event.id, 'Gate A');
    const [s1, s2] = await Promise.all([openLink(secret), openLink(secret)]);
    const before = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => doorCheckIn(i % 2 === 0 ? s1 : s2, ada.id, i % 3 === 0 ? 'same-client' : i % 3 === 1 ? `client-${i}` : undefined)),
    );
    const outcomes = answers.map(checkInData);
    const sameClient = outcomes.filter((_, i) => i % 3 === 0);
    expect(new Set(sameClient.map((a) => JSON.stringify(a))).size).toBe(1);
    const times = new Set(outcomes.map((a) => a.checked_in_at));
    expect(times.size).toBe(1);
    // Exactly one request admitted the attendee (the same-client repeats echo its answer if it was theirs).
    const admittedOthers = outcomes.filter((a, i) => a.outcome === 'admitted' && i % 3 !== 0).length;
    const admittedSame = sameClient[0]!.outcome === 'admitted' ? 1 : 0;
    expect(admittedOthers + admittedSame).toBe(1);

    const row = await t.db.selectFrom('attendees').select(['checked_in', 'seq']).where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row.checked_in).toBe(true);
    // The attendee's check-in is one change of the event: its seq is stamped once.
    const after = await t.db.selectFrom('events').select('seq').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(row.seq).toBeGreaterThan(before.seq);
    expect(row.seq).toBeLessThanOrEqual(after.seq);
  });

  it('finds attendees of the session\'s event by name or email, never another event\'s', async () => {
    const { owner, event } = await organiserWithEvent();
    const other = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event, 'Ada Lovelace');
    await registerFree(t, other, 'Ada Other');
    const { secret } = await createLink(owner.authorization, event.id);
    const session = await openLink(secret);
    const byName = answerOf(doorCalls.doorSearch, await send(t, doorCalls.doorSearch, { body: { session, query: 'ada' } }));
    if (byName.success !== 'true') throw new Error(byName.message);
    expect(byName.data.attendees.map((a) => a.name)).toEqual(['Ada Lovelace']);
    const byEmail = answerOf(doorCalls.doorSearch, await send(t, doorCalls.doorSearch, { body: { session, query: ada.email.slice(0, 12) } }));
    if (byEmail.success !== 'true') throw new Error(byEmail.message);
    expect(byEmail.data.attendees.map((a) => a.id)).toEqual([ada.id]);
    const wildcard = answerOf(doorCalls.doorSearch, await send(t, doorCalls.doorSearch, { body: { session, query: '%' } }));
    if (wildcard.success !== 'true') throw new Error(wildcard.message);
    expect(wildcard.data.attendees).toEqual([]);
  });
});

describe('the chip page', () => {
  it('lets only the event\'s organiser check in from it: a logged-in stranger gets the attendee view and cannot check in', async () => {
    const { owner, event } = await organiserWithEvent();
    const stranger = await createUser(t);
    const ada = await insertAttendee(t, event, 'Ada Lovelace', 'VIP');
    const chip = await insertChip(t, event.id, ada.id);

    const seen = answerOf(calls.chip, await send(t, calls.chip, { authorization: stranger.authorization, params: { id: chip } }));
    expect(seen).toMatchObject({ success: 'true', data: { is_organiser: false } });
    const tried = await send(t, calls.checkIn, { authorization: stranger.authorization, params: { id: ada.id }, body: { event_id: event.id, url_id: chip, checked_in: true } });
    expect(tried.statusCode).toBe(404);
    expect((await t.db.selectFrom('attendees').select('checked_in').where('id', '=', ada.id).executeTakeFirstOrThrow()).checked_in).toBe(false);

    const own = answerOf(calls.chip, await send(t, calls.chip, { authorization: owner.authorization, params: { id: chip } }));
    expect(own).toMatchObject({ success: 'true', data: { is_organiser: true } });
    const done = await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, url_id: chip, checked_in: true } });
    expect(done.statusCode).toBe(200);
    const row = await t.db.selectFrom('attendees').select(['checked_in', 'checked_in_by']).where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ checked_in: true, checked_in_by: `chip:${owner.id}` });
  });
});
