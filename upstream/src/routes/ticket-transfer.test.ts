import { LIMITS } from '@tapcard/shared/constants';
import { calls, doorCalls, ticketHolderCalls, type Event } from '@tapcard/shared/contract';
import { parseTicket } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import { linkInMail, sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import { describe, expect, it, vi } from 'vitest';
import { randomId } from '../lib/crypto.js';
import { liveOf } from '../test/arena.js';
import { doorCheckIn, doorSession, eventSeq } from '../test/door.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createEvent, insertChip, registerFree, tidOf, type Registered } from '../test/events.js';
import { mailingUpstreamForFile, type TestUpstream, type TestUser } from '../test/harness.js';

let smtp: TestSmtp;
let t: TestUpstream;
let organiser: TestUser;
mailingUpstreamForFile((started) => ({ smtp, t, organiser } = started));

const newEmail = () => `new-${randomId().toLowerCase()}@example.com`;

function editName(tid: string, name: string) {
  return send(t, ticketHolderCalls.editTicketName, { params: { id: tid }, body: { name } });
}

function transfer(tid: string, to: { name: string; email: string }) {
  return send(t, ticketHolderCalls.transferTicket, { params: { id: tid }, body: to });
}

async function ticketPage(tid: string) {
  const res = await send(t, calls.eventToken, { params: { id: tid } });
  return { res, answer: answerOf(calls.eventToken, res) };
}

/** The door ticket (QR code text) of a token, and the attendee it names. */
async function doorTicketOf(tid: string): Promise<{ ticket: string; attendeeId: string }> {
  const { answer } = await ticketPage(tid);
  if (answer.success !== 'true') throw new Error(answer.message);
  const parts = parseTicket(answer.data.ticket);
  if (!parts) throw new Error('not a ticket');
  return { ticket: answer.data.ticket, attendeeId: parts.attendeeId };
}

/** The access mail to `email`, and the new token its link carries. */
async function accessMailTo(email: string): Promise<string> {
  const mail = await smtp.waitFor((m) => sentTo(email)(m) && m.subject?.startsWith('Your access to ') === true, 20_000);
  return tidOf(linkInMail(mail, '/event/u/token/').pathname);
}

async function registered(event: Event, name = 'Ada Lovelace'): Promise<Registered> {
  const attendee = await registerFree(t, event, name);
  await smtp.waitFor(sentTo(attendee.email), 20_000);
  return attendee;
}

describe('the holder edits their name', () => {
  it('checks the name with the registration rule: 400 under name', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    expectFieldError(await editName(ada.tid, '   '), 'name', messages.nameRequired);
  });

  it('renames them as a live change: the live state, the ticket page and the door search see the new name', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    const before = await eventSeq(t, event.id);

    const res = await editName(ada.tid, '  Ada King  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 'true', message: messages.ticketNameSaved, data: { event_id: event.id, name: 'Ada King' } });

    expect(await eventSeq(t, event.id)).toBe(before + 1);
    const live = await liveOf(t, event.id, before);
    expect(live.attendees).toEqual([expect.objectContaining({ id: ada.id, name: 'Ada King' })]);
    const { answer } = await ticketPage(ada.tid);
    expect(answer.success === 'true' && answer.data.name).toBe('Ada King');
    const session = await doorSession(t, organiser.authorization, event);
    const found = answerOf(doorCalls.doorSearch, await send(t, doorCalls.doorSearch, { body: { session, query: 'King' } }));
    expect(found.success === 'true' && found.data.attendees.map((a) => a.name)).toEqual(['Ada King']);
  });

  it('is refused once the attendee is checked in (409, clear message), and changes nothing', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    await doorCheckIn(t, await doorSession(t, organiser.authorization, event), ada.id);
    const before = await eventSeq(t, event.id);

    const res = await editName(ada.tid, 'Someone Else');
    expect(res.statusCode).toBe(409);
    expect(answerOf(ticketHolderCalls.editTicketName, res).message).toBe(messages.ticketCheckedInNoEdit);
    expect(await eventSeq(t, event.id)).toBe(before);
    const row = await t.db.selectFrom('attendees').select('name').where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Ada Lovelace');
  });
});

