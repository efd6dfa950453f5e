import { calls, doorCalls, type Event } from '@tapcard/shared/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { browsers } from './support/browser.js';
import { expectCount } from './support/counts.js';
import { openStaffLink, registerFromPhone, ticketOf, wedgeScan } from './support/door.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, markDocument, sameDocument, waitUntilLive, type Registered } from './support/live-events.js';
import { createOrganiser, signIn, type Account } from './support/people.js';

/**
 * The door without a network: a staff phone admits twenty tickets offline and syncs them all once the
 * network is back, counted once each on the organiser's page; the door page opens again offline (its
 * service worker) and admits from the phone's own list; two phones that admitted the same ticket
 * while apart give one check-in and one conflict, on the phone that synced last and for the
 * organiser; and a revoked staff link stops a phone at once, without a reload. (A signed-in stranger
 * on a chip page checks nobody in: door-staff.test.ts.)
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce', serviceWorkers: 'allow' });
let organiser: Account;

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl, 'Tunde Offline');
});

interface Guest extends Registered {
  ticket: string;
}

/** `count` attendees of the event's free ticket, registered at once, with their signed tickets. */
async function guests(event: Event, prefix: string, count: number): Promise<Guest[]> {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const registered = await registerFromPhone(baseUrl, event, `${prefix} ${letters.charAt(Math.floor(i / 26))}${letters.charAt(i % 26)}`, i + 1);
      return { ...registered, ticket: await ticketOf(baseUrl, registered) };
    }),
  );
}

/** The event's total ticket stock: every screen's checked-in count is of it. */
const total = (event: Event) => event.prices.reduce((sum, p) => sum + p.attendees, 0);

/** The ids the upstream has checked in for the event, sorted. */
async function checkedInIds(event: Event): Promise<string[]> {
  const admin = await callApi(baseUrl, calls.adminEvent, { params: { id: event.id }, authorization: organiser.authorization });
  if (admin.answer.success !== 'true') throw new Error(admin.answer.message);
  return admin.answer.data.attendees.filter((a) => a.checked_in).map((a) => a.id).sort();
}

/** Waits until the result card shows `outcome` for the attendee named `name`. */
async function resultFor(page: Page, outcome: string, name: string): Promise<void> {
  try {
    await page.locator(`[data-testid="door-result"][data-outcome="${outcome}"]`, { hasText: name }).waitFor();
  } catch (error) {
    // What the phone showed instead, so a failure says which step went wrong.
    const card = page.getByTestId('door-result');
    const shown = (await card.count()) > 0 ? `${await card.getAttribute('data-outcome')}: ${await card.textContent()}` : 'no result card';
    throw new Error(`no '${outcome}' result for ${name}; the phone shows ${shown}, queue ${await queueSize(page)}`, { cause: error });
  }
}

/** The number of check-ins the phone's queue shows waiting to sync. */
const queueSize = (page: Page) => page.getByTestId('door-queue').textContent();

/** Waits until the phone's queue is empty: everything it admitted offline has reached the server. */
async function synced(page: Page): Promise<void> {
  await expect.poll(() => queueSize(page), { timeout: 20_000 }).toBe('0');
}

/**
 * A staff phone on the door page of a new link for `gate`, ready to work offline: keys downloaded, live,
 * and its list holding all `registered` attendees (its first list may come from a state read before the
 * last registrations reached it; offline, it would name a missing attendee 'Ticket holder').
 */
async function doorPhone(event: Event, gate: string, registered: number): Promise<{ context: BrowserContext; page: Page; session: string }> {
  const context = (await browser()).context;
  const page = await context.newPage();
  const { session } = await openStaffLink(page, baseUrl, organiser, event, gate);
  await expect.poll(() => page.getByTestId('door-network').getAttribute('data-state')).toBe('online');
  await expect.poll(() => page.getByRole('region', { name: 'Checked in' }).getAttribute('data-listed')).toBe(String(registered));
  await expect.poll(() => page.getByTestId('door-inside').textContent()).toBe(`0 / ${total(event)} tickets`);
  await expect.poll(() => queueSize(page)).toBe('0');
  return { context, page, session };
}

