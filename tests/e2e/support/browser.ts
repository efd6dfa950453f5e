import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

/** One user's browser: a context of its own (its own cookies and storage) in the file's one Chromium. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh browser profile (its own storage), phone-sized unless told otherwise. `reducedMotion:
 * 'reduce'` asks for less motion (the product then turns its animations off: no toast is caught by axe
 * half-faded).
 */
export interface BrowserOptions {
  baseURL: string;
  width?: number;
  height?: number;
  reducedMotion?: 'reduce' | 'no-preference';
  /** False: the page as the server sent it, no script run (what paints before the scripts arrive). */
  javaScriptEnabled?: boolean;
  /**
   * 'allow' for the journeys of the pages' service workers (the door and the attendee pages offline).
   * Blocked elsewhere: a worker's fetches escape `page.route` (a journey could not fail a post), and
   * installing one in every context costs each journey the download of its precache.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * The journey worker's Chromium, launched at its first use and shared by the worker's files in turn
 * (they share their modules: vitest.config.ts). It ends with the worker: Chromium quits when the pipe
 * Playwright drives it through closes. One that crashed or was closed is launched again.
 */
let started: Promise<Chromium> | null = null;
function workerChromium(): Promise<Chromium> {
  if (!started) {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    started = launching;
    const forget = () => {
      if (started === launching) started = null;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  return started;
}

/**
 * Opens browsers with a test file's defaults (each call may override them) and closes every one of
 * them after the file's tests. Call at the top of a test file.
 *
 * Every user is a context of the worker's one Chromium: a context is as separate as a profile of its
 * own (cookies, storage, cache) and opens in milliseconds, where a Chromium takes seconds of a loaded
 * 2-core machine to start.
 */
export function browsers(defaults: BrowserOptions): (options?: Partial<BrowserOptions>) => Promise<Browser> {
  const opened: Browser[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((b) => b.close()));
  });
  return async (options = {}) => {
    const chromiumStarted = workerChromium();
    const { baseURL, width, height, reducedMotion, javaScriptEnabled, serviceWorkers = 'block' } = { ...defaults, ...options };
    const context = await (await chromiumStarted).newContext({
      baseURL,
      viewport: { width: width ?? 390, height: height ?? 844 },
      acceptDownloads: true,
      serviceWorkers,
      ...(reducedMotion ? { reducedMotion } : {}),
      ...(javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    });
    context.setDefaultTimeout(30_000);
    const browser: Browser = { context, close: () => context.close() };
    opened.push(browser);
    return browser;
  };
}

/**
 * Opens a fresh user's page (a context of its own) with `open`'s defaults, on the base URL `baseURL()`
 * answers: a file's own product is known only once its setup has started it.
 */
export function pagesOn(open: (options?: Partial<BrowserOptions>) => Promise<Browser>, baseURL: () => string): () => Promise<Page> {
  return async () => (await open({ baseURL: baseURL() })).context.newPage();
}

/**
 * Waits until the app has taken the page over (RootLayout marks <html data-app="ready">): a page the
 * gateway rendered is on screen before its scripts, and a button clicked before then does nothing.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}
