import { request } from 'node:http';
import { calls, doorCalls, type Event, type StaffLink } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import type { BrowserContext, Page } from 'playwright-core';
import { callApi } from './api.js';
import type { Registered } from './live-events.js';
import { unique, type Account } from './people.js';

/** A staff phone at the door: its signed tickets, its staff link, and what its result card showed. */

/** The signed door ticket of an attendee, as their token page gets it for its QR code. */
export async function ticketOf(baseUrl: string, attendee: Registered): Promise<string> {
  const token = await callApi(baseUrl, calls.eventToken, { params: { id: attendee.tid } });
  if (token.answer.success !== 'true') throw new Error(`event token failed: ${token.answer.message}`);
  return token.answer.data.ticket;
}

/** POSTs JSON to the product from the loopback address `from` (127.x.y.z), as a client at that address; answers the parsed body. */
function postFrom(baseUrl: string, path: string, body: unknown, from: string): Promise<unknown> {
  const url = new URL(`/api${path}`, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (error) {
            reject(new Error(`register answered ${response.statusCode}: ${text.slice(0, 200)}`, { cause: error }));
          }
        });
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/**
 * Registers `name` for the event's free ticket from the attendee's own phone: loopback address
 * 127.0.1.`phone` (1–250), so a crowd of attendees is not one address hitting the per-address
 * registration limit. Answers the attendee as registerViaApi does.
 */
export async function registerFromPhone(baseUrl: string, event: Event, name: string, phone: number): Promise<Registered> {
  const free = event.prices.find((p) => p.amount === 0);
  if (!free) throw new Error('the event has no free ticket');
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${unique()}@e2e.tapcard.local`;
  const body = { event_id: event.id, event_prices_id: free.id, name, email, phone: '+2348031234567' };
  const answer = calls.register.answer.parse(await postFrom(baseUrl, calls.register.path, body, `127.0.1.${phone}`));
  if (answer.success !== 'true') throw new Error(`register failed: ${answer.message}`);
  const tid = matchPage(pagePatterns.eventToken, answer.link)?.tid;
  if (tid === undefined) throw new Error(`unexpected registration link ${answer.link}`);
  const token = await callApi(baseUrl, calls.eventToken, { params: { id: tid } });
  if (token.answer.success !== 'true') throw new Error(`event token failed: ${token.answer.message}`);
  return { name, email, tid, id: token.answer.data.attendee.id };
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A forged copy of `ticket`: one character in the middle of its signature changed, still a well-formed
 * ticket (same length and alphabet), so only the signature check can refuse it.
 */
export function tamperedTicket(ticket: string): string {
  const at = ticket.lastIndexOf('.') + 20;
  const old = ticket.charAt(at);
  const replacement = B64URL.charAt((B64URL.indexOf(old) + 1) % B64URL.length);
  return ticket.slice(0, at) + replacement + ticket.slice(at + 1);
}

/** A new staff link of the organiser's event for `gate`, through the API the event page calls; answers its page path. */
export async function createStaffLink(baseUrl: string, organiser: Account, event: Event, gate: string): Promise<{ path: string; link: StaffLink }> {
  const created = await callApi(baseUrl, doorCalls.createStaffLink, { params: { id: event.id }, authorization: organiser.authorization, body: { label: gate, expiry: 'event_end' } });
  if (created.answer.success !== 'true') throw new Error(`create staff link failed: ${created.answer.message}`);
  return { path: created.answer.data.path, link: created.answer.data.link };
}

/**
 * Opens a new staff link for `gate` on the phone and waits for the door page of that gate; answers
 * the link and the door session token the phone traded its secret for.
 */
export async function openStaffLink(page: Page, baseUrl: string, organiser: Account, event: Event, gate: string): Promise<{ link: StaffLink; session: string }> {
  const { path, link } = await createStaffLink(baseUrl, organiser, event, gate);
  const opened = page.waitForResponse((response) => response.url().endsWith('/api/event/door/api/open') && response.ok());
  // The door page fetches the event's public keys as it opens: without them it cannot check a ticket offline.
  const keys = page.waitForResponse((response) => response.url().endsWith(`/api/event/public/api/events/${event.id}/ticket-keys`) && response.ok());
  await page.goto(path);
  await keys;
  const answer = (await (await opened).json()) as { data?: { session?: unknown } };
  if (typeof answer.data?.session !== 'string') throw new Error('the staff link answered no door session');
  await page.getByRole('heading', { level: 1, name: `You are checking in at ${gate} for ${event.title}` }).waitFor();
  return { link, session: answer.data.session };
}

/** What a door says of a transferred ticket's old QR code, online or from its list. */
export const TRANSFERRED = 'Ticket transferred to someone else; this QR code no longer works';

/** Types a code into the door's search box and submits it, as staff do without a camera. */
export async function scan(door: Page, code: string): Promise<void> {
  await door.getByRole('searchbox', { name: 'Find an attendee' }).fill(code);
  await door.getByRole('button', { name: 'Search' }).click();
}

/**
 * One result the door page's result card showed: its outcome, its words, its border colour
 * ('rgb(r, g, b)') and its class list (said when a colour is not the one expected).
 */
export interface DoorResult {
  outcome: string;
  text: string;
  color: string;
  classes: string;
}

interface Recorder {
  __doorResults?: DoorResult[];
}

/**
 * Records, in every page of the phone from its first script on, each result the door's result card
 * shows (data-testid="door-result": its data-outcome, text and colour), whenever outcome or text change. A journey can
 * then tell the order of scans the card showed even when they followed each other faster than a poll.
 * The colour is read in the same moment as the words, as the card settles in it: the page's reduced-motion
 * rule gives every style change a 0.01 ms transition, which a loaded page may not advance for a while,
 * so the recorder finishes the card's transitions and reads the colour they end at.
 */
export async function recordDoorResults(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const store = ((window as unknown as Recorder).__doorResults = [] as DoorResult[]);
    let last = '';
    const look = () => {
      const card = document.querySelector('[data-testid="door-result"]');
      if (!card) return;
      const outcome = card.getAttribute('data-outcome') ?? '';
      const text = (card instanceof HTMLElement ? card.innerText : '').replace(/\s+/g, ' ').trim();
      const key = `${outcome}\u0000${text}`;
      if (key === last || text === '') return;
      last = key;
      for (const transition of card.getAnimations()) transition.finish();
      store.push({ outcome, text, color: getComputedStyle(card).borderTopColor, classes: card.className });
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The results the page's card has shown so far, in order (see recordDoorResults). */
export function doorResults(page: Page): Promise<DoorResult[]> {
  return page.evaluate(() => (window as unknown as Recorder).__doorResults ?? []);
}

/**
 * A barcode scanner in keyboard mode (an outside device) scanning `text`: the burst of keys it types,
 * ended by Enter, with no text field focused. The keys are dispatched in the page at once, and the
 * page's clock stands still while they are, so their timing never depends on how loaded the machine
 * is: a garbage collection or the system setting the browser aside for more than the scanner's 50 ms
 * key gap in the middle of the burst made the page take it for a person typing (a scan among twenty
 * was lost about once in two runs of the whole suite).
 */
export async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.evaluate((text) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const realNow = Date.now;
    const at = realNow();
    Date.now = () => at;
    try {
      for (const key of [...text, 'Enter']) {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        document.body.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    } finally {
      Date.now = realNow;
    }
  }, text);
}
