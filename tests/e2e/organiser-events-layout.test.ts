import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browsers } from './support/browser.js';
import { createEventViaApi, localDay } from './support/live-events.js';
import { createOrganiser, signIn, unique, type Account } from './support/people.js';

/**
 * The organiser's events list on a desktop: a grid that uses the width (not one column of tall
 * banners), with the side menu to the rest of the app; the wizard moves focus to each step's heading.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: 1280, height: 900, reducedMotion: 'reduce' });
let organiser: Account;

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl, 'Dayo Layout');
  for (let i = 0; i < 4; i += 1) {
    await createEventViaApi(baseUrl, organiser.authorization, { title: `Grid Night ${i} ${unique()}`, start: localDay(3 + i), end: localDay(4 + i) });
  }
});

describe('organiser events list on a desktop', () => {
  it('lays the events out in a grid with no banner taller than half the screen, and opens the side menu', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    await signIn(page, organiser);
    await page.goto('/event');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('listitem').nth(3).waitFor();

    const boxes = await panel.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const rows = new Map<number, number>();
    for (const box of boxes) rows.set(Math.round(box.top), (rows.get(Math.round(box.top)) ?? 0) + 1);
    // Several events share a row: the list is a grid, not one column.
    expect(Math.max(...rows.values())).toBeGreaterThanOrEqual(2);
    const banners = await panel.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => item.firstElementChild?.firstElementChild?.getBoundingClientRect().height ?? 0),
    );
    for (const height of banners) expect(height).toBeLessThan(450);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL((url) => url.pathname === '/connect');
  });

  it("moves focus to each wizard step's heading", async () => {
    const { context } = await browser();
    const page = await context.newPage();
    await signIn(page, organiser);
    await page.goto('/event/add');
    await page.getByRole('heading', { name: 'Event Details' }).waitFor();
    await page.getByLabel('Event Name').fill(`Focus Fair ${unique()}`);
    await page.getByLabel('Description').fill('A fair about focus');
    await page.getByLabel('Location').fill('Lagos');
    await page.getByRole('button', { name: 'Next' }).click();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('Ticket Details');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(focused).toBe('Event Details');
  });
});
