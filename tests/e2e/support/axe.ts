import { AxeBuilder } from '@axe-core/playwright';
import axe, { type Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

const serious = (violations: Result[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/**
 * The serious and critical axe violations on the page (or within `include`, a selector). axe-core runs
 * in the page itself: @axe-core/playwright's AxeBuilder opens a blank page beside every page it checks,
 * to merge the results of its frames, and that cost about a second per check on this machine where the
 * check itself takes a tenth of it. The product's pages have no frames; a page that has some is still
 * checked frame by frame by AxeBuilder.
 */
export async function seriousViolations(page: Page, include?: string): Promise<Result[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page });
    return serious((await (include ? builder.include(include) : builder).analyze()).violations);
  }
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (selector) => window.axe!.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] }).then((results) => results.violations),
    include ?? null,
  );
  return serious(violations);
}

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

/**
 * The journeys ask for reduced motion, whose rule gives every style change a 0.01 ms transition; a loaded
 * page may not advance one for a while, and axe would read the colour an element is leaving (a button's
 * hover, a card's new tone). Finishing them shows what the next frame would.
 */
const finishTransitions = (page: Page): Promise<void> =>
  page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });

/** Whether a violation is on a toast only (a message's `toast-N` or a pending action's `loading-N`): one may have entered while axe ran, after the wait above. */
const onToastsOnly = (targets: string[]) => targets.length > 0 && targets.every((t) => /#toast-|#loading-|Toastify/.test(t));

/** Runs axe on the page and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  let report = '';
  // A toast caught entering is checked again once it is still (three tries); anything else fails at once.
  for (let attempt = 0; attempt < 3; attempt++) {
    await toastsSettled(page);
    await finishTransitions(page);
    const found = await seriousViolations(page);
    report = found.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n');
    const targets = found.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    if (!onToastsOnly(targets)) break;
  }
  expect(report, `axe on ${label}`).toBe('');
}