describe('the name edit limit', () => {
  it(`lets ${LIMITS.ticketNameEdit.max} of 50 parallel edits of one ticket through, and refuses the rest (429)`, async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => editName(ada.tid, `Ada ${i}`)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMITS.ticketNameEdit.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - LIMITS.ticketNameEdit.max);
  });
});

describe('the holder transfers their ticket', () => {
  it('checks the new holder with the registration rules, and refuses the holder’s own email', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    expectFieldError(await transfer(ada.tid, { name: '', email: newEmail() }), 'name', messages.nameRequired);
    expectFieldError(await transfer(ada.tid, { name: 'Grace Hopper', email: 'grace@' }), 'email', messages.emailInvalid);
    expectFieldError(await transfer(ada.tid, { name: 'Grace Hopper', email: ada.email.toUpperCase() }), 'email', messages.ticketTransferSelf);
    expect((await ticketPage(ada.tid)).res.statusCode).toBe(200);
  });

  it('ends the old token and QR code at once, unbinds the chip, and mails the new holder a working ticket of their own', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    const old = await doorTicketOf(ada.tid);
    const chip = await insertChip(t, event.id, ada.id);
    const session = await doorSession(t, organiser.authorization, event);
    const before = await eventSeq(t, event.id);
    const grace = { name: 'Grace Hopper', email: newEmail() };

    const res = await transfer(ada.tid, grace);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 'true', message: messages.ticketTransferred, data: { event_id: event.id } });

    // The old link: every call of the token says the ticket was transferred, and shows nothing of it.
    const gone = await ticketPage(ada.tid);
    expect(gone.res.statusCode).toBe(410);
    expect(gone.answer.message).toBe(messages.ticketWasTransferred);
    expect(gone.res.body).not.toContain('Grace');
    expect((await editName(ada.tid, 'Ada Again')).statusCode).toBe(410);
    // The old QR code at an online door: refused with the reason.
    const refused = await doorCheckIn(t, session, old.attendeeId);
    expect(refused.outcome).toBe('transferred');
    expect(refused.attendee).toBeNull();
    expect(refused.message).toBe(messages.ticketWasTransferred);

    // The chip is free again.
    const bound = await t.db.selectFrom('chips').select('attendee_id').where('id', '=', chip).executeTakeFirstOrThrow();
    expect(bound.attendee_id).toBeNull();

    // The new holder's own mail, token and door ticket.
    const newTid = await accessMailTo(grace.email);
    expect(newTid).not.toBe(ada.tid);
    const fresh = await ticketPage(newTid);
    expect(fresh.res.statusCode).toBe(200);
    expect(fresh.answer.success === 'true' && fresh.answer.data.name).toBe('Grace Hopper');
    const next = await doorTicketOf(newTid);
    expect(next.attendeeId).not.toBe(old.attendeeId);
    expect(next.ticket).not.toBe(old.ticket);
    const admitted = await doorCheckIn(t, session, next.attendeeId);
    expect(admitted.outcome).toBe('admitted');
    expect(admitted.attendee?.name).toBe('Grace Hopper');

    // Live: one change brings the old holder as transferred, the new one, and the chip unbound.
    const live = await liveOf(t, event.id, before);
    expect(live.attendees.find((a) => a.id === old.attendeeId)).toMatchObject({ transferred: true, checked_in: false });
    expect(live.attendees.find((a) => a.id === next.attendeeId)).toMatchObject({ name: 'Grace Hopper' });
    expect(live.attendees.find((a) => a.id === next.attendeeId)?.transferred).toBeUndefined();
    expect(live.chips).toEqual([{ id: chip, attendee_id: null }]);
  });

  it('refuses a checked-in ticket (409, clear message): the token keeps working, nothing is mailed', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    await doorCheckIn(t, await doorSession(t, organiser.authorization, event), ada.id);
    const email = newEmail();

    const res = await transfer(ada.tid, { name: 'Grace Hopper', email });
    expect(res.statusCode).toBe(409);
    expect(answerOf(ticketHolderCalls.transferTicket, res).message).toBe(messages.ticketCheckedInNoTransfer);
    expect((await ticketPage(ada.tid)).res.statusCode).toBe(200);
    expect(await t.db.selectFrom('mail_queue').select('id').where('to_address', '=', email).execute()).toEqual([]);
  });

  it('moves the ticket once under 20 parallel tries: one transfer, one new holder, one mail', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    const emails = Array.from({ length: 20 }, newEmail);

    const answers = await Promise.all(emails.map((email, i) => transfer(ada.tid, { name: `Holder ${i}`, email })));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 410)).toBe(true);

    const rows = await t.db.selectFrom('attendees').select(['id', 'status', 'origin_id']).where('event_id', '=', event.id).execute();
    expect(rows.filter((r) => r.status === 'transferred').map((r) => r.id)).toEqual([ada.id]);
    expect(rows.filter((r) => r.status === 'confirmed')).toEqual([expect.objectContaining({ origin_id: ada.id })]);
    // Every mail is queued before its answer: once the winner's is delivered and none waits, the count is final.
    const winner = emails[answers.findIndex((res) => res.statusCode === 200)] ?? '';
    await accessMailTo(winner);
    await vi.waitFor(async () => expect(await t.db.selectFrom('mail_queue').select('id').where('to_address', 'in', emails).execute()).toEqual([]), { timeout: 20_000, interval: 100 });
    expect(smtp.mails.filter((m) => emails.some((email) => sentTo(email)(m)))).toHaveLength(1);
  });

  it('refuses the old QR code a door admitted offline and syncs later: not counted, not a conflict', async () => {
    const event = await createEvent(t, organiser.authorization);
    const ada = await registered(event);
    const old = await doorTicketOf(ada.tid);
    const session = await doorSession(t, organiser.authorization, event);
    const scannedAt = new Date(t.clock.now().getTime() - 1000);
    const grace = { name: 'Grace Hopper', email: newEmail() };
    expect((await transfer(ada.tid, grace)).statusCode).toBe(200);

    const synced = await doorCheckIn(t, session, old.attendeeId, { clientId: randomId(), scannedAt });
    expect(synced.outcome).toBe('transferred');
    expect(synced.message).toBe(messages.ticketWasTransferred);
    const rows = await t.db.selectFrom('attendees').select(['status', 'checked_in']).where('event_id', '=', event.id).execute();
    expect(rows.every((r) => !r.checked_in)).toBe(true);
    expect(await t.db.selectFrom('door_conflicts').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    // The door's live list carries the old ticket as transferred, so a phone that syncs its list refuses it offline too.
    const live = await liveOf(t, event.id);
    expect(live.attendees.find((a) => a.id === old.attendeeId)?.transferred).toBe(true);
  });

  it(`lets one ticket change hands ${LIMITS.ticketTransfer.max} times a day, over all its holders, then refuses (429)`, async () => {
    const event = await createEvent(t, organiser.authorization);
    let tid = (await registered(event)).tid;
    for (let i = 0; i < LIMITS.ticketTransfer.max; i++) {
      const email = newEmail();
      const res = await transfer(tid, { name: `Holder ${i}`, email });
      expect(res.statusCode, res.body).toBe(200);
      tid = await accessMailTo(email);
    }
    const res = await transfer(tid, { name: 'One Too Many', email: newEmail() });
    expect(res.statusCode).toBe(429);
    expect(answerOf(ticketHolderCalls.transferTicket, res).message).toBe(messages.ticketTransferLimit);
    // Refused whole: the last holder keeps the ticket.
    expect((await ticketPage(tid)).res.statusCode).toBe(200);
  });
});
