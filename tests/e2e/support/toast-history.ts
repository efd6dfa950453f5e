import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { browsers, type BrowserOptions } from './browser.js';

export interface ToastText {
  text: string;
  /** react-toastify's type: 'success', 'error', 'warning', 'info' or 'default' (a loading toast). */
  type: string;
}

declare global {
  interface Window {
    __toastTexts?: ToastText[];
  }
}

/**
 * Records every text a toast shows (react-toastify), from before the app starts. Unlike the toast
 * record of toasts.ts this keeps each text a toast has had: a loading toast ('Sending mail...') is
 * later turned into its result ('Mail sent successfully!') in the same element, and a journey checks
 * both. Call before the first `goto`; the record restarts with every document.
 */
export async function recordToastTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const texts: { text: string; type: string }[] = [];
    window.__toastTexts = texts;
    const last = new WeakMap<Element, string>();
    const scan = () => {
      for (const el of Array.from(document.querySelectorAll('.Toastify__toast'))) {
        const text = (el.querySelector('.Toastify__toast-body')?.textContent ?? el.textContent ?? '').trim();
        if (text === '' || last.get(el) === text) continue;
        last.set(el, text);
        const type = /Toastify__toast--([a-z]+)/.exec(el.className)?.[1] ?? 'default';
        texts.push({ text, type });
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  });
}

/** Every toast text seen so far in this document, oldest first. */
export function toastTexts(page: Page): Promise<ToastText[]> {
  return page.evaluate(() => window.__toastTexts ?? []);
}

/** Waits until a toast has shown exactly `text` (as a toast of `type` when given); the failure lists what was seen. */
export async function expectToast(page: Page, text: string, type?: string): Promise<void> {
  const label = (t: ToastText) => (type === undefined ? t.text : `${t.type}: ${t.text}`);
  await expect.poll(async () => (await toastTexts(page)).map(label), { timeout: 10_000, message: `toast '${text}'` }).toContain(type === undefined ? text : `${type}: ${text}`);
}

/**
 * Opens pages for a test file, each in a browser of its own (the file's `defaults`, as `browsers`
 * takes them) and recording its toast texts from the start. Call at the top of a test file.
 */
export function pagesRecordingToasts(defaults: BrowserOptions): () => Promise<Page> {
  const open = browsers(defaults);
  return async () => {
    const page = await (await open()).context.newPage();
    await recordToastTexts(page);
    return page;
  };
}
