import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { checkScreen } from './support/screens.js';
import { appReady, browsers } from './support/browser.js';
import { createCardOwner, signIn, uniqueLetters } from './support/people.js';
import { expectToast, recordToastTexts, toastTexts } from './support/toast-history.js';

/**
 * The public card: a visitor opens a card by its link, saves the
 * owner's vCard and leaves their own details, which the owner then finds in their contacts.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
// Visitors and attendees arrive on a phone: the narrowest the product is built for, unless told
// otherwise. Less motion: the product turns its animations off, so axe never meets a half-faded toast.
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

interface Owner {
  link: string;
  title: string;
  subTitle: string;
  address: string;
  login: { email: string; password: string };
}

/** The card: a fresh owner's, minted and activated for this run, so it starts with no contacts. */
async function cardOwner(): Promise<Owner> {
  const owner = await createCardOwner(baseUrl, productEnv);
  return { link: owner.link, title: owner.title, subTitle: owner.subTitle, address: owner.address, login: owner };
}

/** Whether the page cancels the context menu (public pages block it). */
function contextMenuBlocked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    return !document.querySelector('main')?.dispatchEvent(event);
  });
}

describe('public card', () => {
  it('lets a visitor save the owner\'s vCard and exchange contacts, and the owner sees the contact', async () => {
    const owner = await cardOwner();
    const { context } = await browser();
    const page = await context.newPage();
    await recordToastTexts(page);

    // Without its link the card page is the not-found view.
    await page.goto('/card/connect');
    await page.getByRole('heading', { name: 'You have found a rare gem!.' }).waitFor();

    // The card: banner, the two buttons, the quick links and the sidebar.
    await page.goto(`/card/connect?link=${encodeURIComponent(owner.link)}`);
    await page.getByRole('heading', { level: 1, name: owner.title }).waitFor();
    await appReady(page); // server-rendered: the menu block and the Address button need the scripts
    await expectCount(page.getByText(owner.subTitle, { exact: true })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'EXCHANGE CONTACT' })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'SAVE CONTACT' })).toBe(1);
    await expectCount(page.getByRole('heading', { name: 'Quick Links' })).toBe(1);
    const sidebar = page.getByRole('navigation', { name: 'Card' });
    await expectCount(sidebar.getByRole('link', { name: 'Connect' })).toBe(1);
    await expectCount(sidebar.getByRole('link', { name: 'Events' })).toBe(1);
    expect(await contextMenuBlocked(page)).toBe(true);
    await checkScreen(page, 'public card');

    // The address quick link opens a modal instead of a link.
    await page.getByRole('button', { name: 'Address' }).click();
    const modal = page.getByRole('dialog', { name: 'Address' });
    await modal.getByText(owner.address, { exact: true }).waitFor();
    await checkScreen(page, 'address modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // SAVE CONTACT downloads the owner's vCard.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'SAVE CONTACT' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.vcf$/);
    const vcard = await readFile(await download.path(), 'utf8');
    expect(vcard).toMatch(/^BEGIN:VCARD\r?\n/);
    expect(vcard).toContain(`FN:${owner.title}`);
    expect(vcard.trimEnd()).toMatch(/END:VCARD$/);

    // EXCHANGE CONTACT: the form checks with the required messages, then shares and goes back.
    await page.getByRole('link', { name: 'EXCHANGE CONTACT' }).click();
    await page.waitForURL('**/card/exchange-contact?**');
    await page.getByRole('button', { name: 'Share' }).click();
    for (const message of ['Full name is required', 'Job Title is required', 'Phone number is required', 'Email is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Full Name').fill('Moses');
    await page.getByLabel('Phone Number').fill('12345');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Full name must be at least two words', { exact: true }).waitFor();
    await page.getByText('Phone number must contain between 9 and 15 digits', { exact: true }).waitFor();
    expect(await contextMenuBlocked(page)).toBe(true);
    await checkScreen(page, 'exchange contact form');

    const surname = uniqueLetters();
    const visitor = `Moses ${surname.charAt(0).toUpperCase()}${surname.slice(1)}`;
    const email = `moses.${surname}@e2e.tapcard.local`;
    await page.getByLabel('Full Name').fill(visitor);
    await page.getByLabel('Job Title').fill('Growth Lead');
    await page.getByLabel('Phone Number').fill('+2348098765432');
    await page.getByLabel('Email').fill(email);
    // The answer waits until the form has said 'Please wait...': on success the page goes back to the
    // card, a document of its own (the light entry's), which then says 'Contact saved'.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/api${calls.exchangeContact.path}`, async (route) => {
      await answered;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await expectToast(page, 'Please wait...');
    answer();
    await page.waitForURL((url) => url.pathname === '/card/connect');
    await page.getByRole('heading', { level: 1, name: owner.title }).waitFor();
    await expectToast(page, 'Contact saved', 'success');
    expect((await toastTexts(page)).map((t) => t.text)).not.toContain('Unable to save contact');

    // The owner finds the visitor in their contacts.
    const ownerBrowser = await browser({ width: 1280, height: 900 });
    const mine = await ownerBrowser.context.newPage();
    await signIn(mine, owner.login);
    await mine.goto('/contact');
    await mine.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    const list = mine.getByRole('list', { name: 'Contacts' });
    await list.getByRole('link', { name: new RegExp(visitor) }).waitFor();
    await expectCount(list.getByRole('listitem')).toBe(1);
    await mine.getByLabel('Search contacts').fill(surname);
    await expectCount(list.getByRole('listitem')).toBe(1);
    await list.getByRole('link', { name: new RegExp(visitor) }).click();
    await mine.getByRole('heading', { level: 1, name: visitor }).waitFor();
    await expectCount(mine.getByText(email)).toBeGreaterThan(0);
    await expectCount(mine.getByRole('button', { name: 'Download Contact File' })).toBe(1);
    await checkScreen(mine, 'owner contact view');
  });
});
