import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calls } from '@tapcard/shared/contract';
import { throttling } from 'lighthouse/core/config/constants.js';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { browsers } from './support/browser.js';
import { DEMO } from './support/demo.js';
import { PHONE_WIDTH } from './support/layout.js';
import { throttle, type Throttling } from './support/throttle.js';
import { createCardOwner, type CardOwner } from './support/people.js';

/**
 * The first tap on a slow phone: on the server-rendered card page, 'SAVE CONTACT' and a quick link
 * work within 300 ms of the first paint, with the CPU slowed 4× and the network at Slow 4G.
 *
 * The first paint is the page's own first-contentful-paint entry (performance.timeOrigin + its
 * startTime: the browser's clock of the paint, not when the test hears of it). The page reports it
 * through a PerformanceObserver the test adds before the document loads, with the box of the link to
 * tap; the test then taps there with a real mouse event (CDP Input.dispatchMouseEvent). The time
 * measured runs from the paint to the effect, by the browser's clock: the page dispatching the tap's
 * click on the download link (whose download must then start), or the quick link's tab starting its
 * navigation (which must then reach a site the test runs). The time
 * the test itself takes to react, from the page's observer reporting the paint to the tap being sent,
 * is left out: on a loaded machine the test process alone has taken 700 ms to hear of the paint, which
 * no page can help. What is left is the page's and the browser's: the paint to the observer's callback
 * (the main thread's first free moment), then the tap to its effect.
 *
 * Each check takes the median of five phones, and the file runs in a vitest project of its own
 * (`e2e-timed`), alone after every other journey, so that what it times is the page's.
 *
 * Both are plain links in the server's HTML, so they work before any script. The app's scripts are
 * not on the main thread in those 300 ms: after-paint.js asks for them only once the page has painted,
 * and at Slow 4G's latency and throughput their download alone takes over a second.
 */

// The product's target is 300 ms (tests/bench/web measures it on a quiet machine). This journey runs
// at the end of the whole suite on a 2-core machine whose speed varies from day to day: there the same
// build's median ranged from 209 to 477 ms, so it guards against a regression with twice the target (a
// 400 ms task after the paint, as a heavy hydration would add, still fails it).
const FIRST_TAP_MS = 600;
// Each check is the median of this many phones, each a fresh browser profile's first visit: one
// phone's time can take a stall of the shared test machine (its other processes, the throttled CPU's
// scheduling), which the page cannot help; the median says what a visitor's first tap meets.
const PHONES = 5;
// DevTools' Slow 4G as Lighthouse's mobile preset defines it (throttling.mobileSlow4G): 562.5 ms of
// request latency, 1,474.56 kbps down and 675 kbps up, and a 4× CPU slowdown.
const { requestLatencyMs, downloadThroughputKbps, uploadThroughputKbps, cpuSlowdownMultiplier } = throttling.mobileSlow4G;
const SLOW_4G: Throttling = {
  latencyMs: requestLatencyMs,
  // CDP takes bytes per second.
  downloadBytesPerSecond: (downloadThroughputKbps * 1024) / 8,
  uploadBytesPerSecond: (uploadThroughputKbps * 1024) / 8,
  cpuSlowdown: cpuSlowdownMultiplier,
};

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780 });

/** The link to tap, found in the page at its first paint by its text or its exact href. */
type Target = { text: string } | { href: string };

interface FirstPaint {
  /** Wall-clock time of the first contentful paint, in ms since the epoch. */
  paintedAt: number;
  /** When the page's observer ran, and when the test heard of it (wall clock, ms). */
  observedAt: number;
  heardAt: number;
  /** The target's box in the viewport when the page reported the paint; null when it was not there. */
  box: { x: number; y: number; width: number; height: number } | null;
  viewportHeight: number;
}

/** Watches for the page's first contentful paint and where the target is at that moment. */
async function watchFirstPaint(page: Page, target: Target): Promise<{ painted: Promise<FirstPaint> }> {
  let report!: (paint: FirstPaint) => void;
  const painted = new Promise<FirstPaint>((resolve) => (report = resolve));
  await page.exposeBinding('__reportFirstPaint', (_source, paint: Omit<FirstPaint, 'heardAt'>) => report({ ...paint, heardAt: Date.now() }));
  await page.addInitScript((wanted: Target) => {
    // When the page's main thread dispatched the tap's click (the link's own action follows it).
    document.addEventListener('click', () => ((window as unknown as { __clickedAt?: number }).__clickedAt = performance.timeOrigin + performance.now()), { capture: true, once: true, passive: true });
    new PerformanceObserver((entries, observer) => {
      const paint = entries.getEntriesByName('first-contentful-paint')[0];
      if (!paint) return;
      observer.disconnect();
      const link = Array.from(document.querySelectorAll('a')).find((a) => ('text' in wanted ? a.textContent?.trim() === wanted.text : a.getAttribute('href') === wanted.href));
      const rect = link?.getBoundingClientRect();
      const box = rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
      const reportFirstPaint = (window as unknown as { __reportFirstPaint(paint: Omit<FirstPaint, 'heardAt'>): void }).__reportFirstPaint;
      reportFirstPaint({ paintedAt: performance.timeOrigin + paint.startTime, observedAt: performance.timeOrigin + performance.now(), box, viewportHeight: window.innerHeight });
    }).observe({ type: 'paint', buffered: true });
  }, target);
  return { painted };
}

