import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { browsers, type Browser } from './support/browser.js';
import { expectCount } from './support/counts.js';

const openBrowser = browsers({ baseURL: inject('baseUrl') });
let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});

describe('app shell', () => {
  it('shows the not-found page on an unknown path', async () => {
    const page = await browser.context.newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.locator('h1').textContent()).toBe('You have found a rare gem!.');
    await expectCount(page.getByText('But sadly, its of no use to you, please go back.')).toBe(1);
    await expectCount(page.getByRole('link', { name: 'Get a Card' })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'FAQ' })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'Home' })).toBe(1);
    // Home, the card-purchase page (our shop, docs/decisions.md) and the FAQ.
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Get a Card' }).getAttribute('href')).toBe('/get-card');
    expect(await page.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    await expectNoSeriousA11yViolations(page);
    // The route table's error/404 is the same page, and so is an unknown onboarding step.
    for (const path of ['/error/404', '/onboarding/step-nine']) {
      await page.goto(path);
      await expect.poll(() => page.locator('h1').textContent(), { message: path }).toBe('You have found a rare gem!.');
    }
    await page.close();
  });

  it('sends a signed-out visit to /connect to /login, replacing history', async () => {
    const page = await browser.context.newPage();
    await page.goto('/faq');
    await page.goto('/connect');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page, 'login after the guard');
    // /connect was replaced by /login: going back leaves the app's guarded page behind.
    await page.goBack();
    await page.waitForURL('**/faq');
    // Every page of the signed-in area is guarded.
    for (const path of ['/contact', '/dashboard', '/settings', '/settings/change-password']) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    await page.close();
  });

  it('keeps a form that could not be sent, and shows the no-internet page when a page cannot load', async () => {
    const offline = 'Network Error - Unable to connect to the internet. Please check your device connection and try again.';
    const page = await browser.context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Whatever1!');
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    // A submit that fails on the network stays on its page with what was typed, and says why.
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(offline, { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe('someone@example.com');
    // A page whose data cannot be read goes to the no-internet page.
    await page.goto('/events/d/chip/i/any-chip');
    await page.waitForURL('**/error/no-internet');
    await page.getByText(offline, { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'no-internet page');
    await page.unroute('**/api/**');
    await page.close();
  });
});
