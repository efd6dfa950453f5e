import { calls, type Event, type EventPayload } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { callApi } from './api.js';
import { unique } from './people.js';

/** 'YYYY-MM-DD' of the local day `offset` days from today (the product reads date-only values as local days). */
export function localDay(offset = 0): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * An event of `authorization`'s organiser, created through the API: by default ongoing (it started
 * today and ends in two days) with a free ticket (with chips if `freeWithChips`) and a paid one with
 * chips. Its title is unique.
 */
export async function createEventViaApi(
  baseUrl: string,
  authorization: string,
  options: { title?: string; start?: string; end?: string; freeStock?: number; freeWithChips?: boolean; prices?: EventPayload['prices'] } & Partial<Pick<EventPayload, 'confirm_email_for_free' | 'refund_policy' | 'refund_hours'>> = {},
): Promise<Event> {
  const { title = `Arena Night ${unique()}`, start = localDay(0), end = localDay(2), freeStock = 50, freeWithChips = false, prices, ...settings } = options;
  const created = await callApi(baseUrl, calls.createEvent, {
    authorization,
    body: {
      title,
      description: 'An evening of demos and conversations, with an arena for everyone who comes.',
      location: 'Yaba Tech Hub, Lagos',
      image: '',
      start_date: start,
      end_date: end,
      prices: prices ?? [
        { title: 'Free', amount: 0, attendees: freeStock, withChips: freeWithChips ? 'with' : 'without' },
        { title: 'VIP', amount: 15000, attendees: 10, withChips: 'with' },
      ],
      gallery: [],
      ...settings,
    },
  });
  if (created.answer.success !== 'true') throw new Error(`event create failed: ${created.answer.message}`);
  return created.answer.data;
}

/** Twenty free seats, the ticket of the mail journeys' events. */
export const FREE_SEATS: EventPayload['prices'] = [{ title: 'Free', amount: 0, attendees: 20, withChips: 'without' }];

/**
 * Registers `name` and `email` for `event`'s first ticket on its open link's page, as an attendee does,
 * and waits for the ticket page.
 */
export async function registerOnOpenLink(page: Page, event: Event, name: string, email: string): Promise<void> {
  await page.goto(`/events/l/${event.clean_name}`);
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+2348031234567');
  await page.getByLabel('Choose Ticket').selectOption(event.prices[0]?.id ?? '');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/event/u/token/**');
}

export interface Registered {
  name: string;
  email: string;
  /** The access token (the arena's :tid). */
  tid: string;
  /** The attendee's public id (a private chat's :aid). */
  id: string;
}

/** Registers `name` for the event's free ticket through the API; the answer's link is '/event/u/token/<tid>'. */
export async function registerViaApi(baseUrl: string, event: Event, name: string): Promise<Registered> {
  return registerAs(baseUrl, event, name, `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${unique()}@e2e.tapcard.local`);
}

/** Registers `name` with `email` for the event's free ticket through the API (registerViaApi with a chosen email). */
export async function registerAs(baseUrl: string, event: Event, name: string, email: string): Promise<Registered> {
  const free = event.prices.find((p) => p.amount === 0);
  if (!free) throw new Error('the event has no free ticket');
  const registered = await callApi(baseUrl, calls.register, { body: { event_id: event.id, event_prices_id: free.id, name, email, phone: '+2348031234567' } });
  if (registered.answer.success !== 'true') throw new Error(`register failed: ${registered.answer.message}`);
  const tid = matchPage(pagePatterns.eventToken, registered.answer.link)?.tid;
  if (tid === undefined) throw new Error(`unexpected registration link ${registered.answer.link}`);
  const token = await callApi(baseUrl, calls.eventToken, { params: { id: tid } });
  if (token.answer.success !== 'true') throw new Error(`event token failed: ${token.answer.message}`);
  return { name, email, tid, id: token.answer.data.attendee.id };
}

/**
 * Waits until a live page says it is on the socket (its status line's data-connection). Generous: on a
 * loaded machine (load 20 on 2 cores) a socket has taken over 10 s to connect; a pass never waits that long.
 */
export async function waitUntilLive(page: Page): Promise<void> {
  // vi.waitFor, not expect.poll: concurrent tests do not keep the current test expect.poll needs.
  await vi.waitFor(async () => expect(await page.locator('[data-connection]').first().getAttribute('data-connection')).toBe('live'), { timeout: 45_000, interval: 100 });
}

/** Marks the document, so a journey can tell later that the page was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument = true;
  });
}

/** Whether the document marked by markDocument is still the one shown (no reload, no full navigation). */
export function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument === true);
}

/**
 * Starts watching `page` for `text` to appear (a MutationObserver inside the page) and answers a
 * function that resolves with the wall-clock time (Date.now() in the page) at which it did. Start it
 * before the action that should make the text appear; the browsers run on this machine, so their
 * clocks are the test's clock.
 */
export async function watchForText(page: Page, text: string, timeoutMs = 10_000): Promise<() => Promise<number>> {
  const id = `w${Math.random().toString(36).slice(2)}`;
  // The promise stays in the page (evaluate would wait for it): the answer fetches it later.
  await page.evaluate(
    ({ id, text, timeoutMs }) => {
      const store = ((window as unknown as { __e2eWatches?: Record<string, Promise<number>> }).__e2eWatches ??= {});
      store[id] = new Promise<number>((resolve, reject) => {
        const seen = () => (document.body.innerText ?? '').includes(text);
        if (seen()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(Date.now());
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`"${text}" did not appear within ${timeoutMs} ms`));
        }, timeoutMs);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      // Not awaited yet: keep a rejection from being reported as unhandled in the page.
      store[id].catch(() => undefined);
    },
    { id, text, timeoutMs },
  );
  return () => page.evaluate((id) => (window as unknown as { __e2eWatches: Record<string, Promise<number>> }).__e2eWatches[id] as Promise<number>, id);
}
