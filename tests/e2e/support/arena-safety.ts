import { calls, type Event } from '@tapcard/shared/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { callApi } from './api.js';
import { waitUntilLive, type Registered } from './live-events.js';
import { createCardOwner, type CardOwner } from './people.js';

/** Helpers of the arena's safety and card-swap journeys: chats opened by link, scripted posts, removals timed. */

/** The message bubble holding `text` in a chat room's log. */
export const bubble = (page: Page, text: string): Locator => page.getByRole('log').getByRole('listitem').filter({ hasText: text });

/** The line right above a chat's composer that says why posting is not possible or must wait. */
export const composerNotice = (page: Page): Locator => page.locator('p[aria-live="polite"]:has(+ form)');

/** Opens an attendee's group chat by its link on a new page of their phone and waits until it is live. */
export async function openGroupChat(context: BrowserContext, attendee: Registered): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/event/u/arena/${attendee.tid}/chat`);
  await page.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
  await waitUntilLive(page);
  return page;
}

/** Opens an attendee's private chat with `other` by its link on a new page of their phone and waits until it is live. */
export async function openPrivateChat(context: BrowserContext, attendee: Registered, other: Pick<Registered, 'id'>): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/event/u/arena/${attendee.tid}/chat/${other.id}`);
  await page.getByRole('log').waitFor();
  await waitUntilLive(page);
  return page;
}

/** Types `text` into the chat's composer and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(text);
  await input.press('Enter');
}

/** An answer the product gave a request the page made itself: its status and parsed body. */
export interface PageAnswer {
  status: number;
  body: { success?: string; message?: string; code?: string; retry_at?: string; data?: unknown };
}

/**
 * POSTs every body in `bodies` to `/api<path>` from inside the page, all at once (as a script on the
 * attendee's phone would, with the phone's own origin and connection), and answers each, in order.
 */
export function postAllFromPage(page: Page, path: string, bodies: readonly unknown[]): Promise<PageAnswer[]> {
  return page.evaluate(
    async ({ url, bodies }) =>
      Promise.all(
        bodies.map(async (body) => {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
          return { status: response.status, body: (await response.json()) as PageAnswer['body'] };
        }),
      ),
    { url: `/api${path}`, bodies },
  );
}

/** POSTs one body to `/api<path>` from inside the page (see postAllFromPage). */
export async function postFromPage(page: Page, path: string, body: unknown): Promise<PageAnswer> {
  const [answer] = await postAllFromPage(page, path, [body]);
  if (!answer) throw new Error('no answer');
  return answer;
}

/** The path of an attendee's group post (calls.chat), by their access token. */
export const groupPostPath = (attendee: Registered): string => `/event/public/api/create-chat/${attendee.tid}`;
/** The path of an attendee's private post (calls.privateChat), by their access token. */
export const privatePostPath = (attendee: Registered): string => `/event/public/api/create-private-chat/${attendee.tid}`;

/** A group post's body as calls.chat takes it. */
export const groupPost = (event: Event, attendee: Registered, message: string) => ({ event_id: event.id, attendee_id: attendee.id, message, image: '' });
/** A private post's body as calls.privateChat takes it. */
export const privatePost = (event: Event, from: Registered, to: Registered, message: string) => ({ event_id: event.id, attendee_id_1: from.id, attendee_id_2: to.id, message, image: '' });

/**
 * Starts watching `page` for `text` to leave the page (a MutationObserver inside the page; the text
 * must be on the page now) and answers a function that resolves with the wall-clock time (Date.now()
 * in the page) at which it went. Start it before the action that should remove the text.
 */
export async function watchForTextGone(page: Page, text: string, timeoutMs = 10_000): Promise<() => Promise<number>> {
  const id = `g${Math.random().toString(36).slice(2)}`;
  const present = await page.evaluate(
    ({ id, text, timeoutMs }) => {
      const store = ((window as unknown as { __e2eGone?: Record<string, Promise<number>> }).__e2eGone ??= {});
      const shown = () => (document.body.innerText ?? '').includes(text);
      const there = shown();
      store[id] = new Promise<number>((resolve, reject) => {
        if (!shown()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(Date.now());
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`"${text}" was still on the page after ${timeoutMs} ms`));
        }, timeoutMs);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      store[id].catch(() => undefined);
      return there;
    },
    { id, text, timeoutMs },
  );
  if (!present) throw new Error(`"${text}" is not on ${page.url()}: nothing to watch go`);
  return () => page.evaluate((id) => (window as unknown as { __e2eGone: Record<string, Promise<number>> }).__e2eGone[id] as Promise<number>, id);
}

/** HH:MM of `time` in this machine's clock (the browsers run here, in the same time zone). */
export function clock(time: number): string {
  const d = new Date(time);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '27 Nov 2026': the day of `time` as the contacts list tags a contact met in an arena. */
export function dayMonthYear(time: number): string {
  const d = new Date(time);
  return `${d.getDate()} ${MONTHS[d.getMonth()] ?? ''} ${d.getFullYear()}`;
}

/**
 * A new card owner (see createCardOwner) whose card is named `name` (saved as the connect page does),
 * so a name with accents can be searched for.
 */
export async function createNamedCardOwner(baseUrl: string, productEnv: Record<string, string>, name: string): Promise<CardOwner> {
  const owner = await createCardOwner(baseUrl, productEnv);
  const current = await callApi(baseUrl, calls.getCard, { authorization: owner.authorization });
  if (current.answer.success !== 'true') throw new Error(`get-card failed: ${current.answer.message}`);
  const { card, fields } = current.answer.data;
  const saved = await callApi(baseUrl, calls.saveCard, {
    authorization: owner.authorization,
    body: { image: card.profile, title: name, description: card.description, sub_title: card.sub_title, fields },
  });
  if (saved.answer.success !== 'true') throw new Error(`save-card failed: ${saved.answer.message}`);
  return { ...owner, title: name };
}

