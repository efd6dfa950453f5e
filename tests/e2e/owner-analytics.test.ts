import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beaconCalls, calls, ownerCardCalls, type CardAnalytics } from '@tapcard/shared/contract';
import { pages, type CardViewSource } from '@tapcard/shared/pages';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { appReady, browsers } from './support/browser.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createCardOwner, signIn, type CardOwner } from './support/people.js';

/**
 * The owner's analytics count what visitors did, and only that: a scripted set of 50 views from three
 * sources (one of each opened in a real browser, so the page's own beacon and its reading of the
 * address are part of it), 20 quick-link clicks (one a real click on the public card), 2 contact saves
 * and 5 exchanges. The owner's dashboard then shows exactly those numbers, read from its table of
 * daily figures, its totals and its CSV file, for 7, 30 and 90 days.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const openBrowser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

const WEBSITE = 'https://owner-site.e2e.tapcard.local/portfolio';
const VIEWS: Record<CardViewSource, number> = { tap: 20, qr: 18, link: 12, arena: 0 };
const CLICKS = 20;
const SAVES = 2;
const EXCHANGES = 5;
const TOTAL_VIEWS = VIEWS.tap + VIEWS.qr + VIEWS.link + VIEWS.arena;

async function analytics(owner: CardOwner): Promise<CardAnalytics> {
  const { answer } = await callApi(baseUrl, ownerCardCalls.cardAnalytics, { query: { days: 7 }, authorization: owner.authorization });
  if (answer.success !== 'true') throw new Error(`card analytics: ${answer.message}`);
  return answer.data;
}

const sum = (data: CardAnalytics, pick: (day: CardAnalytics['days'][number]) => number) => data.days.reduce((total, day) => total + pick(day), 0);

/** Adds a website quick link to the owner's card (as the connect page saves it) and answers its id. */
async function addWebsite(owner: CardOwner): Promise<{ websiteId: string; fieldIds: string[] }> {
  const got = await callApi(baseUrl, calls.getCard, { authorization: owner.authorization });
  if (got.answer.success !== 'true') throw new Error(`get-card: ${got.answer.message}`);
  const { card, fields } = got.answer.data;
  const website = { label: 'Portfolio', content: WEBSITE, icon: 'website', status: '1', type: 'url' as const, position: String(fields.length + 1) };
  const saved = await callApi(baseUrl, calls.saveCard, {
    authorization: owner.authorization,
    body: { image: card.profile, title: card.title, sub_title: card.sub_title, description: card.description, fields: [...fields, website] },
  });
  if (saved.answer.success !== 'true') throw new Error(`save-card: ${saved.answer.message}`);
  const ids = saved.answer.data.fields.map((field) => field.id ?? '');
  const websiteId = saved.answer.data.fields.find((field) => field.content === WEBSITE)?.id;
  if (!websiteId || ids.includes('')) throw new Error('save-card answered quick links without ids');
  return { websiteId, fieldIds: ids };
}

/** Opens the public card as a visitor (a fresh page load) and waits until the app runs it. */
async function visit(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: title }).first().waitFor();
  await appReady(page);
}

