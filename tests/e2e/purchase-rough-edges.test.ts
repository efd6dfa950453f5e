import { readFile } from 'node:fs/promises';
import { calls, type Event } from '@tapcard/shared/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { PHONE_WIDTH } from './support/layout.js';
import { checkScreen } from './support/screens.js';
import { browsers } from './support/browser.js';
import { createEventViaApi, localDay } from './support/live-events.js';
import { latestMail, linkIn } from './support/outbox.js';
import { createOrganiser, signIn, unique, type Account } from './support/people.js';
import { registerForPaidTicket } from './support/tickets.js';

/**
 * Rough edges of creating events and buying tickets on a phone: a double-clicked Create Event makes one
 * event; a reloaded payment step keeps the way to pay (also mailed) and can give the seat back; a
 * declined payment's 'Try again' keeps the form's values; 'Add to calendar' carries the event's real
 * span.
 */

const baseUrl = inject('baseUrl');
let organiser: Account;
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl);
});

const publicEvent = async (id: string): Promise<Event> => {
  const { answer } = await callApi(baseUrl, calls.publicEvent, { params: { id } });
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
};
const paidSold = async (id: string) => (await publicEvent(id)).prices.find((p) => p.amount > 0)?.sold;

describe('creating an event', () => {
  it('makes one event of a double-clicked Create Event, in one request', async () => {
    const title = `Double Tap Social ${unique()}`;
    const { context } = await browser();
    const page = await context.newPage();
    await signIn(page, organiser);
    // The wizard resumes its draft of this visit on the review step (as after a reload).
    await page.evaluate(
      ({ title, start }) => {
        const visit = 'e2e-double-click-visit';
        sessionStorage.setItem('tapcard:eventWizardVisit', visit);
        const values = {
          title,
          description: 'One event, however many clicks.',
          location: 'Yaba, Lagos',
          image: '',
          start_date: start,
          end_date: start,
          hasEndDate: false,
          start_time: '12:00',
          end_time: '13:00',
          prices: [{ title: 'Free', amount: 0, attendees: 10, withChips: 'without' }],
          gallery: [],
          max_registrations_per_email: '1',
          confirm_email_for_free: false,
        };
        localStorage.setItem('tapcard:eventDraft', JSON.stringify({ key: 'add', step: 3, values, visit }));
      },
      { title, start: localDay(1) },
    );
    await page.goto('/event/add');
    await page.getByRole('heading', { name: 'Review Event' }).waitFor();
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/event/api/events') creates.push(request.headers()['idempotency-key'] ?? '');
    });

    await page.getByRole('button', { name: 'Create Event' }).dblclick();
    await page.waitForURL((url) => url.pathname === '/event');
    await page.getByRole('heading', { name: title }).first().waitFor();

    const { answer } = await callApi(baseUrl, calls.listEvents, { authorization: organiser.authorization, query: { page: 1, limit: 100 } });
    if (answer.success !== 'true') throw new Error(answer.message);
    const all = [...answer.data.upcoming, ...answer.data.past];
    expect(all.filter((e) => e.title === title)).toHaveLength(1);
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    await page.close();
  });
});

describe('buying a paid ticket', () => {
  it('keeps the payment step across a reload, mails the pay link, and releases the seat at once', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization, { start: localDay(1), end: localDay(2) });
    const { context } = await browser();
    const page = await context.newPage();
    const { email } = await registerForPaidTicket(page, event, 'Reload Remi');
    const payLink = await page.getByRole('link', { name: 'Continue to payment' }).getAttribute('href');
    expect(payLink).toContain('/api/pay/test/');
    expect(await paidSold(event.id)).toBe(1);

    await page.reload();
    await page.getByRole('heading', { name: 'Complete your payment' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(payLink);
    expect(await page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
    await checkScreen(page, 'ticket payment step after a reload');

    const mail = await latestMail(baseUrl, email);
    expect(mail.subject).toBe(`Complete your payment for ${event.title}`);
    expect(linkIn(mail, '/api/pay/test/')).toBe(new URL(payLink ?? '', baseUrl).href);

    await page.getByRole('button', { name: 'Release my seat' }).click();
    await page.getByText('Your seat has been released.', { exact: true }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Reload Remi');
    expect(await paidSold(event.id)).toBe(0);
    await checkScreen(page, 'registration after releasing the seat');
    // A reload now shows the form, not a payment that no longer holds a seat.
    await page.reload();
    await page.getByLabel('Full Name').waitFor();
    expect(await page.getByRole('heading', { name: 'Complete your payment' }).count()).toBe(0);
    await page.close();
  });

  it("keeps name, email, phone and ticket for 'Try again' after a declined payment", async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization, { start: localDay(1), end: localDay(2) });
    const { context } = await browser();
    const page = await context.newPage();
    const { email } = await registerForPaidTicket(page, event, 'Declined Dami');
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/api/pay/test/**');
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment Declined.' }).waitFor();

    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(`**/events/l/${event.clean_name}/register`);
    await page.getByLabel('Full Name').waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Declined Dami');
    expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('+2348031234567');
    expect(await page.getByLabel('Choose Ticket').inputValue()).toBe(event.prices.find((p) => p.amount > 0)?.id);
    await page.close();
  });
});

describe('Add to calendar', () => {
  /** The .ics the button downloads, unfolded into its lines. */
  async function downloadedIcs(event: Event): Promise<string[]> {
    const { context } = await browser();
    const page = await context.newPage();
    await page.goto(`/events/l/${event.clean_name}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    await page.close();
    return text.replace(/\r\n /g, '').split('\r\n');
  }

  it('carries 12:00 Lagos time as 11:00 UTC, and whole days as an all-day entry of those days', async () => {
    const compact = (day: string) => day.replace(/-/g, '');
    const [first, last, after] = [localDay(1), localDay(2), localDay(3)];
    // The demo's kind of event with times: from 12:00 to 13:00 the next day, Lagos time (UTC+01:00).
    const timed = await createEventViaApi(baseUrl, organiser.authorization, { start: `${first}T12:00+01:00`, end: `${last}T13:00+01:00` });
    const lines = await downloadedIcs(timed);
    expect(lines).toContain(`DTSTART:${compact(first)}T110000Z`);
    expect(lines).toContain(`DTEND:${compact(last)}T120000Z`);

    // An event of whole days (what the wizard makes): those days in every time zone, not 24-hour
    // blocks from some runtime's midnight.
    const wholeDays = await createEventViaApi(baseUrl, organiser.authorization, { start: first, end: last });
    const dayLines = await downloadedIcs(wholeDays);
    expect(dayLines).toContain(`DTSTART;VALUE=DATE:${compact(first)}`);
    expect(dayLines).toContain(`DTEND;VALUE=DATE:${compact(after)}`);
  });
});