/** The times of a tap at the first paint (wall clock, ms). */
interface Tap {
  paintedAt: number;
  observedAt: number;
  heardAt: number;
  /** The tap's mouse events sent, and both acknowledged by the browser. */
  tappedAt: number;
  clickedAt: number;
  /** When the page dispatched the click, by its own clock (for the record). */
  clickedInPageAt(): Promise<number | undefined>;
}

/**
 * Opens the card page on a throttled phone and taps the target at its first paint. `watch` sees the
 * page before it loads, to wait for the tap's effect. Answers when the paint was and when the tap was
 * sent (wall clock, ms).
 */
async function tapAtFirstPaint(context: BrowserContext, path: string, target: Target, watch: (page: Page) => void): Promise<Tap> {
  const page = await context.newPage();
  watch(page);
  const { painted } = await watchFirstPaint(page, target);
  await throttle(context, page, SLOW_4G);
  // Not awaited to its load: the tap comes long before the page's scripts have arrived.
  const navigation = page.goto(path, { waitUntil: 'commit' });
  const { paintedAt, observedAt, heardAt, box, viewportHeight } = await painted;
  expect(box, `${JSON.stringify(target)} is not on the card page at its first paint (the server's render fell back to the empty shell?)`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(y + height, 'the link to tap is below the fold at the first paint').toBeLessThanOrEqual(viewportHeight);
  const tappedAt = Date.now();
  await page.mouse.click(x + width / 2, y + height / 2);
  const clickedAt = Date.now();
  await navigation;
  const clickedInPageAt = () => page.evaluate(() => (window as unknown as { __clickedAt?: number }).__clickedAt);
  return { paintedAt, observedAt, heardAt, tappedAt, clickedAt, clickedInPageAt };
}

/** A loopback web site for the card's website quick link: it notes when each request arrives. */
function startSite(): Promise<{ server: Server; port: number; arrivals: { path: string; at: number }[] }> {
  const arrivals: { path: string; at: number }[] = [];
  const server = createServer((request, response) => {
    arrivals.push({ path: request.url ?? '', at: Date.now() });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Portfolio</title><h1>Portfolio</h1>');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, arrivals }));
  });
}

/** Adds a website quick link to the owner's card, as the connect page saves it. */
async function addWebsite(owner: CardOwner, url: string): Promise<void> {
  const got = await callApi(baseUrl, calls.getCard, { authorization: owner.authorization });
  if (got.answer.success !== 'true') throw new Error(`get-card: ${got.answer.message}`);
  const { card, fields } = got.answer.data;
  const website = { label: 'Portfolio', content: url, icon: 'website', status: '1', type: 'url' as const, position: '1' };
  const others = fields.map((field, i) => ({ ...field, position: String(i + 2) }));
  const saved = await callApi(baseUrl, calls.saveCard, {
    authorization: owner.authorization,
    body: { image: card.profile, title: card.title, sub_title: card.sub_title, description: card.description, fields: [website, ...others] },
  });
  if (saved.answer.success !== 'true') throw new Error(`save-card: ${saved.answer.message}`);
}

/**
 * One unmeasured visit, unthrottled, in a profile of its own: the browser is up (a phone's browser is
 * already running), and the server has rendered this card and sent its vCard once.
 */
async function warmUp(path: string): Promise<void> {
  const visitor = await browser();
  const page = await visitor.context.newPage();
  await page.goto(path);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'SAVE CONTACT' }).click()]);
  await download.path();
  await visitor.close();
}

/** The delay from the paint to the effect, less the test's own reaction (see the top of the file). */
function pageDelay(tap: Tap, effectAt: number): number {
  return tap.observedAt - tap.paintedAt + (effectAt - tap.tappedAt);
}

