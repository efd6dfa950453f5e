import { formatEventDate, formatNaira, parseTicket, truncate } from '@tapcard/shared/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { checkScreen } from './support/screens.js';
import { browsers } from './support/browser.js';
import { createEventViaApi, localDay, markDocument, registerViaApi, sameDocument, waitUntilLive } from './support/live-events.js';
import { linkIn, latestMail } from './support/outbox.js';
import { createOrganiser, signIn, unique, type Account } from './support/people.js';
import { makePng } from './support/png.js';
import { readQrCode } from './support/qr.js';
import { expectToast, recordToastTexts } from './support/toast-history.js';

/**
 * The organiser's and the visitor's event journeys: creating an
 * event in the wizard, registering from the shared link and the live attendance count.
 */

const baseUrl = inject('baseUrl');
let organiser: Account;
// Visitors and attendees arrive on a phone: the narrowest the product is built for, unless told
// otherwise. Less motion: the product turns its animations off, so axe never meets a half-faded toast.
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

beforeAll(async () => {
  // An organiser of this file's own: the demo organiser's lists stay as other journeys expect them.
  organiser = await createOrganiser(baseUrl);
});

describe('organiser events', () => {
  it('creates an event with a free and a paid ticket and a gallery image, and sees it under Upcoming', async () => {
    // A new organiser of this journey's own: the list starts empty.
    const newcomer = await createOrganiser(baseUrl, 'Kemi Newcomer');
    const { context } = await browser({ width: 1280, height: 900 });
    const page = await context.newPage();
    await recordToastTexts(page);
    await signIn(page, newcomer);

    // No event yet: the list's empty state.
    await page.goto('/event');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    await page.getByText('No Events For Now. Check back Later', { exact: true }).waitFor();
    await checkScreen(page, 'events list (empty)');

    await page.getByRole('link', { name: 'Create Event' }).click();
    await page.waitForURL('**/event/add');
    await page.getByRole('heading', { name: 'Event Details' }).waitFor();
    await expectCount(page.getByText('Step 1 of 3')).toBe(1);

    // Step 1: Next checks the step and stays on it, the message under its field.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter event name', { exact: true }).waitFor();
    await expectCount(page.getByRole('heading', { name: 'Event Details' })).toBe(1);

    const title = `Builders Brunch ${unique()}`;
    const description =
      'A relaxed brunch for builders in Lagos: short demos, honest feedback and good food. Bring a friend and a question to ask the room.';
    await page.getByLabel('Upload Banner').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(320, 160) });
    await expectToast(page, 'Uploading...');
    await expectToast(page, 'Uploaded successfully', 'success');
    await page.getByRole('button', { name: 'Remove Banner' }).waitFor();
    await page.getByLabel('Event Name').fill(title);
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Location').fill('Civic Centre, Victoria Island, Lagos');
    expect(await page.getByLabel('Start Date').inputValue()).toBe(localDay(0));
    await page.getByRole('button', { name: 'Add End Date' }).click();
    expect(await page.getByLabel('End Date').inputValue()).toBe(localDay(1));
    await page.getByRole('button', { name: 'remove end date' }).waitFor();
    await checkScreen(page, 'wizard step 1');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: at least one ticket, then a free one and a paid one with chips, and a gallery image.
    await page.getByRole('heading', { name: 'Ticket Details' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please create at least 1 (ONE) ticket', { exact: true }).waitFor();

    const ticketForm = page.getByRole('form', { name: 'Add Ticket' });
    await ticketForm.getByLabel('Free').check();
    expect(await ticketForm.getByLabel('Ticket Name').inputValue()).toBe('Free');
    expect(await ticketForm.getByLabel('Amount (NGN)').inputValue()).toBe('0');
    await ticketForm.getByLabel('Total in Stock').fill('100');
    await ticketForm.getByRole('button', { name: 'Add Ticket' }).click();
    await page.getByRole('button', { name: 'Edit ticket Free' }).waitFor();

    await ticketForm.getByLabel('Paid').check();
    await ticketForm.getByLabel('Ticket Name').selectOption('VIP');
    await ticketForm.getByLabel('Amount (NGN)').fill('25000');
    await ticketForm.getByLabel('Total in Stock').fill('20');
    await ticketForm.getByLabel('With Chips').check();
    await ticketForm.getByRole('button', { name: 'Add Ticket' }).click();
    await page.getByRole('button', { name: 'Edit ticket VIP' }).waitFor();

    await page.getByLabel('Add Image').setInputFiles({ name: 'gallery.png', mimeType: 'image/png', buffer: makePng(120, 90, [6, 95, 70], [14, 165, 233]) });
    await page.getByRole('button', { name: 'Remove image 1' }).waitFor();
    await checkScreen(page, 'wizard step 2');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the review, then Create Event.
    await page.getByRole('heading', { name: 'Review Event' }).waitFor();
    const review = page.locator('main');
    await review.getByText(title, { exact: true }).waitFor();
    await expectCount(review.getByText(formatNaira(25000))).toBeGreaterThan(0);
    await expectCount(review.getByRole('heading', { name: 'Media Gallery' })).toBe(1);
    await expectCount(page.getByRole('button', { name: 'Previous' })).toBe(1);
    await checkScreen(page, 'wizard step 3');
    await page.getByRole('button', { name: 'Create Event' }).click();

    // Back on the list: the event is the featured first upcoming event, with Get Cards.
    await page.waitForURL((url) => url.pathname === '/event');
    const upcoming = page.getByRole('tabpanel');
    await upcoming.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    const featured = upcoming.getByRole('listitem').first();
    await expectCount(featured.getByRole('heading', { name: title })).toBe(1);
    await expectCount(featured.getByRole('link', { name: 'Get Cards' })).toBe(1);
    await expectCount(featured.getByRole('link', { name: 'Get Chips' })).toBe(1);
    await expectCount(featured.getByText(truncate(description, 100), { exact: true })).toBe(1);
    await expectCount(featured.getByText(formatEventDate(localDay(0)))).toBe(1);
    await checkScreen(page, 'events list');
    await page.getByRole('tab', { name: 'Past' }).click();
    await page.getByText('No Past Events.', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Upcoming' }).click();

    // The organiser's view of it: tickets in naira, no attendees yet, the gallery.
    await featured.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const tickets = page.getByRole('region', { name: 'Tickets' });
    await expectCount(tickets.getByText('Free', { exact: true })).toBe(1);
    await expectCount(tickets.getByText(formatNaira(25000))).toBe(1);
    await expectCount(tickets.getByText('100 in stock', { exact: true })).toBe(1);
    await expectCount(tickets.getByText('20 in stock', { exact: true })).toBe(1);
    await expectCount(page.getByText('No attendees yet', { exact: true })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'View All' })).toBe(1);
    await expectCount(page.getByRole('button', { name: 'Share Now' })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'Chats' })).toBe(1);
    const gallery = page.getByRole('region', { name: 'Media Gallery' });
    await expectCount(gallery.getByRole('img')).toBe(1);
    await expect.poll(() => gallery.getByRole('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await checkScreen(page, 'view event');

    // Share Now copies the event's open link (built from its clean name).
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByRole('button', { name: 'Share Now' }).click();
    await expectToast(page, 'Copied Event Link', 'success');
    // With less motion asked for, the toast still stays its 3 s: its progress bar (which closes it) runs in full.
    const bar = page.locator('.Toastify__toast', { hasText: 'Copied Event Link' }).locator('.Toastify__progress-bar');
    expect(await bar.evaluate((el) => el.getAnimations().map((a) => a.effect?.getComputedTiming().duration))).toEqual([3000]);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied, 'the copied link').toMatch(/\/events\/l\/builders-brunch-[a-z0-9-]+$/);
    expect(copied.startsWith(`${baseUrl}/events/l/`)).toBe(true);
    await page.close();
  });

  it('switches an attendee to Present, and a second organiser tab\'s count changes without a reload', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    await registerViaApi(baseUrl, event, 'Ngozi Okeke');
    await registerViaApi(baseUrl, event, 'Tunde Bello');
    const total = event.prices.reduce((sum, p) => sum + p.attendees, 0);

    const { context } = await browser({ width: 1280, height: 900 });
    const first = await context.newPage();
    await signIn(first, organiser);
    const second = await context.newPage();
    for (const page of [first, second]) {
      await page.goto(`/event/${event.id}/view-attendees`);
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      await waitUntilLive(page);
      await expect.poll(() => page.getByTestId('checked-in-count').textContent()).toBe(`0 / ${total} tickets`);
    }
    await expectCount(second.getByRole('link', { name: 'Get Cards' })).toBe(1);
    await checkScreen(second, 'organiser attendees');
    await markDocument(second);

    // The first tab opens Ngozi and switches her Attendance to Present.
    await first.getByRole('button', { name: /Ngozi Okeke/ }).click();
    const dialog = first.getByRole('dialog', { name: 'Ngozi Okeke' });
    await dialog.getByText('Absent', { exact: true }).waitFor();
    await checkScreen(first, 'attendance modal');
    await dialog.getByRole('switch', { name: 'Attendance' }).click();
    await dialog.getByText('Present', { exact: true }).waitFor();
    await expect.poll(() => dialog.getByRole('switch', { name: 'Attendance' }).getAttribute('aria-checked')).toBe('true');

    // The second tab follows live: the count and the green check, in the same document.
    await expect.poll(() => second.getByTestId('checked-in-count').textContent(), { timeout: 30_000 }).toBe(`1 / ${total} tickets`);
    const card = second.getByRole('button', { name: /Ngozi Okeke/ });
    await expectCount(card.getByText('Checked in', { exact: true })).toBe(1);
    await expectCount(second.getByRole('button', { name: /Tunde Bello/ }).getByText('Checked in', { exact: true })).toBe(0);
    expect(await sameDocument(second)).toBe(true);
    await first.close();
    await second.close();
  });
});