/** The organiser's attendees page, signed in, following live. */
async function attendeesPage(event: Event): Promise<Page> {
  const page = await (await browser({ width: 1280, height: 900 })).context.newPage();
  await signIn(page, organiser);
  await page.goto(`/event/${event.id}/view-attendees`);
  await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
  await waitUntilLive(page);
  return page;
}

describe('the door offline', () => {
  it('admits twenty tickets offline and counts each once after the phone is back online', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const people = await guests(event, 'Offline Guest', 20);
    const attendees = await attendeesPage(event);
    await expect.poll(() => attendees.getByTestId('checked-in-count').textContent()).toBe(`0 / ${total(event)} tickets`);
    const { context, page } = await doorPhone(event, 'Side gate', people.length);

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('door-network').getAttribute('data-state')).toBe('offline');
    for (const [i, guest] of people.entries()) {
      await wedgeScan(page, guest.ticket);
      await resultFor(page, 'queued', guest.name);
      await expect.poll(() => queueSize(page)).toBe(String(i + 1));
    }
    await expect.poll(() => page.getByTestId('door-inside').textContent()).toBe(`20 / ${total(event)} tickets`);
    // Nothing reached the upstream while the phone was offline.
    expect(await checkedInIds(event)).toEqual([]);

    await context.setOffline(false);
    await synced(page);
    await expect.poll(() => attendees.getByTestId('checked-in-count').textContent(), { timeout: 30_000 }).toBe(`20 / ${total(event)} tickets`);
    expect(await checkedInIds(event)).toEqual(people.map((g) => g.id).sort());
    await expect.poll(() => page.getByTestId('door-inside').textContent()).toBe(`20 / ${total(event)} tickets`);
    // A sync that retried never counted anyone twice, and no phone disagreed.
    const conflicts = await callApi(baseUrl, doorCalls.listDoorConflicts, { params: { id: event.id }, authorization: organiser.authorization });
    if (conflicts.answer.success !== 'true') throw new Error(conflicts.answer.message);
    expect(conflicts.answer.data.conflicts).toEqual([]);
    await expectCount(attendees.getByRole('region', { name: 'Door conflicts' })).toBe(0);
  });

  it('opens the door page again with no network and admits from the phone\'s own list', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [guest] = await guests(event, 'Reload Offline', 1);
    if (!guest) throw new Error('no guest');
    const { context, page } = await doorPhone(event, 'Garden gate', 1);
    // The door's offline app is installed (its worker active, the page's files kept) before the network goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { level: 1, name: `You are checking in at Garden gate for ${event.title}` }).waitFor();
    await expect.poll(() => page.getByTestId('door-network').getAttribute('data-state')).toBe('offline');
    await expect.poll(() => page.getByTestId('door-inside').textContent()).toBe(`0 / ${total(event)} tickets`);
    await wedgeScan(page, guest.ticket);
    await resultFor(page, 'queued', guest.name);
    await expect.poll(() => queueSize(page)).toBe('1');
    expect(await checkedInIds(event)).toEqual([]);

    await context.setOffline(false);
    await synced(page);
    expect(await checkedInIds(event)).toEqual([guest.id]);
  });

  it('counts a ticket two offline phones admitted once, and reports the conflict', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [guest] = await guests(event, 'Twice Admitted', 1);
    if (!guest) throw new Error('no guest');
    const attendees = await attendeesPage(event);
    const east = await doorPhone(event, 'East gate', 1);
    const west = await doorPhone(event, 'West gate', 1);

    await east.context.setOffline(true);
    await west.context.setOffline(true);
    await wedgeScan(east.page, guest.ticket);
    await resultFor(east.page, 'queued', guest.name);
    // The second phone's staff member types the ticket into the search box instead.
    await west.page.getByRole('searchbox', { name: 'Find an attendee' }).fill(guest.ticket);
    await west.page.getByRole('button', { name: 'Search' }).click();
    await resultFor(west.page, 'queued', guest.name);

    // East syncs first: its check-in counts.
    await east.context.setOffline(false);
    await synced(east.page);
    await expect.poll(() => attendees.getByTestId('checked-in-count').textContent(), { timeout: 30_000 }).toBe(`1 / ${total(event)} tickets`);

    // West syncs second: told of the conflict, and nobody is counted twice.
    await west.context.setOffline(false);
    await synced(west.page);
    await resultFor(west.page, 'conflict', guest.name);
    const notice = west.page.getByRole('region', { name: 'Sync notices' }).getByRole('listitem');
    await expectCount(notice).toBe(1);
    expect(await notice.getAttribute('data-tone')).toBe('conflict');
    expect(await notice.textContent()).toMatch(new RegExp(`^${guest.name}: also admitted at East gate`));
    await expectCount(east.page.getByRole('region', { name: 'Sync notices' })).toBe(0);
    expect(await checkedInIds(event)).toEqual([guest.id]);

    // The organiser sees the conflict, live: counted at East gate, also scanned at West gate.
    const section = attendees.getByRole('region', { name: 'Door conflicts' });
    await section.waitFor({ timeout: 30_000 });
    await expectCount(section.getByTestId('door-conflict')).toBe(1);
    await expect.poll(() => section.getByTestId('door-conflict').textContent()).toMatch(new RegExp(`^${guest.name}: counted at East gate.*; also scanned at West gate.*counted once$`));
    expect(await attendees.getByTestId('checked-in-count').textContent()).toBe(`1 / ${total(event)} tickets`);
    const conflicts = await callApi(baseUrl, doorCalls.listDoorConflicts, { params: { id: event.id }, authorization: organiser.authorization });
    if (conflicts.answer.success !== 'true') throw new Error(conflicts.answer.message);
    expect(conflicts.answer.data.conflicts.map((c) => [c.attendee.id, c.gate, c.first_checked_in_by])).toEqual([[guest.id, 'West gate', 'East gate']]);
  });

  it('stops a phone at once, without a reload, when the organiser revokes its staff link', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [guest] = await guests(event, 'Revoked Scan', 1);
    if (!guest) throw new Error('no guest');
    const { page, session } = await doorPhone(event, 'Back gate', 1);
    await markDocument(page);

    // The organiser revokes the link on the event page.
    const eventPage = await (await browser({ width: 1280, height: 900 })).context.newPage();
    await signIn(eventPage, organiser);
    await eventPage.goto(`/event/${event.id}`);
    await eventPage.getByRole('button', { name: 'Revoke the staff link for Back gate' }).click();
    await eventPage.getByRole('dialog', { name: 'Revoke the staff link for Back gate?' }).getByRole('button', { name: 'Revoke', exact: true }).click();

    // The phone says so by itself, within moments.
    await page.getByRole('heading', { level: 1, name: 'This phone can no longer check in' }).waitFor({ timeout: 30_000 });
    await expectCount(page.getByRole('alert').getByText('This staff link has been revoked. Ask the organiser for a new one.', { exact: true })).toBe(1);
    expect(await sameDocument(page)).toBe(true);

    // A scan now checks nobody in: the page takes none, and the server refuses the phone's session.
    await wedgeScan(page, guest.ticket);
    const tried = await callApi(baseUrl, doorCalls.doorCheckIn, { body: { session, attendee_id: guest.id } });
    expect(tried.status).toBe(403);
    expect(tried.answer).toMatchObject({ success: 'false', message: 'This staff link has been revoked. Ask the organiser for a new one.' });
    await expectCount(page.locator('[data-testid="door-result"][data-outcome="admitted"], [data-testid="door-result"][data-outcome="queued"]')).toBe(0);
    expect(await checkedInIds(event)).toEqual([]);
  });
});
