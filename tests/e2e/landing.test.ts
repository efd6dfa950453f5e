import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { browsers } from './support/browser.js';
import { mintCards } from './support/cli.js';
import { expectCount } from './support/counts.js';
import { DEMO } from './support/demo.js';
import { expectImagesLoaded, expectNoHorizontalOverflow, PHONE_WIDTH } from './support/layout.js';

/**
 * The landing area: the landing page and its pre-order form, the
 * FAQ, and a card tap (the landing page with ?id=&type=) resolved through load-route: a new card to
 * onboarding, an activated one to its public card page, an unknown one to the not-found page. On a
 * 360 px phone, with no sideways scroll and axe on every screen visited.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const openPhone = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780 });

async function phone(width = PHONE_WIDTH): Promise<Page> {
  return (await openPhone({ width })).context.newPage();
}

async function checkScreen(page: Page, label: string): Promise<void> {
  await expectNoHorizontalOverflow(page, label);
  await expectNoSeriousA11yViolations(page, label);
}

/** The first path the app settles on after a card tap, ignoring the tap URL itself. */
async function tap(page: Page, card: { id: string; type: string }): Promise<URL> {
  await page.goto(`/?id=${encodeURIComponent(card.id)}&type=${encodeURIComponent(card.type)}`);
  await page.waitForURL((url) => url.pathname !== '/');
  return new URL(page.url());
}

describe('landing page', () => {
  it('shows the hero, the sections, the navigation and the footer links, with every image loaded', async () => {
    const page = await phone();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your Digital Culture In One Card', level: 1 }).waitFor();
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['CARD', 'FAQs', 'LOGIN', 'Order Now']) await main.getByRole('link', { name, exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'Order Now' }).getAttribute('href')).toBe('/get-started');
    for (const id of ['about', 'connect', 'event']) await expectCount(page.locator(`section#${id}`), id).toBe(1);
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy-policy'],
      ['Return Policy', '/return-policy'],
    ] as const) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await footer.getByRole('form', { name: 'Pre-order your card' }).waitFor();
    await expectImagesLoaded(page);
    await checkScreen(page, 'landing');
    // Nothing scrolls sideways on the narrowest phones either (320 px).
    await page.setViewportSize({ width: 320, height: 780 });
    await expectNoHorizontalOverflow(page, 'landing at 320 px');

    // From 900 px the header menu: About, Connect, Event, FAQs, with Get Cards and Login.
    await page.setViewportSize({ width: 1280, height: 900 });
    const site = page.getByRole('navigation', { name: 'Site' });
    for (const name of ['About', 'Connect', 'Event', 'FAQs']) await site.getByRole('link', { name, exact: true }).waitFor();
    expect(await site.getByRole('link', { name: 'Get Cards' }).getAttribute('href')).toBe('/get-started');
    expect(await site.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await main.isVisible()).toBe(false);
    await checkScreen(page, 'landing, large screen');

    // Order Now leads to the shop.
    await page.setViewportSize({ width: PHONE_WIDTH, height: 780 });
    await main.getByRole('link', { name: 'Order Now' }).click();
    await page.waitForURL('**/get-started');
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
  });

  it('saves a pre-order with the required messages, and a second one with the same email says it is already there', async () => {
    const page = await phone();
    const email = `e2e-preorder-${randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Pre-order your card' });
    const submit = form.getByRole('button', { name: 'Pre-order' });

    await submit.click();
    for (const message of ['Please enter your name', 'Please enter your email', 'Please enter your phone number']) await form.getByText(message, { exact: true }).waitFor();
    await form.getByLabel('Email', { exact: true }).fill('ada@');
    await form.getByLabel('Phone', { exact: true }).fill('not a phone');
    await submit.click();
    await form.getByText('Your email is not valid', { exact: true }).waitFor();
    await form.getByText('Phone number is not valid', { exact: true }).waitFor();
    await form.getByRole('alert').first().waitFor();
    await checkScreen(page, 'landing, pre-order errors');

    await form.getByLabel('Name', { exact: true }).fill('Ada Preorder');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('08031234567');
    await submit.click();
    const answer = form.getByRole('alert');
    await expect.poll(() => answer.textContent()).toBe('Thank you for your pre-order! We will contact you as soon as your card is ready.');
    // The form is cleared for the next person.
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await checkScreen(page, 'landing, pre-order saved');

    // The same email again (another case, on the pre-order page): saved once, and the answer says so.
    const again = await phone();
    await again.goto('/preorder');
    const form2 = again.getByRole('form', { name: 'Pre-order your card' });
    await form2.getByLabel('Name', { exact: true }).fill('Someone Else');
    await form2.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await form2.getByLabel('Phone', { exact: true }).fill('+2348031234567');
    await form2.getByRole('button', { name: 'Pre-order' }).click();
    await expect.poll(() => form2.getByRole('alert').textContent()).toBe('You are already on our pre-order list. We will contact you as soon as your card is ready.');
    await checkScreen(again, 'pre-order page');
  });

  it('the FAQ lists the 11 questions as an accordion', async () => {
    const page = await phone();
    await page.goto('/faq');
    await page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 }).waitFor();
    const questions = page.getByRole('heading', { level: 2 }).getByRole('button');
    await expectCount(questions).toBe(11);
    expect(await questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')))).toEqual(Array(11).fill('false'));
    const first = questions.first();
    await first.click();
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.textContent()).toContain('NFC');
    await checkScreen(page, 'faq');
  });
});

describe('card tap', () => {
  it('a new card lands on onboarding with its id and type', async () => {
    const [card] = await mintCards(productEnv, 1, 'nfc');
    if (!card) throw new Error('no card minted');
    expect(card.tapUrl).toBe(`${baseUrl}/?id=${encodeURIComponent(card.id)}&type=nfc`);
    const page = await phone();
    const landed = await tap(page, card);
    expect(landed.pathname).toBe('/onboarding');
    expect(Object.fromEntries(landed.searchParams)).toEqual({ id: card.id, type: card.type });
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByRole('button', { name: 'Create a New Account' }).click();
    // The activation form shows only for a card id the server knows.
    await page.getByRole('heading', { name: 'Activate your card' }).waitFor();
    await checkScreen(page, 'onboarding after a tap');
  });

  it('an activated card shows a loader while the tap resolves, then lands on its public card page', async () => {
    const page = await phone();
    // Hold the server's answer to see the loader shown meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/connect/public/api/load-route', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/?id=${DEMO.activatedCard.id}&type=${DEMO.activatedCard.type}`);
    await page.getByRole('status').getByText('Loading...', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await checkScreen(page, 'card tap loader');
    release();
    await page.waitForURL((url) => url.pathname !== '/');
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/card/connect');
    expect(landed.searchParams.get('link')).toBe(DEMO.publicCardLink);
    // The demo organiser's card (upstream/src/seed.ts).
    await page.getByRole('heading', { name: 'Tolu Adeyemi' }).first().waitFor();
    await checkScreen(page, 'public card after a tap');
  });

  it('an unknown card goes to the not-found page', async () => {
    const page = await phone();
    const landed = await tap(page, { id: `NO-SUCH-CARD-${randomBytes(3).toString('hex')}`, type: 'nfc' });
    expect(landed.pathname).toBe('/error/404');
    await page.getByRole('heading', { name: 'You have found a rare gem!.' }).waitFor();
    await checkScreen(page, 'not found after a tap');
  });
});
