import { arenaSafetyCalls, calls, doorCalls, type Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { openGroupChat, postFromPage, privatePost, privatePostPath } from './support/arena-safety.js';
import { browsers } from './support/browser.js';
import { expectCount } from './support/counts.js';
import { DEMO } from './support/demo.js';
import { createStaffLink, openStaffLink, registerFromPhone, tamperedTicket, ticketOf } from './support/door.js';
import { createEventViaApi, markDocument, registerViaApi, sameDocument, waitUntilLive } from './support/live-events.js';
import { createOrganiser, signIn, type Account } from './support/people.js';

/**
 * Rough edges of the live side, each as a phone (390 px) meets it: the ticket page follows its own
 * check-in; the door, the attendees page and the projector count checked in of the stock alike; the door's result
 * card speaks of the present (after a sync, after a new search); a blocked person leaves the blocker's
 * private list; Get Chips opens the chips page; and a route whose code cannot be downloaded offline
 * shows the network screen, then loads once the phone is back online.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: 390, height: 844, reducedMotion: 'reduce' });
let organiser: Account;

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl, 'Funmi Rough');
});

/** A door session for a new staff link of the event at `gate`, opened through the API a staff phone calls. */
async function doorSession(event: Event, gate: string): Promise<string> {
  const { path } = await createStaffLink(baseUrl, organiser, event, gate);
  const secret = matchPage(pagePatterns.staffLink, path)?.secret;
  if (secret === undefined) throw new Error(`unexpected staff link ${path}`);
  const opened = await callApi(baseUrl, doorCalls.openStaffLink, { body: { secret } });
  if (opened.answer.success !== 'true') throw new Error(`open staff link failed: ${opened.answer.message}`);
  return opened.answer.data.session;
}

/** The organiser's signed-in page at `path`, live. */
async function organiserPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await waitUntilLive(page);
  return page;
}

