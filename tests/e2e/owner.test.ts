import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mintCards } from './support/cli.js';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { codeIn, latestMail } from './support/outbox.js';
import { unique, uniqueLetters } from './support/people.js';
import { useCroppedPhoto } from './support/photo.js';
import { makePng } from './support/png.js';
import { originalSize } from './support/images.js';
import { checkScreen, expectFieldError } from './support/screens.js';
import { expectToast, pagesRecordingToasts } from './support/toast-history.js';

/**
 * The card owner's first day: a freshly minted card is tapped and
 * activated with its scratch token, the onboarding wizard creates the account (the code read from the
 * dev outbox), and the owner lands on the connect page, edits the profile, adds and deletes quick links
 * and services, and finds everything as they left it after a reload. On a 360 px phone, checking the
 * required texts to the letter and running axe on every screen visited.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const phone = pagesRecordingToasts({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780 });


/**
 * Holds the pointer down on a link until delete mode is announced, then releases it; answers how long
 * the press lasted (the product's long press is 1000 ms).
 */
async function longPressUntil(page: Page, target: Locator, announced: Locator): Promise<number> {
  // Hovering scrolls the link into view and waits until nothing (a toast) covers it.
  await target.hover();
  const started = Date.now();
  await page.mouse.down();
  await announced.waitFor();
  const held = Date.now() - started;
  await page.mouse.up();
  return held;
}