describe('card analytics', () => {
  it(`show on the dashboard exactly the views, clicks, saves and exchanges visitors made`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const { websiteId, fieldIds } = await addWebsite(owner);

    // One view of each source through the page itself: a tap of the card, a QR scan, the plain link.
    const { context } = await openBrowser();
    const visitor = await context.newPage();
    await context.route(`${new URL(WEBSITE).origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Portfolio</title><h1>Portfolio</h1>' }));
    await visit(visitor, pages.printedCardTap(owner.cardId, owner.cardType), owner.title);
    await expect.poll(() => new URL(visitor.url()).searchParams.get('src'), { message: 'the tap source leaves the address once counted' }).toBeNull();
    await visit(visitor, pages.cardConnect(owner.link, 'qr'), owner.title);
    await visit(visitor, pages.cardConnect(owner.link), owner.title);
    await expect.poll(async () => (await analytics(owner)).days.at(-1)?.views, { timeout: 30_000 }).toEqual({ tap: 1, qr: 1, link: 1, arena: 0 });

    // One real click of a quick link on the public card.
    const opened = context.waitForEvent('page');
    await visitor.getByRole('link', { name: /Portfolio/ }).click();
    await (await opened).waitForLoadState();
    await expect.poll(async () => sum(await analytics(owner), (day) => day.clicks), { timeout: 30_000 }).toBe(1);

    // The rest as scripted visitors' beacons, saves and exchanges, all at once.
    const scripted: Promise<unknown>[] = [];
    for (const source of ['tap', 'qr', 'link'] as const) {
      for (let i = 1; i < VIEWS[source]; i += 1) scripted.push(callApi(baseUrl, beaconCalls.cardView, { body: { link: owner.link, source } }));
    }
    for (let i = 1; i < CLICKS; i += 1) {
      scripted.push(callApi(baseUrl, beaconCalls.linkClick, { body: { link: owner.link, field_id: fieldIds[i % fieldIds.length] ?? websiteId } }));
    }
    for (let i = 0; i < SAVES; i += 1) scripted.push(callApi(baseUrl, calls.vcardDownload, { query: { link: owner.link } }));
    for (let i = 0; i < EXCHANGES; i += 1) {
      const person = { full_name: `Visitor Number${'abcde'[i]}`, title: 'Buyer', phone: `0803123450${i}`, email: `visitor${i}@example.com` };
      scripted.push(callApi(baseUrl, calls.exchangeContact, { body: { card_id: owner.cardId, device_type: owner.cardType, ...person } }));
    }
    const answers = (await Promise.all(scripted)) as { status: number }[];
    expect(answers.map((a) => a.status).filter((status) => status !== 200)).toEqual([]);

    // The owner's dashboard: the table of daily figures, the totals and the CSV file, for each range.
    const ownerPage = await (await openBrowser()).context.newPage();
    await signIn(ownerPage, owner);
    await ownerPage.goto('/dashboard');
    const section = ownerPage.getByRole('region', { name: 'Card analytics' });
    const expected = [VIEWS.tap, VIEWS.qr, VIEWS.link, VIEWS.arena, TOTAL_VIEWS, CLICKS, SAVES, EXCHANGES];
    for (const days of [7, 30, 90]) {
      await section.getByRole('tab', { name: `${days} days` }).click();
      const table = section.getByRole('table', { name: `Daily figures, last ${days} days` });
      await table.waitFor({ state: 'attached' });
      const header = await table.locator('thead th').allTextContents();
      expect(header).toEqual(['Day', 'Tap', 'QR', 'Link', 'Arena', 'Views', 'Link clicks', 'Contact saves', 'Exchanges']);
      const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => Number(td.textContent))));
      expect(rows, `one row per day of the ${days} days`).toHaveLength(days);
      const columnSums = expected.map((_, column) => rows.reduce((total, row) => total + (row[column] ?? 0), 0));
      expect(columnSums, `the ${days} days' table`).toEqual(expected);

      const totals = section.locator('dl').first();
      const figures = Object.fromEntries(
        await totals.locator(':scope > div').evaluateAll((items) => items.map((item) => [item.querySelector('dt')?.textContent ?? '', item.querySelector('dd')?.textContent ?? ''])),
      );
      expect(figures).toEqual({ Views: String(TOTAL_VIEWS), 'Link clicks': String(CLICKS), 'Contact saves': String(SAVES), Exchanges: String(EXCHANGES), 'Exchange rate': '10%' });
    }

    // The per-link list names the clicked link; the CSV file holds the same daily figures.
    await expect.poll(() => section.getByRole('list', { name: 'Clicks per link' }).textContent()).toContain('Portfolio');
    const [download] = await Promise.all([ownerPage.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('card-analytics-90-days.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Tap,QR,Link,Arena,Views,Link clicks,Contact saves,Exchanges');
    expect(lines).toHaveLength(91);
    const csvSums = expected.map((_, column) => lines.slice(1).reduce((total, line) => total + Number(line.split(',')[column + 1]), 0));
    expect(csvSums).toEqual(expected);
  });
});