describe('live rough edges at 390 px', () => {
  it('shows the check-in on the ticket page as the door makes it, and takes it back when it is undone', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const bayo = await registerViaApi(baseUrl, event, 'Bayo Ticket');
    const session = await doorSession(event, 'North gate');
    const page = await (await browser()).context.newPage();
    await page.goto(`/event/u/token/${bayo.tid}`);
    await page.getByRole('heading', { level: 1, name: 'Registration Successful!' }).waitFor();
    await waitUntilLive(page);
    await markDocument(page);
    const line = page.getByTestId('ticket-check-in');
    await expectCount(line).toBe(0);

    const admitted = await callApi(baseUrl, doorCalls.doorCheckIn, { body: { session, attendee_id: bayo.id } });
    expect(admitted.answer).toMatchObject({ success: 'true', data: { outcome: 'admitted' } });
    await expect.poll(() => line.textContent(), { timeout: 30_000 }).toMatch(/^Already checked in at North gate, \d\d:\d\d$/);

    // The organiser switches Bayo back to Absent: the line goes, still without a reload.
    const undone = await callApi(baseUrl, calls.checkIn, { params: { id: bayo.id }, authorization: organiser.authorization, body: { event_id: event.id, checked_in: false } });
    expect(undone.answer.success).toBe('true');
    await expectCount(line).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    // The demo's Ada, checked in at the demo's North gate, reads what the README promises.
    await page.goto(`/event/u/token/${DEMO.attendees.ada}`);
    await expect.poll(() => line.textContent()).toMatch(/^Already checked in at North gate, \d\d:\d\d$/);
  });

  it('counts checked in of the total ticket stock one way, with one label, on the door, the attendees page and the projector', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [ada] = await Promise.all([registerViaApi(baseUrl, event, 'Ada Inside'), registerViaApi(baseUrl, event, 'Bola Inside'), registerViaApi(baseUrl, event, 'Chike Inside')]);
    if (!ada) throw new Error('no attendee');
    const door = await (await browser()).context.newPage();
    const { session } = await openStaffLink(door, baseUrl, organiser, event, 'East gate');
    const host = (await browser()).context;
    const signedIn = await host.newPage();
    await signIn(signedIn, organiser);
    const attendees = await organiserPage(host, `/event/${event.id}/view-attendees`);
    const projector = await organiserPage(host, `/event/${event.id}/live`);

    const admitted = await callApi(baseUrl, doorCalls.doorCheckIn, { body: { session, attendee_id: ada.id } });
    expect(admitted.answer).toMatchObject({ success: 'true', data: { outcome: 'admitted' } });
    // The spec's 'checked-in attendees / total stock' (3 registered of the event's whole stock), on each
    // screen in the same words and under the same accessible name (the projector sets its label in
    // capitals by style only).
    const total = event.prices.reduce((sum, p) => sum + p.attendees, 0);
    expect(total).toBeGreaterThan(3);
    const count = (page: Page) => async () => (await page.getByRole('status', { name: `1 checked in of ${total} tickets` }).textContent())?.replace(/\s+/g, ' ').trim();
    for (const page of [door, attendees, projector]) await expect.poll(count(page), { timeout: 30_000 }).toBe(`Checked in 1 / ${total} tickets`);
  });

  it('says a queued admission synced once it has, and clears an old result when a name is searched', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const guest = await registerFromPhone(baseUrl, event, 'Offline Amara', 21);
    const ticket = await ticketOf(baseUrl, guest);
    const { context } = await browser();
    const page = await context.newPage();
    await openStaffLink(page, baseUrl, organiser, event, 'Side gate');
    await expect.poll(() => page.getByRole('region', { name: 'Checked in' }).getAttribute('data-listed')).toBe('1');
    await expect.poll(() => page.getByTestId('door-inside').textContent()).toBe(`0 / ${event.prices.reduce((sum, p) => sum + p.attendees, 0)} tickets`);
    const card = page.getByTestId('door-result');
    const search = async (text: string) => {
      await page.getByRole('searchbox', { name: 'Find an attendee' }).fill(text);
      await page.getByRole('button', { name: 'Search' }).click();
    };

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('door-network').getAttribute('data-state')).toBe('offline');
    await search(ticket);
    await expect.poll(() => card.getAttribute('data-outcome')).toBe('queued');
    expect(await card.innerText()).toContain('Kept on this phone; it syncs when the network is back.');

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('door-queue').textContent(), { timeout: 20_000 }).toBe('0');
    await expect.poll(() => card.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('synced');
    expect(await card.innerText()).not.toContain('syncs when the network is back');
    expect(await card.innerText()).toContain('Admitted offline, now counted on the server.');

    // A forged ticket, then a search by name: the forged ticket's card does not stay above the results.
    await search(tamperedTicket(ticket));
    await expect.poll(() => card.getAttribute('data-outcome')).toBe('invalid');
    expect(await card.innerText()).toContain('Ticket is not genuine');
    await search('Amara');
    await page.getByText('Offline Amara', { exact: true }).waitFor();
    await expect.poll(() => card.getAttribute('data-outcome')).toBe('none');
    await expectCount(page.getByText('Ticket is not genuine', { exact: true })).toBe(0);
  });

  it('takes a blocked person off the blocker\'s private list, unread count and all, live', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [amaka, bayo] = await Promise.all([registerViaApi(baseUrl, event, 'Amaka Blocker'), registerViaApi(baseUrl, event, 'Bayo Blocked')]);
    const bayoPhone = await openGroupChat((await browser()).context, bayo);
    const amakaChat = await openGroupChat((await browser()).context, amaka);
    const sent = await postFromPage(bayoPhone, privatePostPath(bayo), privatePost(event, bayo, amaka, 'Hello Amaka, are you here?'));
    expect(sent.status).toBe(200);
    const threads = amakaChat.getByRole('navigation', { name: 'Private messages' });
    await threads.getByRole('link', { name: /Bayo Blocked/ }).waitFor({ timeout: 30_000 });
    await expectCount(threads.getByTestId('unread-total')).toBe(1);
    await markDocument(amakaChat);

    const blocked = await callApi(baseUrl, arenaSafetyCalls.blockAttendee, { params: { id: amaka.tid }, body: { event_id: event.id, attendee_id: bayo.id, blocked: true } });
    expect(blocked.answer.success).toBe('true');
    await expectCount(amakaChat.getByRole('link', { name: /Bayo Blocked/ })).toBe(0);
    await expectCount(amakaChat.getByTestId('unread-total')).toBe(0);
    expect(await sameDocument(amakaChat)).toBe(true);
  });

  it('opens the chips page from Get Chips, not the cards page', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const page = await (await browser()).context.newPage();
    await signIn(page, organiser);
    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'Get Chips' }).click();
    await page.waitForURL((url) => url.pathname === `/event/${event.id}/get-chips`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    // The paid ticket (10 places) comes with chips; the free one does not.
    expect(await page.getByTestId('chip-tickets').getByRole('listitem').allInnerTexts()).toEqual(['VIP: 10 chips']);
  });

  it('shows the network screen for a page whose code cannot be downloaded offline, and loads it once back online', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    await signIn(page, organiser);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();

    await context.setOffline(true);
    await menu.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Network Error' }).waitFor({ timeout: 15_000 });
    await expectCount(page.getByText(/Loading chunk failed/)).toBe(0);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await expectCount(page.getByRole('heading', { level: 1, name: 'Network Error' })).toBe(0);
  });
});
