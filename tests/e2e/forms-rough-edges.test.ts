import { calls } from '@tapcard/shared/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { appReady, browsers } from './support/browser.js';
import { expectCount } from './support/counts.js';
import { DEMO } from './support/demo.js';
import { createEventViaApi } from './support/live-events.js';
import { codeIn, latestMail } from './support/outbox.js';
import { createOrganiser, unique } from './support/people.js';
import { expectFieldError } from './support/screens.js';
import { cartButton, cartThenCheckout, expectCartCount, fillDelivery } from './support/shop.js';
import { expectToast, recordToastTexts, toastTexts } from './support/toast-history.js';
import { mostToastsAtOnce, recordToasts, seenToasts } from './support/toasts.js';

/**
 * Forms and toasts as new users met them on a 390 px phone: one toast at a time (the server's reason
 * when it gives one), the cart's brief toasts, the onboarding's email and socials steps, the contact
 * exchange opened from a direct link, and the registration and checkout messages.
 */

const baseURL = inject('baseUrl');
const openPhone = browsers({ baseURL, width: 390, height: 844 });

async function phone(): Promise<Page> {
  const page = await (await openPhone()).context.newPage();
  await recordToasts(page);
  await recordToastTexts(page);
  return page;
}

const TOO_MANY = 'Too many attempts. Please try again later.';

describe('toasts', () => {
  it("shows the server's reason for a refused login, one toast at a time", async () => {
    const page = await phone();
    await page.goto('/login');
    await page.getByLabel('Email').fill(`nobody-${unique()}@e2e.tapcard.local`);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password1');
    const login = page.getByRole('button', { name: 'Log in' });
    await login.click();
    await expectToast(page, 'Unable to Login', 'error');
    // Wrong guesses until the address is refused (the limit is the upstream's, a handful).
    for (let tries = 0; tries < 12 && !(await toastTexts(page)).some((t) => t.text === TOO_MANY); tries++) {
      const seen = (await toastTexts(page)).length;
      await login.click();
      await expect.poll(async () => (await toastTexts(page)).length, { timeout: 30_000 }).toBeGreaterThan(seen);
    }
    await expectToast(page, TOO_MANY, 'error');
    await expectCount(page.locator('.Toastify__toast')).toBe(1);
    expect(await mostToastsAtOnce(page)).toBe(1);
  });

  it('shows cart toasts for about 0.3 s, one at a time, bottom centre', async () => {
    const page = await phone();
    await page.goto('/get-card');
    await appReady(page);
    const add = page.getByRole('button', { name: 'Add to cart' });
    for (let count = 1; count <= 3; count++) {
      await add.click();
      await expectCartCount(page, count);
    }
    await expect.poll(() => seenToasts(page).then((all) => all.length > 0 && all.every((t) => t.lifetimeMs !== null)), { timeout: 30_000 }).toBe(true);
    const seen = await seenToasts(page);
    expect(seen.at(-1)?.text).toBe('White card updated in cart');
    expect(new Set(seen.map((t) => t.position))).toEqual(new Set(['bottom-center']));
    // 0.3 s on screen plus a short fade each way; react-toastify's bounce kept each for 1.6 s or more.
    for (const toast of seen) expect(toast.lifetimeMs, toast.text).toBeLessThan(1200);
    expect(await mostToastsAtOnce(page)).toBe(1);
    await expectCount(cartButton(page)).toBe(1);
  });
});

