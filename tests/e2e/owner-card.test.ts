import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { calls, ownerCardCalls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { appReady, browsers } from './support/browser.js';
import { mintCards } from './support/cli.js';
import { PHONE_WIDTH } from './support/layout.js';
import { readQrCode } from './support/qr.js';
import { createCardOwner, signIn, type CardOwner } from './support/people.js';
import { expectFieldError } from './support/screens.js';
import { expectToast, recordToastTexts } from './support/toast-history.js';

/**
 * The owner's control of their card: a lost card locked from the settings page (its tap then opens a
 * neutral page at once, and unlocking restores it), a card replaced by a new one that keeps the
 * profile (the old one stays locked), a quick link switched off and on again on the public card, and
 * quick links reordered with the keyboard's Move buttons, still in that order after a reload.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const openBrowser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

async function newPage(): Promise<Page> {
  const page = await (await openBrowser()).context.newPage();
  await recordToastTexts(page);
  return page;
}

/** A visitor's tap of a card: the landing page resolves it; answers the path it settled on. */
async function tap(visitor: Page, card: { id: string; type: string }, settlesOn: string): Promise<void> {
  await visitor.goto(pages.printedCardTap(card.id, card.type));
  await visitor.waitForURL((url) => url.pathname === settlesOn);
  await appReady(visitor);
}

const cardName = (card: { id: string; type: string }) => `${card.type} card ${card.id}`;

async function ownerInSettings(owner: CardOwner): Promise<Page> {
  const page = await newPage();
  await signIn(page, owner);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Your cards' }).waitFor();
  return page;
}

/** The public card's quick-link labels as a visitor's phone gets them, in order. */
async function publicLinkLabels(owner: CardOwner): Promise<string[]> {
  const { answer } = await callApi(baseUrl, calls.connectVcard, { query: { link: owner.link } });
  if (answer.success !== 'true') throw new Error(`connect-vcard: ${answer.message}`);
  return answer.data.fields.map((field) => field.label);
}

describe("the owner's card", () => {
  it(`a locked card's tap shows the neutral page at once, and unlocking restores the card`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const card = { id: owner.cardId, type: owner.cardType };
    const page = await ownerInSettings(owner);
    const visitor = await newPage();

    await page.getByRole('button', { name: `Lock card: ${cardName(card)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock this card?' });
    expect(await dialog.getByRole('checkbox', { name: 'Keep my profile reachable by its link' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Lock card' }).click();
    await expectToast(page, 'Card locked');

    await tap(visitor, card, pages.cardLocked());
    await visitor.getByRole('heading', { name: 'This card is not active' }).waitFor();
    const shown = (await visitor.locator('body').innerText()) + (await visitor.content());
    for (const secret of [owner.title, owner.subTitle, owner.link, owner.email, owner.address]) expect(shown).not.toContain(secret);
    await page.getByRole('button', { name: `Unlock card: ${cardName(card)}` }).waitFor();

    // The owner chose to keep the profile reachable by its link.
    await visitor.goto(pages.cardConnect(owner.link));
    await visitor.getByRole('heading', { name: owner.title }).first().waitFor();

    await page.getByRole('button', { name: `Unlock card: ${cardName(card)}` }).click();
    await expectToast(page, 'Card unlocked');
    await tap(visitor, card, '/card/connect');
    await visitor.getByRole('heading', { name: owner.title }).first().waitFor();
    // The settings page shows the tap it just saw.
    await page.reload();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: cardName(card) }).innerText()).not.toContain('Never');
  });

  it(`replacing a card moves the profile to the new card, and the old card stays locked`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const old = { id: owner.cardId, type: owner.cardType };
    const [fresh] = await mintCards(productEnv, 1, 'nfc');
    if (!fresh) throw new Error('no card minted');
    const page = await ownerInSettings(owner);

    await page.getByRole('button', { name: `Replace card, keep profile: ${cardName(old)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace card, keep profile' });
    await dialog.getByLabel('New card ID').fill(fresh.id);
    await dialog.getByLabel('New card type').fill(fresh.type);
    const token = dialog.getByLabel('Scratch token');
    await token.fill('12ab');
    await dialog.getByRole('button', { name: 'Replace card' }).click();
    await expectFieldError(token, 'token is invalid');
    await token.fill(fresh.token);
    await dialog.getByRole('button', { name: 'Replace card' }).click();
    await expectToast(page, 'Card replaced: your profile is on the new card');

    const oldRow = page.getByRole('listitem').filter({ hasText: cardName(old) });
    await expect.poll(() => oldRow.innerText()).toContain('Replaced');
    expect(await oldRow.getByRole('button', { name: /Unlock card/ }).count(), 'a replaced card cannot be unlocked').toBe(0);
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: cardName(fresh) }).innerText()).toContain('Active');

    const visitor = await newPage();
    await tap(visitor, fresh, '/card/connect');
    await visitor.getByRole('heading', { name: owner.title }).first().waitFor();
    await tap(visitor, old, pages.cardLocked());
    await visitor.getByRole('heading', { name: 'This card is not active' }).waitFor();
    const { answer } = await callApi(baseUrl, ownerCardCalls.lockCard, { params: { cardId: old.id }, body: { locked: false }, authorization: owner.authorization });
    expect(answer.success, 'the server refuses to unlock a replaced card').toBe('false');
  });

  it(`a hidden quick link leaves the public card and comes back when switched on; a keyboard reorder persists, and so does a drag`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await newPage();
    await signIn(page, owner);
    await page.goto('/connect');
    await page.getByRole('button', { name: 'Arrange links' }).click();
    const visitor = await newPage();
    // The address quick link is a button that opens the address.
    const addressLink = visitor.getByRole('button', { name: 'Address', exact: true });
    await visitor.goto(pages.cardConnect(owner.link));
    await addressLink.waitFor();

    // Off: saved at once, gone from the visitor's card after a reload, still listed (Hidden) for the owner.
    const addressSwitch = page.getByRole('switch', { name: 'Show Address on my card' });
    await addressSwitch.click();
    await expect.poll(() => addressSwitch.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => publicLinkLabels(owner)).toEqual(['Phone', 'Email']);
    await visitor.reload();
    await visitor.getByRole('heading', { name: owner.title }).first().waitFor();
    await appReady(visitor);
    expect(await addressLink.count()).toBe(0);
    expect(await visitor.getByRole('link', { name: /Email/ }).count(), 'the other links stay').toBe(1);
    await page.reload();
    await page.getByRole('button', { name: 'Arrange links' }).click();
    expect(await page.getByRole('switch', { name: 'Show Address on my card' }).getAttribute('aria-checked')).toBe('false');

    // On again.
    await page.getByRole('switch', { name: 'Show Address on my card' }).click();
    await expect.poll(() => publicLinkLabels(owner)).toEqual(['Phone', 'Email', 'Address']);
    await visitor.reload();
    await addressLink.waitFor();

    // Keyboard: focus Phone's Move down and press Enter twice; the focus stays on the button as it moves.
    const moveDown = page.getByRole('button', { name: 'Move Phone down' });
    const order = () => page.getByRole('button', { name: /^Move .+ up$/ }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')?.replace(/^Move (.+) up$/, '$1')));
    await moveDown.focus();
    await page.keyboard.press('Enter');
    // As a keyboard user does: the second press once the first move is on screen.
    await expect.poll(order).toEqual(['Email', 'Phone', 'Address']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Phone down');
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Email', 'Address', 'Phone']);
    await expect.poll(() => publicLinkLabels(owner)).toEqual(['Email', 'Address', 'Phone']);
    await page.reload();
    await page.getByRole('button', { name: 'Arrange links' }).click();
    await expect.poll(order).toEqual(['Email', 'Address', 'Phone']);

    // By drag: Phone's handle pulled above Email.
    const handle = page.getByRole('button', { name: 'Reorder Phone' });
    const target = page.getByRole('button', { name: 'Reorder Email' });
    await page.getByRole('list', { name: 'Quick Links' }).scrollIntoViewIfNeeded();
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the drag handles are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 10, { steps: 12 });
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(order).toEqual(['Phone', 'Email', 'Address']);
    await expect.poll(() => publicLinkLabels(owner)).toEqual(['Phone', 'Email', 'Address']);
  });

  it(`the owner's area can be added to the home screen: its pages link a manifest Chromium finds installable, opening on the dashboard`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await newPage();
    await signIn(page, owner);
    await page.goto('/dashboard');
    await appReady(page);
    // The signed-in pages link the manifest once the session is known; Chromium then fetches it.
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    const fetched = async () => cdp.send('Page.getAppManifest');
    await expect.poll(async () => (await fetched()).data ?? '').not.toBe('');
    const manifest = await fetched();
    expect(manifest.errors, 'the manifest parses').toEqual([]);
    const app = JSON.parse(manifest.data ?? '{}') as { start_url?: string; display?: string };
    expect([new URL(app.start_url ?? '', baseUrl).pathname, app.display]).toEqual(['/dashboard', 'standalone']);
    // Every criterion but one: the journeys' browser contexts are incognito profiles, where Chromium never installs.
    const installability = async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((error) => error.errorId);
    await expect.poll(installability).toEqual(['in-incognito']);
  });

  it(`the owner's QR code downloads as a PNG and an SVG that scan as the card's QR address; a visitor copies the card's clean link`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await newPage();
    await signIn(page, owner);
    await page.goto('/connect');
    await page.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: "Your card's QR code" });
    const qrAddress = new URL(pages.cardConnect(owner.link, 'qr'), baseUrl).href;

    const saved = async (name: string): Promise<{ file: string; bytes: Buffer }> => {
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name }).click()]);
      return { file: (download as Download).suggestedFilename(), bytes: await readFile(await (download as Download).path()) };
    };
    const png = await saved('Download PNG');
    const svg = await saved('Download SVG');
    expect([png.file, svg.file]).toEqual([expect.stringMatching(/-qr\.png$/), expect.stringMatching(/-qr\.svg$/)]);
    expect(png.bytes.subarray(1, 4).toString('latin1'), 'a PNG file').toBe('PNG');
    expect(png.bytes.readUInt32BE(16), 'at least 1024 px wide').toBeGreaterThanOrEqual(1024);
    expect(svg.bytes.toString('utf8')).toMatch(/^<\?xml[^>]*\?>\s*<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    // Each file, shown as an image on a blank page, scans as the card's address with the QR source.
    const viewer = await newPage();
    for (const [type, bytes] of [['image/png', png.bytes], ['image/svg+xml', svg.bytes]] as const) {
      await viewer.setContent(`<img alt="qr" width="300" height="300" src="data:${type};base64,${bytes.toString('base64')}">`);
      await viewer.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      expect(await readQrCode(viewer.locator('img')), type).toBe(qrAddress);
    }

    // A visitor's Copy link copies the card's clean address (no source).
    const visitorBrowser = await openBrowser();
    await visitorBrowser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl).origin });
    const visitor = await visitorBrowser.context.newPage();
    await recordToastTexts(visitor);
    await visitor.goto(pages.cardConnect(owner.link, 'qr'));
    await appReady(visitor);
    await visitor.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(visitor, 'Link copied');
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(new URL(pages.cardConnect(owner.link), baseUrl).href);
  });
});