describe('card owner: activation, onboarding and the connect page', () => {
  it(
    `activates a minted card with its token, creates the account in the wizard and keeps every change to the card after a reload`,
    async () => {
      const [card] = await mintCards(productEnv, 1, 'nfc');
      if (!card) throw new Error('no card minted');
      const suffix = uniqueLetters();
      const name = `Amaka ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
      const email = `owner-${unique()}@E2E.tapcard.local`;
      const password = 'Onboard1!';
      const page = await phone();

      // The tap: the landing page resolves the new card to the onboarding wizard, keeping id and type.
      await page.goto(new URL(card.tapUrl).pathname + new URL(card.tapUrl).search);
      await page.waitForURL((url) => url.pathname === '/onboarding');
      const query = new URL(page.url()).searchParams;
      expect([query.get('id'), query.get('type')]).toEqual([card.id, card.type]);
      await page.getByRole('button', { name: 'Create a New Account' }).waitFor();
      expect(await page.getByRole('link', { name: 'Link card to an Existing Account' }).getAttribute('href')).toBe(`/login?id=${encodeURIComponent(card.id)}&type=${card.type}`);
      await checkScreen(page, 'onboarding welcome');

      // Activation: a malformed token is refused locally, then the real one is confirmed with the server.
      await page.getByRole('button', { name: 'Create a New Account' }).click();
      await page.getByText('Scratch and enter the token provided on your card', { exact: true }).waitFor();
      const tokenInput = page.getByLabel('Enter Card Token');
      await tokenInput.fill('12ab');
      await page.getByRole('button', { name: 'Confirm Token' }).click();
      await expectFieldError(tokenInput, 'token is invalid');
      await expectToast(page, 'Invalid Token', 'error');
      await checkScreen(page, 'activation form');
      await tokenInput.fill(card.token);
      await page.getByRole('button', { name: 'Confirm Token' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding/step-one');
      await expectToast(page, 'Verifying token...');
      expect(new URL(page.url()).searchParams.get('id')).toBe(card.id);

      // Stage 1, Email: the progress bar's five stages; 'Get Code' sends a code to the (lowercased) address.
      const stages = page.getByRole('group', { name: 'Sign-up progress' }).getByRole('listitem');
      await expect.poll(() => stages.allTextContents()).toEqual(['1Step 1: Email', '2Step 2: Password', '3Step 3: Personal Info', '4Step 4: Social', '5Step 5: Profile Image']);
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('button', { name: 'Get Code' }).click();
      await expectFieldError(page.getByLabel('Email'), 'Email is not valid');
      const sentAfter = new Date(Date.now() - 1000).toISOString();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Get Code' }).click();
      const codeInput = page.getByLabel('Verification Code');
      await codeInput.waitFor();
      await checkScreen(page, 'email step with the code input');
      const first = await latestMail(baseUrl, email.toLowerCase(), { after: sentAfter });
      // 'Resend Code' sends another code; the newest one verifies the address.
      await page.getByRole('button', { name: 'Resend Code' }).click();
      const mail = await latestMail(baseUrl, email.toLowerCase(), { after: first.created_at });
      // A wrong code first: 'Unable to send verification code!' (the required text for a failed verification).
      const wrong = ['111111', '222222', '333333'].find((c) => c !== codeIn(first) && c !== codeIn(mail)) ?? '444444';
      await codeInput.fill(wrong);
      await page.getByRole('button', { name: 'Next' }).click();
      await expectToast(page, 'Unable to send verification code!', 'error');
      expect(new URL(page.url()).pathname).toBe('/onboarding/step-one');
      await codeInput.fill(codeIn(mail));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding/step-two');

      // Stage 2, Password: the shared rules' messages, then a good password.
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Next' }).click();
      await expectFieldError(page.getByLabel('Password', { exact: true }), 'Password must be at least 8 characters');
      await expectFieldError(page.getByLabel('Confirm Password'), 'Confirm your password');
      await page.getByLabel('Password', { exact: true }).fill('Longenough');
      await page.getByLabel('Confirm Password').fill('different');
      await page.getByRole('button', { name: 'Next' }).click();
      await expectFieldError(page.getByLabel('Password', { exact: true }), 'At least 1 number or special character (@,!,#, etc).');
      await expectFieldError(page.getByLabel('Confirm Password'), 'Passwords must match');
      await checkScreen(page, 'password step with errors');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding/step-three');

      // Stage 3, Personal Info.
      await page.getByRole('heading', { name: 'Personal Info', level: 1 }).waitFor();
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Phone Number').fill('12345');
      await page.getByRole('button', { name: 'Next' }).click();
      await expectFieldError(page.getByLabel('What do you do?'), 'Tell us what you do?');
      await expectFieldError(page.getByLabel('Phone Number'), 'phone is invalid');
      await checkScreen(page, 'personal info step with errors');
      await page.getByLabel('What do you do?').fill('Brand Designer');
      await page.getByLabel('Phone Number').fill('08031234567');
      await page.getByLabel('Description (optional)').fill('I design brands for Lagos startups.');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding/step-four');

      // Stage 4, 'Add your socials': a link that matches no profile is refused; usernames are normalised.
      await page.getByRole('heading', { name: 'Add your socials', level: 1 }).waitFor();
      await page.getByText('Share your social accounts', { exact: true }).waitFor();
      await page.getByLabel('Facebook').fill('https://twitter.com/someone');
      await page.getByLabel('Twitter').fill(`@amaka_${suffix}`);
      await page.getByRole('button', { name: 'Next' }).click();
      await expectFieldError(page.getByLabel('Facebook'), 'Link has not matched with profile facebook');
      await checkScreen(page, 'socials step with an error');
      await page.getByLabel('Facebook').fill('');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.pathname === '/onboarding/step-five');

      // Stage 5, 'Profile Image': Done waits for an uploaded photo; then the account is created.
      await page.getByRole('heading', { name: 'Profile Image', level: 1 }).waitFor();
      await page.getByText('Upload your profile photo', { exact: true }).waitFor();
      const done = page.getByRole('button', { name: 'Done' });
      expect(await done.isDisabled()).toBe(true);
      await checkScreen(page, 'profile image step');
      await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(240, 240) });
      await useCroppedPhoto(page);
      await expectToast(page, 'Uploading...');
      await expectToast(page, 'Uploaded successfully', 'success');
      await page.getByRole('img', { name: 'Your profile photo' }).waitFor();
      await expect.poll(() => done.isEnabled()).toBe(true);
      await done.click();

      // The connect page: the card the wizard built.
      await page.waitForURL((url) => url.pathname === '/connect');
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByRole('heading', { name, level: 1 }).waitFor();
      await profile.getByText('Brand Designer', { exact: true }).waitFor();
      const links = page.locator('section[aria-labelledby="links-heading"] ul').first();
      await expect.poll(() => links.getByRole('button', { name: /^Edit / }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(['Edit Phone', 'Edit WhatsApp', 'Edit Twitter']);
      await checkScreen(page, 'connect page');

      // The photo chosen in the wizard is the card's, loaded from the uploads.
      const photo = profile.getByRole('img', { name: `${name}'s profile photo` });
      const wizardPhoto = await photo.getAttribute('src');
      expect(wizardPhoto).toMatch(/^\/api\/backend\/files\//);
      await expect.poll(() => originalSize(photo)).toEqual([240, 240]);

      // Changing it: a photo over 10 MB is refused with the size warning; a good one is uploaded and saved.
      const photoInput = profile.locator('input[type="file"]');
      await photoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
      await expectToast(page, 'Image size must not be larger than 10MB', 'warning');
      await photoInput.setInputFiles({ name: 'new-me.png', mimeType: 'image/png', buffer: makePng(300, 300, [16, 185, 129], [59, 130, 246]) });
      await useCroppedPhoto(page);
      await expect.poll(() => photo.getAttribute('src')).not.toBe(wizardPhoto);
      await expect.poll(() => originalSize(photo)).toEqual([300, 300]);
      const newPhoto = await photo.getAttribute('src');

      // The profile block: EDIT, an empty name says 'This field cannot be empty', SAVE persists.
      await profile.getByRole('button', { name: 'EDIT' }).click();
      await profile.getByLabel('Name').fill('');
      await profile.getByRole('button', { name: 'SAVE' }).click();
      await expectFieldError(profile.getByLabel('Name'), 'This field cannot be empty');
      await checkScreen(page, 'profile in edit mode');
      const newName = `${name} Obi`;
      await profile.getByLabel('Name').fill(newName);
      await profile.getByLabel('What do you do?').fill('Creative Director');
      await profile.getByLabel('Description').fill('Brands, books and big ideas.');
      await profile.getByRole('button', { name: 'SAVE' }).click();
      await profile.getByRole('heading', { name: newName, level: 1 }).waitFor();
      await profile.getByRole('button', { name: 'EDIT' }).waitFor();

      // Quick links: the modal refuses an empty form, then adds an email and a website link.
      const addLink = page.getByRole('button', { name: 'Add link' });
      await addLink.click();
      let dialog = page.getByRole('dialog', { name: 'Add quick link' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectCount(dialog.getByText('Please fill in all information', { exact: true })).toBeGreaterThan(0);
      await checkScreen(page, 'quick-link modal with errors');
      await dialog.getByLabel('Type').selectOption('email');
      expect(await dialog.getByLabel('Label').inputValue()).toBe('Email');
      await dialog.getByLabel('Email address').fill(`hello-${suffix}@amaka.studio`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await links.getByRole('button', { name: 'Edit Email' }).waitFor();

      await addLink.click();
      dialog = page.getByRole('dialog', { name: 'Add quick link' });
      await dialog.getByLabel('Type').selectOption('url');
      await dialog.getByLabel('Label').fill('Portfolio');
      await dialog.getByLabel('Website link').fill(`amaka-${suffix}.studio`);
      await dialog.getByRole('radio', { name: 'behance' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await links.getByRole('button', { name: 'Edit Portfolio' }).waitFor();

      // Holding a link for 1000 ms switches delete mode; deleting saves at once.
      const held = await longPressUntil(page, links.getByRole('button', { name: 'Edit Email' }), page.getByText('Delete mode: choose × on a link to delete it.', { exact: true }));
      expect(held).toBeGreaterThanOrEqual(950);
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 1000 }).catch(() => {
        throw new Error('the long press opened the link editor');
      });
      await checkScreen(page, 'quick links in delete mode');
      await page.getByRole('button', { name: 'Delete Email' }).click();
      await expectToast(page, 'Item deleted successfully!', 'success');
      await expectCount(links.getByRole('button', { name: 'Edit Email' })).toBe(0);

      // Services: 'Add New' refuses an empty form; two are added and one deleted.
      const services = page.getByRole('region', { name: 'Services' });
      const addService = async (serviceName: string, description: string, withImage: boolean) => {
        await services.getByRole('button', { name: 'Add New' }).click();
        const form = page.getByRole('dialog', { name: 'Add New Service' });
        if (withImage) {
          await form.getByLabel('Service Image (optional)').setInputFiles({ name: 'service.png', mimeType: 'image/png', buffer: makePng(120, 120, [220, 38, 38], [250, 204, 21]) });
          await useCroppedPhoto(page);
          await form.getByRole('img', { name: 'Chosen service image' }).waitFor();
        }
        await form.getByLabel('Service Name').fill(serviceName);
        await form.getByLabel('Description').fill(description);
        await form.getByLabel('Phone Number').fill('+2348031234567');
        await form.getByLabel('Link').fill(`https://amaka-${suffix}.studio/${serviceName.toLowerCase().replace(/\s+/g, '-')}`);
        await form.getByRole('button', { name: 'Add Service' }).click();
        await form.waitFor({ state: 'detached' });
        await services.getByRole('heading', { name: serviceName, level: 3 }).waitFor();
      };
      await services.getByRole('button', { name: 'Add New' }).click();
      const serviceForm = page.getByRole('dialog', { name: 'Add New Service' });
      await serviceForm.getByLabel('Link').fill('not a link');
      await serviceForm.getByRole('button', { name: 'Add Service' }).click();
      await expectFieldError(serviceForm.getByLabel('Link'), 'Link must be a valid URL');
      await checkScreen(page, 'service modal with errors');
      await serviceForm.getByRole('button', { name: 'Cancel' }).click();
      await serviceForm.waitFor({ state: 'detached' });
      await addService('Brand Identity', 'Logos, colours and a brand book.', true);
      await expectToast(page, 'Service Added successfully!', 'success');
      await addService('Book Covers', 'Covers that sell the story.', false);
      await services.getByRole('button', { name: 'Delete Book Covers' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this service?' });
      await confirm.getByText('Book Covers will be removed from your card.', { exact: true }).waitFor();
      await checkScreen(page, 'delete service confirmation');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Service deleted successfully!', 'success');
      await expectCount(services.getByRole('heading', { name: 'Book Covers' })).toBe(0);
      await checkScreen(page, 'connect page after the changes');

      // Everything is still there after a reload.
      await page.reload();
      await profile.getByRole('heading', { name: newName, level: 1 }).waitFor();
      await profile.getByText('Creative Director', { exact: true }).waitFor();
      await profile.getByText('Brands, books and big ideas.', { exact: true }).waitFor();
      expect(await profile.getByRole('img', { name: `${newName}'s profile photo` }).getAttribute('src')).toBe(newPhoto);
      await expect.poll(() => links.getByRole('button', { name: /^Edit / }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(['Edit Phone', 'Edit WhatsApp', 'Edit Twitter', 'Edit Portfolio']);
      await services.getByRole('heading', { name: 'Brand Identity', level: 3 }).waitFor();
      await expectCount(services.getByRole('heading', { name: 'Book Covers' })).toBe(0);
      await expect.poll(() => services.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // The saved links are what the visitor gets: the website normalised to https.
      await links.getByRole('button', { name: 'Edit Portfolio' }).click();
      dialog = page.getByRole('dialog', { name: 'Change quick link' });
      expect(await dialog.getByLabel('Website link').inputValue()).toBe(`https://amaka-${suffix}.studio`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await links.getByRole('button', { name: 'Edit Twitter' }).click();
      dialog = page.getByRole('dialog', { name: 'Change quick link' });
      expect(await dialog.getByLabel('Link or username').inputValue()).toBe(`https://twitter.com/amaka_${suffix}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The dashboard tiles, the notifications panel and the side menu, then logging out.
      const tiles = page.getByRole('region', { name: 'Dashboard' });
      await tiles.getByText('PAYMENT IS COMING SOON', { exact: true }).waitFor();
      await tiles.getByText('STORE IS COMING SOON', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Notifications' }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByText('Your notifications will appear here!!!', { exact: true }).waitFor();
      await checkScreen(page, 'notifications panel');
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect.poll(() => menu.getByRole('listitem').allInnerTexts()).toEqual(['Connect', 'Contacts', 'Events', 'Payment\nPAYMENT IS COMING SOON', 'Store\nSTORE IS COMING SOON', 'Settings', 'Logout']);
      await checkScreen(page, 'side menu');
      await menu.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expectToast(page, 'Logged Out Succesfully!', 'success');
      await page.goto('/connect');
      await page.waitForURL((url) => url.pathname === '/login');
    },
  );
});