describe('onboarding', () => {
  /** The wizard's email step for the demo's unactivated card (confirming its token activates nothing). */
  async function emailStep(page: Page): Promise<void> {
    const { id, type, token } = DEMO.unactivatedCard;
    await page.goto(`/onboarding?id=${id}&type=${type}`);
    await page.getByRole('button', { name: 'Create a New Account' }).click();
    await page.getByLabel('Enter Card Token').fill(token);
    await page.getByRole('button', { name: 'Confirm Token' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-one');
  }

  it("step 1 says a taken email and a rate limit once, under the field, with no 'Invalid email!' toast", async () => {
    const page = await phone();
    await emailStep(page);
    const email = page.getByLabel('Email');
    await email.fill(DEMO.organiser.email);
    await page.getByRole('button', { name: 'Get Code' }).click();
    await expectFieldError(email, 'An account with this email already exists. Please log in.');

    // A new address: the code is sent, then resent until the server refuses.
    await email.fill(`newcomer-${unique()}@e2e.tapcard.local`);
    await page.getByRole('button', { name: 'Get Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    const resend = page.getByRole('button', { name: 'Resend Code' });
    for (let tries = 0; tries < 12 && (await email.getAttribute('aria-invalid')) !== 'true'; tries++) {
      await resend.click();
      await expect.poll(() => resend.isEnabled()).toBe(true);
    }
    await expectFieldError(email, TOO_MANY);
    await expectCount(page.getByText(TOO_MANY, { exact: true })).toBe(1);
    expect((await toastTexts(page)).map((t) => t.text)).not.toContain('Invalid email!');
  });

  it('step 4 keeps typed socials across Back and a reload, and takes copied share links', async () => {
    const page = await phone();
    await emailStep(page);
    const address = `socials-${unique()}@e2e.tapcard.local`;
    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Get Code' }).click();
    await page.getByLabel('Verification Code').fill(codeIn(await latestMail(baseURL, address, { after: sentAfter })));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-two');
    await page.getByLabel('Password', { exact: true }).fill('Onboard1!');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Onboard1!');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Name').fill('Amaka Obi');
    await page.getByLabel('What do you do?').fill('Designer');
    await page.getByLabel('Phone Number').fill('08031234567');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-four');

    const twitter = 'https://x.com/amaka_obi?s=21&t=Q2bXk';
    const website = 'amaka.design/?utm_source=ig&utm_medium=social';
    await page.getByLabel('Twitter').fill(twitter);
    await page.getByLabel('Website').fill(website);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-three');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-four');
    expect(await page.getByLabel('Twitter').inputValue()).toBe(twitter);
    expect(await page.getByLabel('Website').inputValue()).toBe(website);
    // After a reload the wizard asks for the password again (it is never stored), then goes on.
    await page.reload();
    await page.getByLabel('Password', { exact: true }).fill('Onboard1!');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Onboard1!');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-three');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-four');
    expect(await page.getByLabel('Twitter').inputValue()).toBe(twitter);
    expect(await page.getByLabel('Website').inputValue()).toBe(website);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/step-five');
    const stored = await page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('signupData'))?.[1] ?? '{}');
    expect(JSON.parse(stored).socials).toEqual({ twitter: 'https://twitter.com/amaka_obi', website: 'https://amaka.design/' });
  });
});

describe('forms', () => {
  it("the contact exchange opened from a direct link ends on the owner's card, which says 'Contact saved'", async () => {
    const card = await callApi(baseURL, calls.connectVcard, { query: { link: DEMO.publicCardLink } });
    if (card.answer.success !== 'true') throw new Error(`connect-vcard: ${card.answer.message}`);
    const { card_id, type } = card.answer.data.card;
    const page = await phone();
    await page.goto(`/card/exchange-contact?id=${encodeURIComponent(card_id)}&type=${encodeURIComponent(type)}`);
    await page.getByLabel('Full Name').fill('Moses Direct');
    await page.getByLabel('Job Title').fill('Growth Lead');
    await page.getByLabel('Phone Number').fill('+2348098765432');
    await page.getByLabel('Email').fill(`direct-${unique()}@e2e.tapcard.local`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForURL((url) => url.pathname === '/card/connect' && url.searchParams.get('link') === DEMO.publicCardLink);
    await page.getByRole('heading', { level: 1, name: DEMO.publicCard.title }).waitFor();
    await expectToast(page, 'Contact saved', 'success');
  });

  it("registration and checkout say the required messages under their fields ('Phone number is not valid', a country's 'State is required')", async () => {
    const organiser = await createOrganiser(baseURL);
    const event = await createEventViaApi(baseURL, organiser.authorization);
    const page = await phone();
    await page.goto(`/events/l/${event.clean_name}/register`);
    await page.getByLabel('Email Address').fill('amaka@nowhere');
    await page.getByLabel('Phone Number').fill('12345');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectFieldError(page.getByLabel('Email Address'), 'Email is not valid');
    await expectFieldError(page.getByLabel('Phone Number'), 'Phone number is not valid');

    await cartThenCheckout(page, [['Green', 1]]);
    await fillDelivery(page, { name: 'Ada Obi', email: `buyer-${unique()}@e2e.tapcard.local` }, { address: '12 Marina Road', city: 'Ibadan', state: 'Oyo', shipping: '5000' });
    await page.getByLabel('Country', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await expectFieldError(page.getByLabel('Country', { exact: true }), 'State is required');
    await expectToast(page, 'Fill all fields', 'error');
  });
});
