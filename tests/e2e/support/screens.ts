import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.js';
import { expectNoHorizontalOverflow } from './layout.js';

/** Every screen a journey visits: nothing scrolls sideways and axe finds nothing serious. */
export async function checkScreen(page: Page, label: string): Promise<void> {
  await expectNoHorizontalOverflow(page, label);
  await expectNoSeriousA11yViolations(page, label);
}

/**
 * Waits until a form control is marked invalid and the message tied to it (aria-describedby, as the
 * web's fields render the message under the field) reads exactly `text`.
 */
export async function expectFieldError(field: Locator, text: string): Promise<void> {
  await expect
    .poll(async () => {
      if ((await field.getAttribute('aria-invalid')) !== 'true') return '(field not marked invalid)';
      return field.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '(no message)');
    })
    .toBe(text);
}
