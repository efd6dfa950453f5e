import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagePatterns } from '@tapcard/shared/pages';
import { appReady, browsers } from './support/browser.js';
import { DEMO } from './support/demo.js';
import { PHONE_WIDTH } from './support/layout.js';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '@tapcard/testkit/oidc-provider';
import { createOrganiser, unique } from './support/people.js';
import { startProductWithOwnDatabase, type RunningProduct } from './support/product.js';
import { recordToastTexts } from './support/toast-history.js';
import { originalSize } from './support/images.js';

/**
 * Sign in with Google, for real: a second product runs with OIDC_ISSUER_URL, OIDC_CLIENT_ID,
 * OIDC_CLIENT_SECRET and OIDC_PROVIDER_NAME pointing at an OpenID provider started in this process
 * (oidc-provider, a certified implementation). Each person has a browser context of their own and goes
 * from the login page through the provider's login form and back: a new person lands in onboarding
 * with email, name and photo prefilled and finishes sign-up on connect; an existing owner lands on
 * connect; an account without a card lands on the add-device step. The shared product, which has no
 * provider configured, shows no such button.
 */

const sharedBaseUrl = inject('baseUrl');

let op: TestOidcProvider;
let product: RunningProduct;
beforeAll(async () => {
  op = await startOidcProvider();
  product = await startProductWithOwnDatabase({
    OIDC_ISSUER_URL: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_PROVIDER_NAME: 'Google',
  });
  op.allowRedirect(`${product.baseUrl}${pagePatterns.signInWithGoogle}`);
}, 200_000);
afterAll(async () => {
  await product?.stop();
  await op?.close();
});

const openPhone = browsers({ baseURL: sharedBaseUrl, width: PHONE_WIDTH, height: 780 });

/** A browser of the person's own on the OIDC product. */
async function phone(): Promise<Page> {
  const page = await (await openPhone({ baseURL: product.baseUrl })).context.newPage();
  await recordToastTexts(page);
  return page;
}

function person(over: Partial<TestAccount> = {}): TestAccount {
  const id = unique();
  const account: TestAccount = { sub: `google-${id}`, email: `social-${id}@e2e.tapcard.local`, email_verified: true, name: 'Ngozi Okafor', ...over };
  op.addAccount(account);
  return account;
}

/** From the login page (with `query`), through the provider's login form, back to the product. */
async function signInWithGoogle(page: Page, account: TestAccount, query = ''): Promise<void> {
  await page.goto(`/login${query}`);
  await appReady(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL((url) => url.origin === op.issuer);
  await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
  await page.getByLabel('Account').fill(account.sub);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.origin === product.baseUrl && url.pathname !== pagePatterns.signInWithGoogle);
}

describe('social sign-in (OpenID Connect)', () => {
  it('is not offered on a product without a provider configured', async () => {
    const page = await (await openPhone()).context.newPage();
    await page.goto('/login');
    await appReady(page);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: /^Sign in with/ }).count()).toBe(0);
  });

  it('an account without a card lands on the add-device step, keeping the card query', async () => {
    const organiser = await createOrganiser(product.baseUrl, 'Bola Organiser');
    const account = person({ email: organiser.email, name: 'Bola Organiser' });
    const page = await phone();
    const card = DEMO.unactivatedCard;
    await signInWithGoogle(page, account, `?id=${card.id}&type=${card.type}`);
    await page.waitForURL((url) => url.pathname === '/enter-token');
    const query = new URL(page.url()).searchParams;
    expect([query.get('id'), query.get('type')]).toEqual([card.id, card.type]);
    await page.getByLabel('Enter Card Token').waitFor();
    await page.getByRole('button', { name: 'Confirm Token' }).waitFor();
  });

  it('a new person: onboarding with email, name and photo prefilled, then sign-up ends on connect', async () => {
    const account = person({ name: 'Ngozi Okafor', picture: op.pictureUrl });
    const page = await phone();
    const card = DEMO.unactivatedCard;
    await signInWithGoogle(page, account, `?id=${card.id}&type=${card.type}`);

    // Back from the provider on the card's onboarding, the card query kept.
    await page.waitForURL((url) => url.pathname === pagePatterns.onboarding);
    const query = new URL(page.url()).searchParams;
    expect([query.get('id'), query.get('type')]).toEqual([card.id, card.type]);
    await page.getByRole('button', { name: 'Create a New Account' }).click();
    await page.getByLabel('Enter Card Token').fill(card.token);
    await page.getByRole('button', { name: 'Confirm Token' }).click();

    // The email the provider vouched for: no code to ask for.
    await page.waitForURL((url) => url.pathname === '/onboarding/step-one');
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    await page.getByText('This email is verified.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Get Code' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL((url) => url.pathname === '/onboarding/step-two');
    await page.getByLabel('Password', { exact: true }).fill('Social1!pass');
    await page.getByLabel('Confirm Password').fill('Social1!pass');
    await page.getByRole('button', { name: 'Next' }).click();

    // The provider's name, prefilled.
    await page.waitForURL((url) => url.pathname === '/onboarding/step-three');
    expect(await page.getByLabel('Name').inputValue()).toBe('Ngozi Okafor');
    await page.getByLabel('What do you do?').fill('Product Designer');
    await page.getByLabel('Phone Number').fill('08031234567');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL((url) => url.pathname === '/onboarding/step-four');
    await page.getByRole('button', { name: 'Next' }).click();

    // The provider's photo (copied to this site) counts as chosen.
    await page.waitForURL((url) => url.pathname === '/onboarding/step-five');
    const photo = page.getByRole('img', { name: 'Your profile photo' });
    expect(await photo.getAttribute('src')).toMatch(/^\/api\/backend\/files\/[\w-]{22}\.png$/);
    await expect.poll(async () => (await originalSize(photo))[0]).toBe(4);
    const done = page.getByRole('button', { name: 'Done' });
    await expect.poll(() => done.isEnabled()).toBe(true);
    await done.click();

    await page.waitForURL((url) => url.pathname === '/connect');
    await page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: 'Ngozi Okafor', level: 1 }).waitFor();
  });

  it('an existing owner (with a card) lands on connect', async () => {
    // The demo organiser's address, vouched for by the provider: the account is linked and signed in.
    const account = person({ email: DEMO.organiser.email, name: 'Tolu Adeyemi' });
    const page = await phone();
    await signInWithGoogle(page, account);
    await page.waitForURL((url) => url.pathname === '/connect');
    await page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: DEMO.publicCard.title, level: 1 }).waitFor();
  });
});
