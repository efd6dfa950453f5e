import { calls, doorCalls, SERVICE_KEY_HEADER, serviceCalls } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import { describe, expect, it } from 'vitest';
import { DOOR_CHECK_OUT_OFF_MESSAGE, DOOR_CLIENT_ID_REUSED_MESSAGE, STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE } from '../domain/door.js';
import { inEventChange } from '../domain/event-sequence.js';
import { hashToken, randomId } from '../lib/crypto.js';
import { setCheckedIn } from '../repositories/attendees.js';
import { eventSeq } from '../test/door.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createUser, SERVICE_KEY, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { createEvent, insertAttendee, insertChip, registerFree } from '../test/events.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

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

async function doorCheckIn(session: string, attendeeId: string, clientId?: string, scannedAt?: Date) {
  return send(t, doorCalls.doorCheckIn, {
    body: { session, attendee_id: attendeeId, ...(clientId ? { client_id: clientId } : {}), ...(scannedAt ? { scanned_at: scannedAt.toISOString() } : {}) },
  });
}

async function doorCheckOut(session: string, attendeeId: string, clientId?: string, scannedAt?: Date) {
  return send(t, doorCalls.doorCheckOut, {
    body: { session, attendee_id: attendeeId, ...(clientId ? { client_id: clientId } : {}), ...(scannedAt ? { scanned_at: scannedAt.toISOString() } : {}) },
  });
}

