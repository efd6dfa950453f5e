import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Axe measures colour contrast on what is painted: a toast halfway through its entry or exit animation
 * reads as low contrast. Waits (bounded) until every toast on screen is still and opaque, or gone; a
 * toast that stays on screen is then checked like the rest of the page.
 */
async function toastsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => Array.from(document.querySelectorAll('.Toastify__toast')).every((t) => t.getAnimations().length === 0 && getComputedStyle(t).opacity === '1'),
      undefined,
      { timeout: 10_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Runs axe on the page and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  await toastsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n');
  expect(report, `axe on ${label}`).toBe('');
}
