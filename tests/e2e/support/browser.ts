import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

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
}

export async function openBrowser(options: BrowserOptions): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'tapcard-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: options.baseURL,
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
    acceptDownloads: true,
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  context.setDefaultTimeout(30_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens browsers with a test file's defaults (each call may override them) and closes every one of
 * them after the file's tests. Call at the top of a test file.
 */
export function browsers(defaults: BrowserOptions): (options?: Partial<BrowserOptions>) => Promise<Browser> {
  const opened: Browser[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((b) => b.close()));
  });
  return async (options = {}) => {
    const browser = await openBrowser({ ...defaults, ...options });
    opened.push(browser);
    return browser;
  };
}

/**
 * Waits until the app has taken the page over (RootLayout marks <html data-app="ready">): a page the
 * gateway rendered is on screen before its scripts, and a button clicked before then does nothing.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}
