import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appReady, browsers } from './support/browser.js';
import { DEMO } from './support/demo.js';
import { PHONE_WIDTH } from './support/layout.js';
import { signIn } from './support/people.js';
import { repoRoot } from './support/product.js';

/**
 * Quick-link labels on a phone: the owner's connect page tiles and the public card's quick links show
 * each label whole ('WhatsApp', not 'WhatsA…'), a one-word label on one line, at 390 px and at the
 * narrowest width, 360 px. The region screenshots land in tests/reports/screenshots.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, height: 844, reducedMotion: 'reduce' });
const SCREENSHOTS = join(repoRoot, 'tests/reports/screenshots');

/**
 * The labels of the quick links in the region named 'Quick Links', those cut (an ellipsis or clipped:
 * the text is wider or taller than its box) and the one-word labels broken over two lines.
 */
async function labelProblems(page: Page): Promise<{ labels: string[]; cut: string[]; broken: string[] }> {
  const region = page.getByRole('region', { name: 'Quick Links' });
  await region.getByRole('listitem').first().waitFor();
  // The page's styles arrive with its code: measured before them, a label is never cut. Both pages set
  // the labels in bold (600).
  await expect
    .poll(() => region.evaluate((section) => Array.from(section.querySelectorAll('li span')).every((el) => el.children.length > 0 || !el.textContent?.trim() || Number(getComputedStyle(el).fontWeight) >= 600)), { timeout: 15_000 })
    .toBe(true);
  return region.evaluate((section) => {
    const labels: string[] = [];
    const cut: string[] = [];
    const broken: string[] = [];
    for (const item of Array.from(section.querySelectorAll('li'))) {
      // The label is the item's text that is not inside an icon or a hidden badge.
      for (const el of Array.from(item.querySelectorAll<HTMLElement>('span'))) {
        const text = el.textContent?.trim() ?? '';
        if (el.children.length > 0 || !text || el.getClientRects().length === 0) continue;
        labels.push(text);
        const range = document.createRange();
        range.selectNodeContents(el);
        const textBox = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        // Sub-pixel: an ellipsis appears on any overflow (a third of a pixel cuts 'WhatsApp' at 390 px),
        // which scrollWidth (whole pixels) misses.
        if (textBox.width > box.width + 0.01 || el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight) cut.push(text);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        if (!/\s/.test(text) && lines > 1) broken.push(text);
      }
    }
    return { labels, cut, broken };
  });
}

describe('quick-link labels on a phone', () => {
  for (const width of [390, PHONE_WIDTH]) {
    it(`show whole at ${width} px on the public card and the owner's connect page`, async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const { context } = await browser({ width });
      const page = await context.newPage();

      await page.goto(`/card/connect?link=${encodeURIComponent(DEMO.publicCardLink)}`);
      await appReady(page);
      const card = await labelProblems(page);
      await page.getByRole('region', { name: 'Quick Links' }).screenshot({ path: join(SCREENSHOTS, `quick-links-public-${width}.png`) });
      expect(card.labels).toContain('WhatsApp');
      expect(card.cut, `labels cut on the public card at ${width} px`).toEqual([]);
      expect(card.broken, `one-word labels broken on the public card at ${width} px`).toEqual([]);

      await signIn(page, DEMO.organiser);
      await page.goto('/connect');
      await appReady(page);
      const owner = await labelProblems(page);
      await page.getByRole('region', { name: 'Quick Links' }).screenshot({ path: join(SCREENSHOTS, `quick-links-owner-${width}.png`) });
      expect(owner.labels).toContain('WhatsApp');
      expect(owner.cut, `labels cut on the connect page at ${width} px`).toEqual([]);
      expect(owner.broken, `one-word labels broken on the connect page at ${width} px`).toEqual([]);
    }, 120_000);
  }
});
