import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';

export interface SeenToast {
  text: string;
  /** The toast container's position class, e.g. 'bottom-center'. */
  position: string;
  /** How long it stayed in the page (ms, exit animation included), or null while it is still there. */
  lifetimeMs: number | null;
  /** Whether the pointer was ever over it. */
  hovered: boolean;
}

interface ToastRecord {
  el: Element;
  position: string;
  shownAt: number;
  goneAt: number | null;
  hovered: boolean;
}

declare global {
  interface Window {
    __seenToasts?: ToastRecord[];
  }
}

/**
 * Records every toast the page shows (react-toastify), from before the app starts. Some toasts last
 * only 0.3 s (the cart's), too short to be sure to catch on screen, so a journey asserts on this
 * record instead. Call before the first `goto`; the record restarts with every document.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: ToastRecord[] = [];
    window.__seenToasts = seen;
    const consider = (node: Node, now: number) => {
      if (!(node instanceof Element)) return;
      const toasts = node.matches('.Toastify__toast') ? [node] : Array.from(node.querySelectorAll('.Toastify__toast'));
      for (const el of toasts) {
        if (seen.some((s) => s.el === el)) continue;
        const container = el.closest('.Toastify__toast-container');
        const position = /Toastify__toast-container--([a-z-]+)/.exec(container?.className ?? '')?.[1] ?? '';
        const record: ToastRecord = { el, position, shownAt: now, goneAt: null, hovered: false };
        el.addEventListener('mouseover', () => (record.hovered = true));
        seen.push(record);
      }
    };
    // One time for a batch of changes: a toast that takes another's place in the same render was never
    // on screen with it.
    new MutationObserver((mutations) => {
      const now = performance.now();
      for (const m of mutations) m.addedNodes.forEach((node) => consider(node, now));
      for (const s of seen) if (s.goneAt === null && !s.el.isConnected) s.goneAt = now;
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts seen so far in this document, oldest first. */
export function seenToasts(page: Page): Promise<SeenToast[]> {
  return page.evaluate(() =>
    (window.__seenToasts ?? []).map((s) => ({
      text: (s.el.textContent ?? '').trim(),
      position: s.position,
      lifetimeMs: s.goneAt === null ? null : Math.round(s.goneAt - s.shownAt),
      hovered: s.hovered,
    })),
  );
}

/**
 * Waits until no toast is on screen. Axe measures colour contrast on what is painted, so a toast in
 * its fade-out animation reads as low contrast: run axe on a page once its toasts have gone, and on
 * a toast itself with `expectToastAccessible`.
 */
export async function waitForToastsToGo(page: Page, timeoutMs = 10_000): Promise<void> {
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: timeoutMs, message: 'toasts still on screen' }).toBe(0);
}

/** Axe on the toasts alone, once they have finished coming in (fully opaque, not moving). */
export async function expectToastAccessible(page: Page, label: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const toasts = Array.from(document.querySelectorAll('.Toastify__toast'));
        return toasts.length > 0 && toasts.every((t) => t.getAnimations().length === 0 && getComputedStyle(t).opacity === '1');
      }),
    )
    .toBe(true);
  const serious = await seriousViolations(page, '.Toastify');
  expect(serious.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on the toast of ${label}`).toEqual([]);
}

/** Closes every toast on screen as a person does, by tapping it (the app's toasts close on click). */
export async function dismissToasts(page: Page): Promise<void> {
  await page.locator('.Toastify__toast').evaluateAll((toasts) => toasts.forEach((t) => (t as HTMLElement).click()));
  await waitForToastsToGo(page);
}

/** The most toasts the page has had on screen at once so far in this document (exit fades included). */
export function mostToastsAtOnce(page: Page): Promise<number> {
  return page.evaluate(() => {
    const seen = window.__seenToasts ?? [];
    return Math.max(0, ...seen.map((s) => seen.filter((o) => o.shownAt <= s.shownAt && (o.goneAt ?? Infinity) > s.shownAt).length));
  });
}