describe('visitor registration', () => {
  it('registers for the free ticket from the shared link and sees the token page with a QR code', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization, { start: localDay(1), end: localDay(2) });
    const { context } = await browser();
    const page = await context.newPage();

    // The shared open link (events/l/<clean name>): the overview.
    await page.goto(`/events/l/${event.clean_name}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await expectCount(page.getByText('50 in stock', { exact: true })).toBe(1);
    await expectCount(page.getByText('No attendees yet', { exact: true })).toBe(1);
    await checkScreen(page, 'open event');
    await page.getByRole('link', { name: 'REGISTER NOW' }).click();

    // The registration form: nothing is sent while it is incomplete.
    await page.waitForURL(`**/events/l/${event.clean_name}/register`);
    await page.getByLabel('Full Name').waitFor();
    const ticket = page.getByLabel('Choose Ticket');
    expect(await ticket.locator('option').first().textContent()).toBe('Select Category');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectCount(page.locator('[aria-invalid="true"]')).toBe(4);
    await checkScreen(page, 'registration form with errors');

    const name = 'Amaka Nwosu';
    const email = `amaka.${unique()}@e2e.tapcard.local`;
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('+2348031234567');
    const free = event.prices.find((p) => p.amount === 0);
    await ticket.selectOption(free?.id ?? '');
    await page.getByRole('button', { name: 'Register' }).click();

    // The token page: 'Registration Successful!', the event, the attendee and the QR code of the door ticket.
    await page.waitForURL('**/event/u/token/**');
    const tid = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByRole('heading', { level: 1, name: 'Registration Successful!' }).waitFor();
    await expectCount(page.getByRole('heading', { level: 2, name: event.title })).toBe(1);
    await expectCount(page.getByText(formatEventDate(event.start_date), { exact: true })).toBe(1);
    await expectCount(page.getByText(name, { exact: true })).toBe(1);
    await expectCount(page.getByText('Thank you for registering. Your event access has been sent to your email.', { exact: true })).toBe(1);
    const qr = page.getByRole('img', { name: 'QR code of your ticket for the door' });
    await qr.waitFor();
    const doorTicket = (await readQrCode(qr)) ?? '';
    expect(parseTicket(doorTicket)?.eventId).toBe(event.id);
    expect(doorTicket).not.toContain(tid);
    await checkScreen(page, 'event token page');

    // The access was mailed too.
    const mail = await latestMail(baseUrl, email);
    expect(linkIn(mail, '/event/u/token/')).toBe(`${baseUrl}/event/u/token/${encodeURIComponent(tid)}`);

    // Go Back returns to the event, which now counts the new attendee.
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL(`**/events/l/${event.clean_name}`);
    await page.getByText('1 registered', { exact: true }).waitFor();
    await expectCount(page.getByText('49 in stock', { exact: true })).toBe(1);

    // The attendee list: registered / capacity.
    await page.goto(`/card/event/${event.id}/attendees`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await expectCount(page.getByText(`1/${event.prices.reduce((sum, p) => sum + p.attendees, 0)}`, { exact: true })).toBe(1);
    await expectCount(page.getByText(name, { exact: true })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'Register' })).toBe(1);
    await checkScreen(page, 'attendee list');
    await page.close();
  });
});
