import { calls, doorCalls, SERVICE_KEY_HEADER, serviceCalls } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { eventTiming } from '@tapcard/shared/domain';
import { newPasswordSchema } from '@tapcard/shared/rules';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken, verifyPassword } from './lib/crypto.js';
import { scratchTokenHash } from './domain/card-tokens.js';
import { answerOf, send } from './test/contract.js';
import { createUser, SERVICE_KEY, upstreamForFile, type TestUpstream } from './test/harness.js';
import { DEMO_EMAIL, DEMO_LIVE_EVENT_ID, DEMO_PASSWORD, DEMO_STAFF_LINK_SECRET, demoSummary, formatDemoSummary, seedDemo } from './seed.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const TABLES = ['users', 'card_profiles', 'card_fields', 'services', 'physical_cards', 'contacts', 'events', 'event_prices', 'event_gallery', 'attendees', 'chats', 'private_chats', 'chips', 'staff_links'] as const;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = (await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Number(v)]));
}

/** A session for the seeded organiser, made directly (the login route is tested with accounts). */
async function organiserAuthorization(): Promise<string> {
  const user = await t.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const token = randomToken();
  await t.db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  return `Bearer ${token}`;
}

describe('seedDemo', () => {
  it('leaves a database that has real users alone', async () => {
    const someone = await createUser(t);
    expect(await seedDemo(t.db, t.config)).toBeNull();
    expect((await counts()).events).toBe(0);
    await t.db.deleteFrom('users').where('id', '=', someone.id).execute();
  });

  it('seeds an empty database once; a second call changes nothing', async () => {
    const first = await seedDemo(t.db, t.config);
    expect(first).toEqual({ seeded: true, summary: demoSummary(t.config) });
    const after = await counts();
    expect(after).toMatchObject({ users: 1, physical_cards: 2, contacts: 2, services: 2, events: 3, attendees: 6, chats: 8, private_chats: 4, chips: 2, staff_links: 1 });
    expect(after.card_fields).toBe(6);

    const second = await seedDemo(t.db, t.config);
    expect(second).toEqual({ seeded: false, summary: demoSummary(t.config) });
    expect(await counts()).toEqual(after);
  });

  it('lets the organiser sign in with the documented password, which passes the new-password rules', async () => {
    const row = await t.db.selectFrom('users').select('password_hash').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(await verifyPassword(DEMO_PASSWORD, row.password_hash)).toBe(true);
    expect(newPasswordSchema.safeParse({ password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD }).success).toBe(true);
  });

  it('gives the organiser an ongoing event, an upcoming and a past one, with a complete admin view', async () => {
    const authorization = await organiserAuthorization();
    const list = answerOf(calls.listEvents, await send(t, calls.listEvents, { authorization }));
    if (list.success !== 'true') throw new Error(list.message);
    expect(list.data.upcoming.map((e) => e.id)).toEqual([DEMO_LIVE_EVENT_ID, 'demo-upcoming-event']);
    expect(list.data.past.map((e) => e.id)).toEqual(['demo-past-event']);
    const live = list.data.upcoming[0];
    expect(live && eventTiming(live, t.clock.now())).toBe(0);
    expect(live?.prices.map((p) => [p.title, p.amount, p.withChips, p.sold])).toEqual([
      ['Regular', 0, 'without', 4],
      ['VIP', 15000, 'with', 2],
    ]);
    expect(live?.gallery).toHaveLength(3);
    expect(live?.image).toMatch(/^data:image\/svg\+xml/);

    const admin = answerOf(calls.adminEvent, await send(t, calls.adminEvent, { authorization, params: { id: DEMO_LIVE_EVENT_ID } }));
    if (admin.success !== 'true') throw new Error(admin.message);
    expect(admin.data.attendees).toHaveLength(6);
    expect(admin.data.attendees.filter((a) => a.checked_in).map((a) => a.name)).toEqual(['Ada Obi']);
    expect(admin.data.chats).toHaveLength(8);
    expect(admin.data.chats.filter((c) => c.attendee_id.startsWith('admin-')).every((c) => c.name === 'ADMIN')).toBe(true);
    expect(admin.data.chats.some((c) => c.attendee_id.startsWith('admin-'))).toBe(true);
    expect(admin.data.private_chats.map((c) => c.message)).toEqual(['Hello, can I get a receipt for my ticket?', 'Of course, we will email it to you tonight.']);
    expect(admin.data.chips.map((c) => c.attendee_id !== null)).toEqual([true, false]);
  });

  it('opens each attendee\'s arena by the documented tid, showing only their own private chats', async () => {
    const summary = demoSummary(t.config);
    expect(summary.attendees).toHaveLength(6);
    for (const attendee of summary.attendees) {
      expect(attendee.arenaUrl).toBe(`http://localhost:3000/event/u/arena/${attendee.tid}`);
      const answer = answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: attendee.tid } }));
      if (answer.success !== 'true') throw new Error(answer.message);
      expect(answer.data.name).toBe(attendee.name);
      expect(answer.data.attendee.price_category).toBe(attendee.ticket);
      expect(answer.data.attendee.chats).toHaveLength(8);
      for (const chat of answer.data.attendee.private_chats) expect([chat.attendee_id_1, chat.attendee_id_2]).toContain(answer.data.attendee.id);
    }
    const ada = summary.attendees[0];
    const answer = answerOf(calls.eventToken, await send(t, calls.eventToken, { params: { id: ada?.tid ?? '' } }));
    expect(answer).toMatchObject({ success: 'true', data: { attendee: { checked_in: true, private_chats: [{ message: expect.stringContaining('Coffee') }, { message: 'Sure, see you by the coffee bar.' }] } } });
  });

  it('serves the live state with the chat history, and the chips and the unactivated card as documented', async () => {
    const live = answerOf(serviceCalls.liveState, await send(t, serviceCalls.liveState, { params: { id: DEMO_LIVE_EVENT_ID }, headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY } }));
    if (live.success !== 'true') throw new Error(live.message);
    expect(live.data).toMatchObject({ full: true });
    expect(live.data.chats).toHaveLength(8);
    expect(live.data.private_chats).toHaveLength(4);
    expect(live.data.attendees).toHaveLength(6);
    const seqs = [...live.data.chats, ...live.data.private_chats].map((c) => c.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Math.max(...seqs, ...live.data.attendees.map((a) => a.seq))).toBeLessThanOrEqual(live.data.version);

    const summary = demoSummary(t.config);
    const [bound, spare] = summary.chips;
    expect(bound?.url).toBe(`http://localhost:3000/events/d/chip/i/${bound?.id}`);
    const boundRecord = answerOf(calls.chip, await send(t, calls.chip, { params: { id: bound?.id ?? '' } }));
    expect(boundRecord).toMatchObject({ success: 'true', data: { attendee: { name: 'Ada Obi', checked_in: true }, price: { title: 'VIP' } } });
    const spareRecord = answerOf(calls.chip, await send(t, calls.chip, { params: { id: spare?.id ?? '' } }));
    expect(spareRecord).toMatchObject({ success: 'true', data: { attendee: null } });

    const card = await t.db.selectFrom('physical_cards').selectAll().where('id', '=', summary.unactivatedCard.id).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ status: 'new', type: 'nfc', profile_id: null, token_hash: scratchTokenHash(summary.unactivatedCard.token) });
    expect(summary.unactivatedCard).toMatchObject({ id: 'DEMO-CARD-2', token: 'DEMO42', tapUrl: 'http://localhost:3000/?id=DEMO-CARD-2&type=nfc' });
    const profile = await t.db.selectFrom('card_profiles').select(['link', 'title']).where('link', '=', summary.publicCard.link).executeTakeFirstOrThrow();
    expect(summary.publicCard.url).toBe(`http://localhost:3000/card/connect?link=${profile.link}`);

    const text = formatDemoSummary(summary);
    expect(text).toContain('demo@tapcard.local / Demo1234!');
    expect(text).toContain(summary.attendees[0]?.arenaUrl ?? 'missing');
  });

  it('opens a door session for the live event with the documented staff link, through which Ada came in', async () => {
    const summary = demoSummary(t.config);
    expect(summary.staffLink).toEqual({ label: 'North gate', secret: DEMO_STAFF_LINK_SECRET, url: 'http://localhost:3000/door/demo-north-gate' });
    expect(matchPage(pagePatterns.staffLink, new URL(summary.staffLink.url).pathname)?.secret).toBe(DEMO_STAFF_LINK_SECRET);
    expect(formatDemoSummary(summary)).toContain(summary.staffLink.url);

    const opened = answerOf(doorCalls.openStaffLink, await send(t, doorCalls.openStaffLink, { body: { secret: DEMO_STAFF_LINK_SECRET } }));
    if (opened.success !== 'true') throw new Error(opened.message);
    expect(opened.data).toMatchObject({ event_id: DEMO_LIVE_EVENT_ID, gate: 'North gate', check_out: false });
    expect(new Date(opened.data.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime() + 300 * 24 * 60 * 60 * 1000);
    const found = answerOf(doorCalls.doorSearch, await send(t, doorCalls.doorSearch, { body: { session: opened.data.session, query: 'Ada' } }));
    expect(found).toMatchObject({ success: 'true', data: { attendees: [{ name: 'Ada Obi', checked_in: true, checked_in_by: 'North gate' }] } });
  });
});
