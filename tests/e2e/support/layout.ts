import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The narrowest phone the product is built for. */
export const PHONE_WIDTH = 360;

/** Fails when the page scrolls sideways: nothing may be wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()): Promise<void> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    // The widest offenders, to say what overflows when it does.
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
  });
  expect(scrollWidth, `horizontal overflow on ${label} at ${clientWidth} px: ${culprits.join(', ')}`).toBeLessThanOrEqual(clientWidth);
}

/** Every <img> on the page has loaded (no broken artwork); lazy ones are scrolled into view first. */
export async function expectImagesLoaded(page: Page, label = page.url()): Promise<void> {
  const images = page.locator('img');
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    if (await image.isVisible()) await image.scrollIntoViewIfNeeded();
  }
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src)), {
      message: `broken or unloaded images on ${label}`,
    })
    .toEqual([]);
}