function checkOutData(res: Awaited<ReturnType<typeof doorCheckOut>>) {
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(doorCalls.doorCheckOut, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

async function setCheckOut(authorization: string, eventId: string, checkOut: boolean) {
  const res = await send(t, doorCalls.setDoorSettings, { authorization, params: { id: eventId }, body: { check_out: checkOut } });
  expect(res.statusCode, res.body).toBe(200);
}

async function attendeeRow(attendeeId: string) {
  return t.db.selectFrom('attendees').select(['checked_in', 'checked_in_at', 'checked_in_by']).where('id', '=', attendeeId).executeTakeFirstOrThrow();
}

async function conflictRows(eventId: string) {
  return t.db.selectFrom('door_conflicts').selectAll().where('event_id', '=', eventId).execute();
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
    expect(opened).toMatchObject({ success: 'true', data: { event_id: event.id, link_id: link.id, gate: 'Main door', check_out: false, event: { title: event.title } } });
    // The checked-in count's total: the event's ticket stock (Regular 100 + VIP 10), as the attendees page counts it.
    expect(opened.success === 'true' && opened.data.total_stock).toBe(110);
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

describe('offline scans', () => {
  it('checks in at the scan time, never later than now nor before the link existed', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const bob = await insertAttendee(t, event, 'Bob Marley');
    const cy = await insertAttendee(t, event, 'Cy Twombly');
    const { link, secret } = await createLink(owner.authorization, event.id, 'North gate');
    const session = await openLink(secret);
    t.clock.advance(HOUR_MS);
    try {
      const scanned = new Date(t.clock.now().getTime() - 30 * 60 * 1000);
      expect(checkInData(await doorCheckIn(session, ada.id, 'scan-ada', scanned))).toMatchObject({ outcome: 'admitted', checked_in_at: scanned.toISOString(), checked_in_by: 'North gate' });
      expect((await attendeeRow(ada.id)).checked_in_at?.toISOString()).toBe(scanned.toISOString());

      const beforeLink = new Date(new Date(link.created_at).getTime() - 5 * 60 * 1000);
      expect(checkInData(await doorCheckIn(session, bob.id, 'scan-bob', beforeLink)).checked_in_at).toBe(link.created_at);

      const before = t.clock.now().getTime();
      const future = checkInData(await doorCheckIn(session, cy.id, 'scan-cy', new Date(before + 24 * HOUR_MS)));
      const at = new Date(future.checked_in_at ?? 0).getTime();
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(t.clock.now().getTime());
    } finally {
      t.clock.advance(-HOUR_MS);
    }
  });

  it('answers conflict to a later offline admission of someone already counted, records it once for the organiser and moves the event on', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const north = await openLink((await createLink(owner.authorization, event.id, 'North gate')).secret);
    const south = await openLink((await createLink(owner.authorization, event.id, 'South gate')).secret);
    const first = checkInData(await doorCheckIn(north, ada.id, 'north-1'));
    const before = await eventSeq(t, event.id);

    const scannedAt = t.clock.now();
    const conflict = checkInData(await doorCheckIn(south, ada.id, 'south-1', scannedAt));
    expect(conflict).toEqual({
      event_id: event.id,
      outcome: 'conflict',
      attendee: { id: ada.id, name: 'Ada Lovelace', image: expect.any(String) },
      checked_in_at: first.checked_in_at,
      checked_in_by: 'North gate',
    });
    expect(await eventSeq(t, event.id)).toBe(before + 1);
    // A retry of the same scan answers the same and records nothing new.
    expect(checkInData(await doorCheckIn(south, ada.id, 'south-1', scannedAt))).toEqual(conflict);
    expect(await eventSeq(t, event.id)).toBe(before + 1);
    // An online scan (no scan time) is only 'already', recorded nowhere.
    expect(checkInData(await doorCheckIn(south, ada.id, 'south-2')).outcome).toBe('already');
    expect(await conflictRows(event.id)).toHaveLength(1);
    expect(await attendeeRow(ada.id)).toMatchObject({ checked_in: true, checked_in_by: 'North gate' });

    const listed = answerOf(doorCalls.listDoorConflicts, await send(t, doorCalls.listDoorConflicts, { authorization: owner.authorization, params: { id: event.id } }));
    expect(listed).toMatchObject({
      success: 'true',
      data: {
        event_id: event.id,
        conflicts: [
          { attendee: { id: ada.id, name: 'Ada Lovelace' }, gate: 'South gate', scanned_at: scannedAt.toISOString(), first_checked_in_at: first.checked_in_at, first_checked_in_by: 'North gate' },
        ],
      },
    });
  });

  it('admits one of 50 parallel scans of one attendee from three gates; only the offline scans that lost are conflicts', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const sessions: string[] = [];
    for (const gate of ['Gate A', 'Gate B', 'Gate C']) sessions.push(await openLink((await createLink(owner.authorization, event.id, gate)).secret));
    const scannedAt = t.clock.now();
    const offline = (i: number) => i % 2 === 0;

    const answers = (await Promise.all(Array.from({ length: 50 }, (_, i) => doorCheckIn(sessions[i % 3]!, ada.id, `scan-${i}`, offline(i) ? scannedAt : undefined)))).map(checkInData);
    const admitted = answers.filter((a) => a.outcome === 'admitted');
    expect(admitted).toHaveLength(1);
    answers.forEach((a, i) => {
      if (a.outcome !== 'admitted') expect(a.outcome).toBe(offline(i) ? 'conflict' : 'already');
    });
    // Every answer names the one check-in that counted.
    expect(new Set(answers.map((a) => `${a.checked_in_at} ${a.checked_in_by}`))).toEqual(new Set([`${admitted[0]!.checked_in_at} ${admitted[0]!.checked_in_by}`]));
    expect(await conflictRows(event.id)).toHaveLength(answers.filter((a) => a.outcome === 'conflict').length);
    expect(await attendeeRow(ada.id)).toMatchObject({ checked_in: true, checked_in_by: admitted[0]!.checked_in_by });
  });

  it('answers 50 parallel retries of one scan alike, storing one answer and at most one conflict', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const bob = await insertAttendee(t, event, 'Bob Marley');
    const north = await openLink((await createLink(owner.authorization, event.id, 'North gate')).secret);
    const south = await openLink((await createLink(owner.authorization, event.id, 'South gate')).secret);
    checkInData(await doorCheckIn(north, ada.id));
    const scannedAt = t.clock.now();
    const before = await eventSeq(t, event.id);

    const lost = (await Promise.all(Array.from({ length: 50 }, () => doorCheckIn(south, ada.id, 'offline-1', scannedAt)))).map(checkInData);
    expect(new Set(lost.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(lost[0]!.outcome).toBe('conflict');
    expect(await conflictRows(event.id)).toHaveLength(1);
    expect(await eventSeq(t, event.id)).toBe(before + 1);

    const won = (await Promise.all(Array.from({ length: 50 }, () => doorCheckIn(south, bob.id, 'offline-2', scannedAt)))).map(checkInData);
    expect(new Set(won.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(won[0]).toMatchObject({ outcome: 'admitted', checked_in_by: 'South gate' });
    expect(await conflictRows(event.id)).toHaveLength(1);
    expect(await eventSeq(t, event.id)).toBe(before + 2);

    const stored = await t.db.selectFrom('door_check_ins').select('client_id').where('client_id', 'in', ['offline-1', 'offline-2']).execute();
    expect(stored.map((r) => r.client_id).sort()).toEqual(['offline-1', 'offline-2']);
  });
});

describe('door check-out', () => {
  it('is refused with a clear message while the event does not track check-out', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const session = await openLink((await createLink(owner.authorization, event.id)).secret);
    checkInData(await doorCheckIn(session, ada.id));
    const refused = await doorCheckOut(session, ada.id, 'out-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: 'false', message: DOOR_CHECK_OUT_OFF_MESSAGE });
    expect((await attendeeRow(ada.id)).checked_in).toBe(true);
  });

  it('checks someone out as a change of the event, clearing when and where they came in; re-entry admits them again', async () => {
    const { owner, event } = await organiserWithEvent();
    const other = await createEvent(t, owner.authorization);
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const foreign = await insertAttendee(t, other, 'Foreign Guest');
    const northLink = await createLink(owner.authorization, event.id, 'North gate');
    const north = await openLink(northLink.secret);
    const south = await openLink((await createLink(owner.authorization, event.id, 'South gate')).secret);
    checkInData(await doorCheckIn(north, ada.id));
    await setCheckOut(owner.authorization, event.id, true);
    expect(answerOf(doorCalls.doorSession, await send(t, doorCalls.doorSession, { body: { session: north } }))).toMatchObject({ success: 'true', data: { check_out: true } });
    const before = await eventSeq(t, event.id);

    const out = checkOutData(await doorCheckOut(north, ada.id, 'out-1'));
    expect(out).toEqual({ event_id: event.id, outcome: 'checked_out', attendee: { id: ada.id, name: 'Ada Lovelace', image: expect.any(String) } });
    expect(await attendeeRow(ada.id)).toEqual({ checked_in: false, checked_in_at: null, checked_in_by: null });
    expect(await eventSeq(t, event.id)).toBe(before + 1);
    const live = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY }, params: { id: event.id }, query: { since: before } }));
    if (live.success !== 'true') throw new Error(live.message);
    expect(live.data.attendees).toEqual([expect.objectContaining({ id: ada.id, checked_in: false, checked_in_at: null, checked_in_by: null })]);

    expect(checkOutData(await doorCheckOut(north, ada.id, 'out-1'))).toEqual(out);
    expect(checkOutData(await doorCheckOut(north, ada.id, 'out-2')).outcome).toBe('not_inside');
    expect(checkOutData(await doorCheckOut(north, foreign.id, 'out-3'))).toMatchObject({ outcome: 'unknown', attendee: null });
    expect(await eventSeq(t, event.id)).toBe(before + 1);

    const back = checkInData(await doorCheckIn(south, ada.id, 'in-2'));
    expect(back).toMatchObject({ outcome: 'admitted', checked_in_by: 'South gate' });
    const reused = await doorCheckOut(south, ada.id, 'in-2');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: DOOR_CLIENT_ID_REUSED_MESSAGE });

    await send(t, doorCalls.revokeStaffLink, { authorization: owner.authorization, params: { id: event.id, link_id: northLink.link.id } });
    const revoked = await doorCheckOut(north, ada.id, 'out-4');
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ message: STAFF_LINK_REVOKED_MESSAGE });
    expect(await attendeeRow(ada.id)).toMatchObject({ checked_in: true, checked_in_by: 'South gate' });
  });

  it('counts 50 parallel check-outs of one attendee once, with or without client ids', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    // Two phones of one gate: a client id is the link's, so both phones' repeats of it are one scan.
    const { secret } = await createLink(owner.authorization, event.id, 'Gate A');
    const [s1, s2] = await Promise.all([openLink(secret), openLink(secret)]);
    checkInData(await doorCheckIn(s1, ada.id));
    await setCheckOut(owner.authorization, event.id, true);
    const before = await eventSeq(t, event.id);

    const answers = (
      await Promise.all(Array.from({ length: 50 }, (_, i) => doorCheckOut(i % 2 === 0 ? s1 : s2, ada.id, i % 3 === 0 ? 'same-client' : i % 3 === 1 ? `client-${i}` : undefined)))
    ).map(checkOutData);
    const sameClient = answers.filter((_, i) => i % 3 === 0);
    expect(new Set(sameClient.map((a) => JSON.stringify(a))).size).toBe(1);
    const checkedOut = answers.filter((a, i) => a.outcome === 'checked_out' && i % 3 !== 0).length + (sameClient[0]!.outcome === 'checked_out' ? 1 : 0);
    expect(checkedOut).toBe(1);
    expect(answers.every((a) => a.outcome === 'checked_out' || a.outcome === 'not_inside')).toBe(true);
    expect(await attendeeRow(ada.id)).toEqual({ checked_in: false, checked_in_at: null, checked_in_by: null });
    expect(await eventSeq(t, event.id)).toBe(before + 1);
  });

  it('leaves someone inside when an offline check-out was scanned before they came in again', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const session = await openLink((await createLink(owner.authorization, event.id)).secret);
    await setCheckOut(owner.authorization, event.id, true);
    t.clock.advance(HOUR_MS);
    try {
      checkInData(await doorCheckIn(session, ada.id));
      const earlier = new Date(t.clock.now().getTime() - 30 * 60 * 1000);
      expect(checkOutData(await doorCheckOut(session, ada.id, 'stale-exit', earlier)).outcome).toBe('not_inside');
      expect((await attendeeRow(ada.id)).checked_in).toBe(true);
      expect(checkOutData(await doorCheckOut(session, ada.id, 'exit', t.clock.now())).outcome).toBe('checked_out');
      expect((await attendeeRow(ada.id)).checked_in).toBe(false);
    } finally {
      t.clock.advance(-HOUR_MS);
    }
  });
});

