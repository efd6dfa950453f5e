import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addToCart } from '@tapcard/shared/domain';
import { appReady, browsers } from './support/browser.js';
import { expectCount } from './support/counts.js';
import { DEMO } from './support/demo.js';
import { PHONE_WIDTH } from './support/layout.js';

/**
 * The public card, the arena, the landing page and the shop are rendered by the gateway, so a visitor on
 * a slow phone sees the page before any script has arrived; the scripts then take the page over
 * (hydration) without redrawing it.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780 });
const cardPath = `/card/connect?link=${DEMO.publicCardLink}`;
const arenaPath = `/event/u/arena/${DEMO.attendees.ada}`;
const cardEventsPath = `/card/event?link=${DEMO.publicCardLink}`;
const openEventPath = `/events/l/${DEMO.liveEvent.cleanName}`;
const shopPath = '/get-started';
const ticketPath = `/event/u/token/${DEMO.attendees.ada}`;

/**
 * What a page does: the errors it logs or throws (a hydration mismatch is logged by main.tsx's
 * onRecoverableError), what the Content-Security-Policy refused it, and the documents it loads (one:
 * every later page came from the router).
 */
async function watch(page: Page): Promise<{ errors: string[]; documents: string[] }> {
  const errors: string[] = [];
  const documents: string[] = [];
  // A refusal is an event, not a console message: an eval tried and caught (as zod's probe for compiled parsers) logs nothing.
  await page.exposeFunction('reportCspViolation', (refused: string) => errors.push(`CSP violation: ${refused}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation(refused: string): Promise<void> }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    }),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  return { errors, documents };
}

/**
 * A record of the page's layout shifts from its first paint on: their values, and what moved in each
 * (the moved element's tag, class and first words) for the failure's message.
 */
async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: number[] = [];
    const moved: string[] = [];
    Object.assign(window, { layoutShifts: shifts, layoutShiftSources: moved });
    type Shift = PerformanceEntry & { value: number; sources?: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        shifts.push(entry.value);
        for (const { node } of entry.sources ?? []) {
          if (node instanceof Element) moved.push(`${node.tagName.toLowerCase()}.${node.className} "${node.textContent?.slice(0, 30) ?? ''}"`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A cart of 2 Black cards in storage, as an earlier visit leaves it, and a record of the page's layout shifts from its first paint on. */
async function storedCartAndShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript((items) => localStorage.setItem('tapcard:cartItems', JSON.stringify(items)), addToCart([], 'Black', 2).items);
  await recordShifts(context);
}

/** The page's layout shifts so far, once the frames already due are drawn and their shifts reported. */
const layoutShifts = (page: Page): Promise<number[]> =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve));
    return (window as unknown as { layoutShifts: number[] }).layoutShifts;
  });
const shiftedElements = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { layoutShiftSources: string[] }).layoutShiftSources);

/**
 * The scripts a server-rendered page loads for its first render, as its after-paint.js loader names
 * them: the entry, and then every file, the entry first and its preloads after it.
 */
function firstRenderScripts(html: string): { entry: string | undefined; files: (string | undefined)[] } {
  const loader = /data-entry="([^"]+)" data-preload="([^"]+)"/.exec(html);
  return { entry: loader?.[1], files: [loader?.[1], ...(loader?.[2]?.split(' ') ?? [])] };
}

/** The app's entry, its router's and its contract's chunks: none of them is in a light page's first render. */
const appChunks = (files: (string | undefined)[]) => files.filter((file) => /^\/assets\/(?:index|api|navigation)-[\w-]+\.js$/.test(file ?? ''));

describe('server-rendered pages', () => {
  it('sends the card with its styles and no script to run before the first paint but after-paint.js', async () => {
    // The card's pages, its events' and the landing page load the light visitor entry; the other pages the app's.
    const entries = [
      [cardPath, 'visitor'],
      [`/card/dashboard?link=${DEMO.publicCardLink}`, 'visitor'],
      ['/card/locked', 'visitor'],
      [cardEventsPath, 'visitor'],
      [`/card/event/${DEMO.liveEvent.id}?link=${DEMO.publicCardLink}`, 'visitor'],
      [openEventPath, 'visitor'],
      [arenaPath, 'visitor'],
      [`${arenaPath}/chat`, 'visitor'],
      [ticketPath, 'visitor'],
      ['/', 'visitor'],
      [shopPath, 'index'],
      ['/get-card', 'index'],
    ] as const;
    for (const [path, entry] of entries) {
      const html = await (await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })).text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts, path).toEqual([
        expect.stringMatching(new RegExp(`^<script defer src="/after-paint\\.js" data-entry="/assets/${entry}-[\\w-]+\\.js" data-preload="[^"]+">$`)),
        '<script type="application/json" id="ssr-state">',
      ]);
      expect(html, path).not.toMatch(/<link rel="modulepreload"/);
      // Each stylesheet is inlined; its link stays only disabled (never fetched), for the scripts' loader.
      expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].filter((link) => !/ disabled>$/.test(link[0])), path).toEqual([]);
    }
    const loader = await fetch(`${baseUrl}/after-paint.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(loader.status).toBe(200);
    expect((await loader.arrayBuffer()).byteLength).toBeLessThan(2000);
  });

  it('shows the public card and the landing page with no script run', async () => {
    const { context } = await browser({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(cardPath);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO.publicCard.title);
    await expect(page.getByText(DEMO.publicCard.subTitle).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'EXCHANGE CONTACT' }).isVisible()).resolves.toBe(true);
    // Styled: the route's stylesheet came with the page, so the sidebar is laid out, not a bare list.
    const sideLink = page.getByRole('navigation', { name: 'Card' }).getByRole('link', { name: 'Connect' });
    expect(await sideLink.evaluate((a) => getComputedStyle(a).display)).not.toBe('inline');

    // The card's events and an event's public page, with their data.
    await page.goto(cardEventsPath);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Events');
    await expect(page.getByText(DEMO.liveEventTitle).first().isVisible()).resolves.toBe(true);
    await page.goto(openEventPath);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(DEMO.liveEventTitle);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your Digital Culture In One Card');
    // Until the scripts take over, the pre-order form cannot be sent as the browser's own GET of the page.
    await expect(page.getByRole('form', { name: 'Pre-order your card' }).getByRole('button', { name: 'Pre-order' }).isDisabled()).resolves.toBe(true);
  });

  it('shows the arena with no script run: the event, the attendee and the way to the chat', async () => {
    const { context } = await browser({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(arenaPath);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO.liveEventTitle);
    await expect(page.getByText('Ada Obi').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Event Chat' }).isVisible()).resolves.toBe(true);
    // Honest about the live state until the scripts have connected.
    await expect(page.getByRole('status').filter({ hasText: 'Connecting to live updates…' }).isVisible()).resolves.toBe(true);
    // Ada's private conversations are listed, as the live page lists them.
    await expect(page.getByRole('navigation', { name: 'Private messages' }).isVisible()).resolves.toBe(true);
    // The hand-over carries the arena's view, chats included (the chat pages show them).
    const state = await page.locator('#ssr-state').textContent();
    expect(state).toContain('"arenaView"');
  });

  it('hands the arena over without a mismatch, goes live, and opens the chat in the page', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const { errors, documents } = await watch(page);
    await page.goto(arenaPath);
    await page.locator('[role="status"][data-connection="live"]').waitFor({ state: 'attached' });
    await expectCount(page.getByText('Connecting to live updates…')).toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(DEMO.liveEventTitle);
    // Nothing moved when it went live: the title stands where the server's page (still connecting) put it.
    const { context: still } = await browser({ javaScriptEnabled: false });
    const painted = await still.newPage();
    await painted.goto(arenaPath);
    const before = await painted.getByRole('heading', { level: 1 }).boundingBox();
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);

    await page.getByRole('link', { name: 'Event Chat' }).click();
    await page.waitForURL(/\/chat$/);
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('leaves an arena it could not open to the browser, which shows the not-found page', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const response = await page.goto('/event/u/arena/no-such-access-token-anywhere-000');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-ssr');
    expect(html).not.toContain('arenaView');
    await page.getByRole('heading', { name: 'You have found a rare gem!.' }).waitFor();
  });

  it('shows the shop with no script run: the product, its price and colours, and a cart button still without its count', async () => {
    const { context } = await browser({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopPath);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('TapCard Smart Business Card');
    await expect(page.getByText('NGN 10,000', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('img', { name: 'White TapCard card' }).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Colour', { exact: true }).inputValue()).resolves.toBe('White');
    await expect(page.getByLabel('Quantity', { exact: true }).inputValue()).resolves.toBe('1');
    await expect(page.getByRole('button', { name: 'Add to cart' }).isDisabled()).resolves.toBe(true);
    // The cart is in the browser's storage: the server knows no count.
    await expect(page.getByRole('button', { name: 'Cart', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.locator('#ssr-state').textContent()).resolves.toBe('{"mutations":[],"queries":[]}');
  });

  it('hands the shop over without a mismatch and without a shift, then counts the stored cart', async () => {
    const { context } = await browser();
    await storedCartAndShifts(context);
    const page = await context.newPage();
    const { errors, documents } = await watch(page);
    const response = await page.goto(shopPath);
    expect(await response?.text()).toContain('data-ssr');
    await appReady(page);
    await expect.poll(() => page.getByRole('button', { name: /^Cart, / }).getAttribute('aria-label')).toBe('Cart, 2 items');
    // Where the server's page (no script run) put the title and the card, the hydrated page has them.
    const { context: still } = await browser({ javaScriptEnabled: false });
    const painted = await still.newPage();
    await painted.goto(shopPath);
    for (const [role, name] of [['heading', 'TapCard Smart Business Card'], ['img', 'White TapCard card']] as const) {
      const before = await painted.getByRole(role, { name }).boundingBox();
      expect(await page.getByRole(role, { name }).boundingBox(), name).toEqual(before);
    }
    expect(await layoutShifts(page), `shifted: ${(await shiftedElements(page)).join(', ')}`).toEqual([]);

    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/checkout');
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('hands the shop over on a large screen without a mismatch or a shift, and fills the cart beside the product', async () => {
    const { context } = await browser({ width: 1280, height: 800 });
    await storedCartAndShifts(context);
    const page = await context.newPage();
    const { errors } = await watch(page);
    await page.goto(shopPath);
    await appReady(page);
    await page.getByRole('complementary', { name: 'Your Cart' }).getByText('Black TapCard').waitFor();
    expect(await page.getByRole('button', { name: /^Cart/ }).count()).toBe(0);
    expect(await layoutShifts(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the ticket and its QR with no script run, and never lets a cache keep it', async () => {
    const response = await fetch(`${baseUrl}${ticketPath}`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The hand-over carries the ticket, not the arena's chats (the demo's group and private messages).
    const html = await response.text();
    expect(html).toContain('data-ssr');
    expect(html).not.toMatch(/VIP lanyards are at the front desk|see you by the coffee bar/);
    const { context } = await browser({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(ticketPath);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Registration Successful!');
    await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(DEMO.liveEventTitle);
    await expect(page.getByRole('img', { name: 'QR code of your ticket for the door' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Open my event access' }).getAttribute('href')).resolves.toBe(arenaPath);
  });

  it('hands the ticket over to the light entry without a mismatch or a shift, then to its live page, which keeps it for the door', async () => {
    const { context } = await browser();
    await recordShifts(context);
    const page = await context.newPage();
    const { errors, documents } = await watch(page);
    const response = await page.goto(ticketPath);
    // The light entry's first render: not the app's entry, its router or its contract schemas.
    const { entry, files } = firstRenderScripts((await response?.text()) ?? '');
    expect(entry).toMatch(/^\/assets\/visitor-[\w-]+\.js$/);
    expect(appChunks(files)).toEqual([]);
    await appReady(page);
    // The live page took over: it follows the attendee's check-in live and keeps the ticket on the device.
    await page.locator('section[data-connection="live"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('ticketAnswers')).length)).toBe(1);
    await expect(page.getByRole('img', { name: 'QR code of your ticket for the door' }).isVisible()).resolves.toBe(true);
    expect(await layoutShifts(page), (await shiftedElements(page)).join(', ')).toEqual([]);
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('hands the card over to the light entry without a mismatch, and its links load the next page, rendered by the server too', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const { errors, documents } = await watch(page);
    const response = await page.goto(cardPath, { waitUntil: 'networkidle' });
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(DEMO.publicCard.title);
    // What the card loads to hydrate is the light entry's: not the app's entry, its router or its
    // contract schemas (the view count's beacon loads the API client later).
    const { entry, files } = firstRenderScripts((await response?.text()) ?? '');
    expect(entry).toMatch(/^\/assets\/visitor-[\w-]+\.js$/);
    expect(appChunks(files)).toEqual([]);

    await page.getByRole('navigation', { name: 'Card' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL(/\/card\/event\?link=/);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Events');
    expect(documents).toHaveLength(2); // a plain link: the events page is a new document
    expect(errors).toEqual([]);
  });

  it('hands the landing page over to the light entry without a mismatch: no app entry, router or contract at first render, and its links load the next page', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const { errors, documents } = await watch(page);
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your Digital Culture In One Card');
    const { entry, files } = firstRenderScripts((await response?.text()) ?? '');
    expect(entry).toMatch(/^\/assets\/visitor-[\w-]+\.js$/);
    expect(appChunks(files)).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQs' }).click();
    await page.waitForURL(/\/faq$/);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Frequently Asked Questions');
    expect(documents).toHaveLength(2); // a plain link: the FAQ is the app's page, a new document
    expect(errors).toEqual([]);
  });

  it('hydrates the card dashboard, the card\'s events, an event and the open event link without a mismatch', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const { errors } = await watch(page);
    const paths = [`/card/dashboard?link=${DEMO.publicCardLink}`, cardEventsPath, `/card/event/${DEMO.liveEvent.id}?link=${DEMO.publicCardLink}`, openEventPath];
    for (const path of paths) {
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      const html = (await response?.text()) ?? '';
      expect(html, path).toContain('data-ssr');
      // The light entry's first render: not the app's entry, its router or its contract schemas.
      expect(appChunks(firstRenderScripts(html).files), path).toEqual([]);
      await appReady(page);
    }
    expect(errors).toEqual([]);
  });

  it("opens the open event link's registration, the app's page, from its plain REGISTER NOW link", async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const { errors, documents } = await watch(page);
    await page.goto(openEventPath);
    await appReady(page);
    await page.getByRole('link', { name: 'REGISTER NOW' }).click();
    await page.waitForURL(`**${openEventPath}/register`);
    await page.getByLabel('Full Name').waitFor();
    expect(documents).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('hands an event over on a phone without a shift: the time zone and "Add to calendar" appear in places kept for them', async () => {
    // Lighthouse's mobile screen.
    for (const path of [openEventPath, `/card/event/${DEMO.liveEvent.id}?link=${DEMO.publicCardLink}`]) {
      const { context } = await browser({ width: 412, height: 823 });
      await recordShifts(context);
      const page = await context.newPage();
      const { errors } = await watch(page);
      // The scripts arrive after the server's page has painted, as on a slow phone (on this machine
      // they could otherwise hydrate before the first contentful paint, and a shift before it is none).
      const painted = page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await page.route('**/assets/*.js', async (route) => {
        await painted;
        await route.continue();
      });
      await page.goto(path);
      await appReady(page);
      await page.getByRole('link', { name: 'Add to calendar' }).waitFor();
      await page.getByText('Time zone', { exact: true }).waitFor();
      await expect(page.getByText('Time zone', { exact: true }).locator('xpath=following-sibling::dd').textContent(), path).resolves.toMatch(/^UTC[+-]\d\d:\d\d/);
      expect(await layoutShifts(page), `${path}: ${(await shiftedElements(page)).join('; ')}`).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it('leaves a card it could not load to the browser, which shows the not-found page', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    const { errors } = await watch(page);
    const response = await page.goto('/card/connect?link=no-such-card-anywhere');
    expect(await response?.text()).not.toContain('You have found a rare gem!.');
    await page.getByRole('heading', { name: 'You have found a rare gem!.' }).waitFor();
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
