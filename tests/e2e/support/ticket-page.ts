import type { ParsedMail } from 'mailparser';
import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import type { Event } from '@tapcard/shared/contract';
import { sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import { appReady } from './browser.js';

/** An attendee's own steps: 'Lost your ticket?' on the event page, and the ticket page's Edit name and Transfer ticket. */

const MAIL_TIMEOUT_MS = 60_000;
const UI_TIMEOUT_MS = 30_000;

/** What 'Lost your ticket?' answers whatever the email. */
export const LOST_TICKET_ANSWER = 'If that email has a ticket for this event, we have sent it again.';

/** Opens "Lost your ticket?" on the event's open link and sends `email`; answers the status it shows. */
export async function askAgain(page: Page, event: Event, email: string): Promise<string> {
  await page.goto(`/events/l/${event.clean_name}`);
  await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
  const toggle = page.getByRole('button', { name: 'Lost your ticket?' });
  // The server-rendered page is taken over by the browser: the toggle answers once hydrated.
  // vi.waitFor, not expect.poll: concurrent tests do not keep the current test expect.poll needs.
  await vi.waitFor(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  }, { timeout: UI_TIMEOUT_MS, interval: 100 });
  const field = page.getByLabel('Email Address');
  await field.waitFor();
  await vi.waitFor(async () => expect(await field.evaluate((el) => el === document.activeElement)).toBe(true), { timeout: UI_TIMEOUT_MS, interval: 100 });
  await field.fill(email);
  await page.getByRole('button', { name: 'Send my ticket again' }).click();
  const status = page.getByRole('status').filter({ hasText: LOST_TICKET_ANSWER });
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

/** The "Lost your ticket?" mail for `event` to `email`. */
export function recoveryMail(smtp: TestSmtp, email: string, event: Event): Promise<ParsedMail> {
  return smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject === `Get a new link to your ticket for ${event.title}`, MAIL_TIMEOUT_MS);
}

/** The access mail for `event` to `email`. */
export function accessMail(smtp: TestSmtp, email: string, event: Event): Promise<ParsedMail> {
  return smtp.waitFor((mail) => sentTo(email)(mail) && mail.subject === `Your access to ${event.title}`, MAIL_TIMEOUT_MS);
}

/**
 * Opens a ticket page by its access token and waits until its live page has taken it over: the
 * server's page shows the ticket before any script has run, its buttons answer once the light entry
 * has hydrated it, and the live page then draws it anew (it follows the live connection, which the
 * server's page does not), so a check of the page from then on reads the page that stays.
 */
export async function openTicket(page: Page, tid: string): Promise<void> {
  await page.goto(`/event/u/token/${encodeURIComponent(tid)}`);
  await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
  await appReady(page);
  await page.locator('section[data-connection]').waitFor({ state: 'attached' });
}

/** Opens the ticket page's Edit name dialog. */
export async function openEditName(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Edit name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your name' });
  await dialog.waitFor();
  return dialog;
}

/** Saves `name` in the open Edit name dialog and waits until the ticket page shows it. */
export async function saveName(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(name, { exact: true }).first().waitFor();
}

/** Opens the ticket page's Transfer ticket dialog. */
export async function openTransfer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Transfer ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer your ticket' });
  await dialog.waitFor();
  return dialog;
}

/**
 * Fills the open Transfer dialog with the new holder, goes on to the confirmation (whose warning it
 * waits for; `onConfirmation` looks at that screen), confirms, and waits for the page to say the
 * ticket was transferred.
 */
export async function transferTo(page: Page, dialog: Locator, holder: { name: string; email: string }, onConfirmation?: () => Promise<void>): Promise<void> {
  await dialog.getByLabel('Their name').fill(holder.name);
  await dialog.getByLabel('Their email').fill(holder.email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Transfer this ticket?' });
  await confirm.getByText('Your current QR code and ticket link will stop working at once. This cannot be undone.').waitFor();
  await onConfirmation?.();
  await confirm.getByRole('button', { name: 'Transfer ticket' }).click();
  await page.getByRole('heading', { name: 'This ticket was transferred' }).waitFor();
}
