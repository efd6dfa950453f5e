import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mintCards } from './support/cli.js';
import { PHONE_WIDTH } from './support/layout.js';
import { latestMail, linkIn } from './support/outbox.js';
import { createOrganiser, signIn } from './support/people.js';
import { checkScreen, expectFieldError } from './support/screens.js';
import { expectToast, pagesRecordingToasts } from './support/toast-history.js';

/**
 * Signing in and getting back in: login with a wrong password
 * says 'Unable to Login', and a forgotten password is reset through the link the dev outbox holds. Each
 * journey has an account of its own (created through the API: verify-mail, the code from the outbox,
 * create-user), so it needs no minted card and runs on the embedded database too.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const phone = pagesRecordingToasts({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780 });


async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('access: login and password reset', () => {
  it("says 'Unable to Login' for a wrong password and lets the right one in", async () => {
    const account = await createOrganiser(baseUrl, 'Ngozi Eze');
    const page = await phone();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Take Me Home' }).getAttribute('href')).toBe('/');
    // The button waits for both fields.
    const submit = page.getByRole('button', { name: 'Log in' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(account.email);
    expect(await submit.isDisabled()).toBe(true);
    // The show/hide toggle.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Wrong');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    // Too short for a password: the rule's message, and nothing is sent.
    await submit.click();
    await expectFieldError(password, 'Password must be at least 8 characters');
    await checkScreen(page, 'login with an error');

    await fillLogin(page, account.email, 'WrongPassword1!');
    await expectToast(page, 'Unable to Login', 'error');
    expect(new URL(page.url()).pathname).toBe('/login');
    await checkScreen(page, 'login after a wrong password');

    await fillLogin(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/connect');
    // A signed-in person who opens login goes to connect.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/connect');
  });

  it('resets a forgotten password with the link from the outbox', async () => {
    const account = await createOrganiser(baseUrl, 'Femi Adebayo');
    const page = await phone();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expectFieldError(page.getByLabel('Email'), 'Email is required');
    await checkScreen(page, 'forgot password with an error');

    // Another device is signed in: a reset ends every session.
    const other = await phone();
    await signIn(other, account);

    const sentAfter = new Date(Date.now() - 1000).toISOString();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectToast(page, 'Sending mail...');
    await expectToast(page, 'Mail sent successfully!', 'success');

    const mail = await latestMail(baseUrl, account.email, { after: sentAfter });
    const link = new URL(linkIn(mail, '/reset-password/'));
    expect(link.origin).toBe(baseUrl);
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
    const newPassword = 'Fresh-Start9';
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill('Fresh-Start8');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectFieldError(page.getByLabel('Confirm Password'), 'Passwords must match');
    await checkScreen(page, 'reset password with an error');
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectToast(page, 'Resetting password...');
    await expectToast(page, 'Password reset successfully!', 'success');

    // The old password no longer works; the new one does.
    await fillLogin(page, account.email, account.password);
    await expectToast(page, 'Unable to Login', 'error');
    await fillLogin(page, account.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/connect');

    // The other device's next call is refused (HTTP 401): its session is cleared and it goes to login.
    await other.goto('/contact');
    await other.waitForURL((url) => url.pathname === '/login');
    await other.goto('/connect');
    await other.waitForURL((url) => url.pathname === '/login');

    // A reset link works once.
    await page.goto(link.pathname);
    await page.getByLabel('New Password').fill('Another-Try7');
    await page.getByLabel('Confirm Password').fill('Another-Try7');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Unable to reset Password!', 'error');
    expect(new URL(page.url()).pathname).toBe(link.pathname);
  });

  it('changes the password in Settings: the session ends and only the new password signs in', async () => {
    const account = await createOrganiser(baseUrl, 'Bisi Okafor');
    const page = await phone();
    await signIn(page, account);

    // The owner dashboard: the name from the account, the default description, the settings link.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: `Hi, ${account.name}`, level: 1 }).waitFor();
    // Its four tabs fit a 360 px phone (none hidden behind a sideways scroll); Others says 'Watch this space!!!'.
    const tabs = page.getByRole('tablist', { name: 'Dashboard' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Socials', 'Business', 'Finance', 'Others']);
    expect(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth), 'the tab list scrolls sideways').toBeLessThanOrEqual(0);
    await tabs.getByRole('tab', { name: 'Others' }).click();
    await page.getByText('Watch this space!!!', { exact: true }).waitFor();
    await tabs.getByRole('tab', { name: 'Finance' }).click();
    await page.getByRole('tabpanel').getByText('PAYMENT IS COMING SOON', { exact: true }).waitFor();
    await checkScreen(page, 'dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByText('You are awesome!', { exact: true }).waitFor();
    await checkScreen(page, 'dashboard drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Settings' }).click();

    // Settings: Security with Change Password, Vcard with the inert 'Default Page'.
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Security', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Vcard', level: 2 }).waitFor();
    await page.getByText('Default Page', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe('/connect');
    await checkScreen(page, 'settings');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/change-password');

    const newPassword = 'Brand-New5';
    await page.getByLabel('Current Password').fill('Not-My-Password1');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(page.getByLabel('Confirm Password'), 'Confirm your password');
    await checkScreen(page, 'change password with an error');
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(page.getByLabel('Current Password'), 'Current password is incorrect');
    await expectToast(page, 'Unable to update password!', 'error');
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expectToast(page, 'Updating password');
    await expectToast(page, 'Password Updated successfully!', 'success');
    await page.goto('/connect');
    await page.waitForURL((url) => url.pathname === '/login');

    await fillLogin(page, account.email, account.password);
    await expectToast(page, 'Unable to Login', 'error');
    await fillLogin(page, account.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/connect');
  });

  it(`links a new card to an existing account with 'Link my device' and its token`, async () => {
    // An account without a card yet (as a sign-up whose card creation failed leaves it).
    const account = await createOrganiser(baseUrl, 'Chioma Nwosu');
    const [card] = await mintCards(productEnv, 1, 'nfc');
    if (!card) throw new Error('no card minted');
    const page = await phone();
    const tap = new URL(card.tapUrl);
    await page.goto(tap.pathname + tap.search);
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await page.getByRole('link', { name: 'Link card to an Existing Account' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('id') === card.id);
    await page.getByRole('heading', { name: 'Link my device', level: 1 }).waitFor();
    await checkScreen(page, 'login with a card id');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Link my device' }).click();

    // The device token step.
    const token = page.getByLabel('Enter device token');
    await token.waitFor();
    await token.fill('abc');
    await page.getByRole('button', { name: 'Link my device' }).click();
    await expectFieldError(token, 'token is invalid');
    await expectToast(page, 'Invalid Token', 'error');
    await checkScreen(page, 'device token step');
    await token.fill(card.token.toLowerCase());
    await page.getByRole('button', { name: 'Link my device' }).click();
    await expectToast(page, 'Verifying token...');
    await expectToast(page, 'Successfully added device!', 'success');
    await page.waitForURL((url) => url.pathname === '/connect');
    await page.getByRole('region', { name: 'Profile' }).getByRole('heading', { name: account.name, level: 1 }).waitFor();
    await checkScreen(page, 'connect after linking the card');

    // The card is active now: a tap opens the owner's public card.
    await page.goto(tap.pathname + tap.search);
    await page.waitForURL((url) => url.pathname === '/card/connect');
    await page.getByRole('heading', { name: account.name }).first().waitFor();
  });
});
