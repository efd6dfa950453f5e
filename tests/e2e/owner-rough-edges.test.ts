import type { Locator, Page } from 'playwright-core';
import { calls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { appReady, browsers } from './support/browser.js';
import { mintCards } from './support/cli.js';
import { DEMO } from './support/demo.js';
import { latestMail } from './support/outbox.js';
import { createCardOwner, signIn, type CardOwner } from './support/people.js';
import { expectToast, recordToastTexts, toastTexts } from './support/toast-history.js';

/**
 * What new card owners tripped over, each on a 390 px phone: a rename on the card that the dashboard,
 * its drawer and the reset mail did not follow; a new card tapped while signed in that led to an empty
 * connect page; a SAVE whose session had ended elsewhere, which lost the edit; and the quick-link
 * dialog's 'Shown' switch label broken over two lines.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const openPhone = browsers({ baseURL: baseUrl, width: 390, height: 844, reducedMotion: 'reduce' });

async function phone(): Promise<Page> {
  const page = await (await openPhone()).context.newPage();
  await recordToastTexts(page);
  return page;
}

/** Renames the card on the connect page (EDIT, Name, SAVE) and waits for the saved heading. */
async function renameOnCard(page: Page, name: string): Promise<void> {
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('button', { name: 'EDIT' }).click();
  await profile.getByLabel('Name').fill(name);
  await profile.getByRole('button', { name: 'SAVE' }).click();
}

/** The dashboard's greeting and its drawer's name. */
async function expectDashboardName(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name: `Hi, ${name}`, level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByText(name, { exact: true }).waitFor({ timeout: 30_000 });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await drawer.waitFor({ state: 'detached' });
}

/** The card's name as the server has it now. */
async function savedTitle(owner: CardOwner): Promise<string> {
  const got = await callApi(baseUrl, calls.getCard, { authorization: owner.authorization });
  if (got.answer.success !== 'true') throw new Error(`get-card: ${got.answer.message}`);
  return got.answer.data.card.title;
}

/** How many lines each one-word text in `scope` takes (a word broken over two lines shows as 2). */
function wordLines(scope: Locator): Promise<{ text: string; lines: number }[]> {
  return scope.evaluate((root) => {
    const found: { text: string; lines: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        if (rects.length === 0) continue;
        found.push({ text: match[0], lines: new Set(rects.map((r) => Math.round(r.top))).size });
      }
    }
    return found;
  });
}

describe("the card owner's rough edges, at 390 px", () => {
  it(`a rename on the card reaches the dashboard, its drawer and the reset mail, also after signing in again`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await phone();
    await signIn(page, owner);
    // The dashboard first, so the old name is what the app has seen.
    await page.goto('/dashboard');
    await expectDashboardName(page, owner.name);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL((url) => url.pathname === '/connect');

    const newName = `${owner.name} Bello`;
    await renameOnCard(page, newName);
    await page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: newName, level: 1 }).waitFor();
    // Back in the app (no reload): the greeting and the drawer follow at once.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectDashboardName(page, newName);

    // Signed out and in again.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, owner);
    await page.goto('/dashboard');
    await expectDashboardName(page, newName);

    // The reset mail greets the owner by the new name.
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    const asked = await callApi(baseUrl, calls.forgotPassword, { body: { email: owner.email } });
    expect(asked.answer.success).toBe('true');
    const mail = await latestMail(baseUrl, owner.email, { after: sentAfter });
    expect(mail.text).toContain(`Hello ${newName},`);
  });

  it(`a new card tapped while signed in offers to add it to this account, or to sign out and activate it for someone else`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const [extra, forSomeoneElse] = await mintCards(productEnv, 2, 'nfc');
    const page = await phone();
    await signIn(page, owner);

    await page.goto(pages.printedCardTap(extra!.id, extra!.type));
    await page.getByRole('heading', { name: 'A new card', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add it to my account' }).click();
    await page.waitForURL((url) => url.pathname === '/enter-token');
    await page.getByLabel('Enter Card Token').fill(extra!.token);
    await page.getByRole('button', { name: 'Confirm Token' }).click();
    await expectToast(page, 'Successfully added device!', 'success');
    await page.waitForURL((url) => url.pathname === '/connect');
    await page.goto('/settings');
    await page.getByRole('button', { name: `Lock card: ${extra!.type} card ${extra!.id}` }).waitFor();
    await page.getByRole('button', { name: `Lock card: ${owner.cardType} card ${owner.cardId}` }).waitFor();

    await page.goto(pages.printedCardTap(forSomeoneElse!.id, forSomeoneElse!.type));
    await page.getByRole('heading', { name: 'A new card', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out and activate it for someone else' }).click();
    // Signed out, on the card's activation for a new person.
    await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(pages.onboarding(forSomeoneElse!.id, forSomeoneElse!.type).split('?')[0]);
    expect(url.searchParams.get('id')).toBe(forSomeoneElse!.id);
    await page.getByRole('button', { name: 'Create a New Account' }).click();
    await page.getByLabel('Enter Card Token').waitFor();
    await page.goto('/connect');
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it(`a SAVE after the session ended elsewhere keeps the edit, says so, and saves it after signing in again`, async () => {
    const owner = await createCardOwner(baseUrl, productEnv);
    const page = await phone();
    const other = await phone();
    await signIn(page, owner);
    await appReady(page);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('heading', { name: owner.name, level: 1 }).waitFor();

    // The password changes on the other phone: every session ends.
    await signIn(other, owner);
    await other.goto('/settings/change-password');
    const newPassword = 'Other-Phone7';
    await other.getByLabel('Current Password').fill(owner.password);
    await other.getByLabel('New Password').fill(newPassword);
    await other.getByLabel('Confirm Password').fill(newPassword);
    await other.getByRole('button', { name: 'Change Password' }).click();
    await other.waitForURL((url) => url.pathname === '/login');

    const newName = `${owner.name} Okafor`;
    await renameOnCard(page, newName);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session ended. Log in again to save your changes to your card.', { exact: true }).waitFor();
    expect((await toastTexts(page)).map((t) => t.text)).not.toContain('Unauthenticated');

    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/connect');
    await expectToast(page, 'Changes saved', 'success');
    await profile.getByRole('heading', { name: newName, level: 1 }).waitFor();
    const signedIn = await callApi(baseUrl, calls.login, { body: { email: owner.email, password: newPassword } });
    if (signedIn.answer.success !== 'true') throw new Error(`login: ${signedIn.answer.message}`);
    const authorization = `${signedIn.answer.data.token_type} ${signedIn.answer.data.access_token}`;
    expect(await savedTitle({ ...owner, authorization })).toBe(newName);
  });

  it("the quick-link dialog's switch labels break no word", async () => {
    const page = await phone();
    await signIn(page, DEMO.organiser);
    await appReady(page);
    await page.getByRole('button', { name: 'Add link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add quick link' });
    await dialog.getByLabel('Type').selectOption('url');
    await dialog.getByLabel('Label').fill('Portfolio');
    const row = dialog.getByRole('switch').locator('..');
    await row.getByText('Shown', { exact: true }).waitFor();
    const broken = (await wordLines(row)).filter((word) => word.lines > 1);
    expect(broken, 'words of the switch row broken over two lines').toEqual([]);
    // The state's box is one line high.
    const state = row.getByText('Shown', { exact: true });
    const { height, lineHeight } = await state.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5 }));
    expect(height).toBeLessThanOrEqual(lineHeight * 1.2);
  });
});