describe('the organiser\'s door settings and conflicts', () => {
  it('answers only the event\'s organiser: 404 for anyone else, 401 without a session', async () => {
    const { owner, event } = await organiserWithEvent();
    const stranger = await createUser(t);
    const read = answerOf(doorCalls.doorSettings, await send(t, doorCalls.doorSettings, { authorization: owner.authorization, params: { id: event.id } }));
    expect(read).toMatchObject({ success: 'true', data: { event_id: event.id, settings: { check_out: false } } });
    const set = answerOf(doorCalls.setDoorSettings, await send(t, doorCalls.setDoorSettings, { authorization: owner.authorization, params: { id: event.id }, body: { check_out: true } }));
    expect(set).toMatchObject({ success: 'true', data: { settings: { check_out: true } } });

    expect((await send(t, doorCalls.doorSettings, { authorization: stranger.authorization, params: { id: event.id } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.setDoorSettings, { authorization: stranger.authorization, params: { id: event.id }, body: { check_out: false } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.listDoorConflicts, { authorization: stranger.authorization, params: { id: event.id } })).statusCode).toBe(404);
    expect((await send(t, doorCalls.doorSettings, { params: { id: event.id } })).statusCode).toBe(401);
    expect((await send(t, doorCalls.setDoorSettings, { params: { id: event.id }, body: { check_out: false } })).statusCode).toBe(401);
    expect((await send(t, doorCalls.listDoorConflicts, { params: { id: event.id } })).statusCode).toBe(401);

    const after = answerOf(doorCalls.doorSettings, await send(t, doorCalls.doorSettings, { authorization: owner.authorization, params: { id: event.id } }));
    expect(after).toMatchObject({ success: 'true', data: { settings: { check_out: true } } });
  });

  it('lists at most 200 conflicts, newest first', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const { link } = await createLink(owner.authorization, event.id, 'South gate');
    const start = t.clock.now().getTime();
    const rows = Array.from({ length: 201 }, (_, i) => ({
      id: randomId(),
      event_id: event.id,
      attendee_id: ada.id,
      link_id: link.id,
      gate: 'South gate',
      scanned_at: new Date(start + i * 1000),
      first_checked_in_at: new Date(start),
      first_checked_in_by: 'North gate',
      seq: i + 1,
      created_at: new Date(start + i * 1000),
    }));
    await t.db.insertInto('door_conflicts').values(rows).execute();
    const listed = answerOf(doorCalls.listDoorConflicts, await send(t, doorCalls.listDoorConflicts, { authorization: owner.authorization, params: { id: event.id } }));
    if (listed.success !== 'true') throw new Error(listed.message);
    expect(listed.data.conflicts).toHaveLength(200);
    expect(listed.data.conflicts[0]).toMatchObject({ id: rows[200]!.id, attendee: { name: 'Ada Lovelace' }, first_checked_in_by: 'North gate' });
    expect(listed.data.conflicts[199]!.id).toBe(rows[1]!.id);
  });
});

describe('check-in records', () => {
  it('the switch records the organiser and the chip its user, with the time; switching off clears them; live and organiser views carry them', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const bob = await insertAttendee(t, event, 'Bob Marley');
    const chip = await insertChip(t, event.id, bob.id);
    const before = t.clock.now().getTime();

    expect((await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, checked_in: true } })).statusCode).toBe(200);
    expect((await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: bob.id }, body: { event_id: event.id, url_id: chip, checked_in: true } })).statusCode).toBe(200);
    const adaRow = await attendeeRow(ada.id);
    expect(adaRow).toMatchObject({ checked_in: true, checked_in_by: 'organiser' });
    expect(adaRow.checked_in_at!.getTime()).toBeGreaterThanOrEqual(before);
    expect(adaRow.checked_in_at!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    const bobRow = await attendeeRow(bob.id);
    expect(bobRow).toMatchObject({ checked_in: true, checked_in_by: `chip:${owner.id}` });

    const admin = answerOf(calls.adminEvent, await send(t, calls.adminEvent, { authorization: owner.authorization, params: { id: event.id } }));
    if (admin.success !== 'true') throw new Error(admin.message);
    expect(admin.data.attendees.map((a) => [a.name, a.checked_in_at, a.checked_in_by]).sort()).toEqual([
      ['Ada Lovelace', adaRow.checked_in_at!.toISOString(), 'organiser'],
      ['Bob Marley', bobRow.checked_in_at!.toISOString(), `chip:${owner.id}`],
    ]);
    const live = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY }, params: { id: event.id } }));
    if (live.success !== 'true') throw new Error(live.message);
    expect(live.data.attendees.find((a) => a.id === ada.id)).toMatchObject({ checked_in_at: adaRow.checked_in_at!.toISOString(), checked_in_by: 'organiser' });

    expect((await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, checked_in: false } })).statusCode).toBe(200);
    expect(await attendeeRow(ada.id)).toEqual({ checked_in: false, checked_in_at: null, checked_in_by: null });
    const cleared = answerOf(calls.adminEvent, await send(t, calls.adminEvent, { authorization: owner.authorization, params: { id: event.id } }));
    if (cleared.success !== 'true') throw new Error(cleared.message);
    expect(cleared.data.attendees.find((a) => a.id === ada.id)).toMatchObject({ checked_in: false, checked_in_at: null, checked_in_by: null });
  });

  it('keeps the check-in that counted when a switch that read "not in" lands after a door admitted the attendee', async () => {
    const { owner, event } = await organiserWithEvent();
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const session = await openLink((await createLink(owner.authorization, event.id, 'Gate A')).secret);
    const admitted = checkInData(await doorCheckIn(session, ada.id));
    // The switch's write, as it runs when its read of the attendee came before the door's admission.
    await inEventChange(t.db, event.id, (trx, seq) => setCheckedIn(trx, ada.id, true, seq, { at: new Date(t.clock.now().getTime() + 1000), by: 'organiser' }));
    const row = await attendeeRow(ada.id);
    expect([row.checked_in, row.checked_in_at?.toISOString(), row.checked_in_by]).toEqual([true, admitted.checked_in_at, 'Gate A']);
  });
});