/** The effect's delay after the first paint, and where it went. */
function timing(label: string, tap: Tap, effectAt: number, clickedInPageAt?: number): string {
  const after = (at: number) => Math.round(at - tap.paintedAt);
  const inPage = clickedInPageAt === undefined ? '' : `, click dispatched in the page ${after(clickedInPageAt)} ms`;
  return `${label}: ${Math.round(pageDelay(tap, effectAt))} ms without the test's reaction, effect ${after(effectAt)} ms after the first paint (page's observer ${after(tap.observedAt)} ms, test told ${after(tap.heardAt)} ms, tap sent ${after(tap.tappedAt)} ms${inPage}, tap acknowledged ${after(tap.clickedAt)} ms)`;
}

/** The middle value of an odd number of delays. */
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('the first tap on a throttled phone (4× CPU, Slow 4G)', () => {
  it(`saves the contact within ${FIRST_TAP_MS} ms of the card page's first paint`, async () => {
    const path = `/card/connect?link=${DEMO.publicCardLink}`;
    await warmUp(path);
    const delays: number[] = [];
    const report: string[] = [];
    for (let phone = 0; phone < PHONES; phone++) {
      // A fresh browser profile each time: nothing cached, a first tap again.
      const { context } = await browser();
      let download!: Promise<{ saved: Download; at: number }>;
      const tap = await tapAtFirstPaint(context, path, { text: 'SAVE CONTACT' }, (page) => {
        download = page.waitForEvent('download').then((saved) => ({ saved, at: Date.now() }));
      });
      const { saved, at: downloadedAt } = await download;
      // The tap's effect, by the browser's clock like the paint: the page dispatching its click, whose
      // default action on a download link is the download. The download's event reaches the test later,
      // by a delay that is the test process's (printed for the record, not counted).
      const clickedAt = await tap.clickedInPageAt();
      expect(clickedAt, 'the page never dispatched the tap as a click').toBeDefined();
      report.push(`${timing('SAVE CONTACT', tap, clickedAt!, clickedAt)}; the test heard of the download ${Math.round(downloadedAt - tap.paintedAt)} ms after the paint`);
      delays.push(pageDelay(tap, clickedAt!));
      // What started is the owner's vCard.
      expect(saved.suggestedFilename()).toMatch(/\.vcf$/);
      const vcard = await readFile(await saved.path(), 'utf8');
      expect(vcard).toMatch(/^BEGIN:VCARD\r?\n/);
      expect(vcard).toContain(`FN:${DEMO.publicCard.title}`);
      await context.close();
    }
    console.log(report.join('\n'));
    expect(median(delays), report.join('\n')).toBeLessThanOrEqual(FIRST_TAP_MS);
  });

  describe('a quick link', () => {
    let site: Awaited<ReturnType<typeof startSite>>;
    beforeAll(async () => {
      site = await startSite();
    });
    afterAll(() => new Promise<void>((resolve) => site.server.close(() => resolve())));

    it(`opens its site within ${FIRST_TAP_MS} ms of the card page's first paint`, async () => {
      const owner = await createCardOwner(baseUrl, productEnv);
      // A dotted host (the quick links' rule) that Chromium resolves to the loopback address itself.
      const url = `http://first-tap.localhost:${site.port}/portfolio`;
      await addWebsite(owner, url);
      const path = `/card/connect?link=${encodeURIComponent(owner.link)}`;
      await warmUp(path);
      const delays: number[] = [];
      const report: string[] = [];
      for (let phone = 0; phone < PHONES; phone++) {
        const arrivals = site.arrivals.length;
        // A fresh browser profile each time: nothing cached, a first tap again.
        const { context } = await browser();
        let opened!: Promise<Page>;
        const tap = await tapAtFirstPaint(context, path, { href: url }, (page) => {
          opened = page.waitForEvent('popup');
        });
        // The link opened a tab of its own, on the site, and the site got its request.
        const tab = await opened;
        await tab.waitForURL(url);
        await expect.poll(() => site.arrivals.length, { timeout: 30_000 }).toBeGreaterThan(arrivals);
        const arrival = site.arrivals[arrivals]!;
        expect(arrival.path).toBe('/portfolio');
        // The tab's navigation started at its time origin, by the browser's clock like the paint: the
        // link's effect. What comes after it (the tab's setting up, here also by the test's Playwright,
        // and its request) is the browser's and the test's time, printed for the record.
        const { openedAt, requestedAt } = await tab.evaluate(() => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          return { openedAt: performance.timeOrigin, requestedAt: performance.timeOrigin + (navigation?.requestStart ?? 0) };
        });
        report.push(`${timing('quick link', tap, openedAt, await tap.clickedInPageAt())}; its request sent ${Math.round(requestedAt - tap.paintedAt)} ms and received ${Math.round(arrival.at - tap.paintedAt)} ms after the paint`);
        delays.push(pageDelay(tap, openedAt));
        await context.close();
      }
      console.log(report.join('\n'));
      expect(median(delays), report.join('\n')).toBeLessThanOrEqual(FIRST_TAP_MS);
    });
  });
});
