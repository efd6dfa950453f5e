import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { calls, type Event } from '@tapcard/shared/contract';
import { sentTo } from '@tapcard/testkit/smtp';
import { callApi } from './api.js';
import type { Account } from './people.js';

/** The organiser's Messages page (event/:id/messages): writing a message and reading its mails. */

const UI_TIMEOUT_MS = 30_000;

/** Matches the mail with `subject` to `email`. */
export const mailWith = (email: string, subject: string) => (mail: ParsedMail) => sentTo(email)(mail) && mail.subject === subject;

/** The page's New message form (the after-event mails below it have fields of the same names). */
const composer = (page: Page) => page.getByRole('region', { name: 'New message' });

/**
 * Picks the audience named `audience` and waits until the page says it reaches `expected` ('This
 * message will go to 2 people.'). Polls with vi.waitFor: expect.poll needs the current test, which
 * concurrent tests do not keep.
 */
export async function chooseAudience(page: Page, audience: string, expected: string): Promise<void> {
  const form = composer(page);
  await form.getByRole('group', { name: 'Who receives it' }).getByRole('radio', { name: audience }).check();
  await vi.waitFor(async () => expect(await form.getByTestId('recipient-count').textContent()).toBe(expected), { timeout: UI_TIMEOUT_MS, interval: 100 });
}

async function writeMessage(page: Page, audience: string, expected: string, subject: string, body: string): Promise<void> {
  await chooseAudience(page, audience, expected);
  await composer(page).getByRole('textbox', { name: 'Subject' }).fill(subject);
  await composer(page).getByRole('textbox', { name: /^Message/ }).fill(body);
}

/** Writes and sends a message on the Messages page to the audience named `audience`, once it says it reaches `expected`. */
export async function sendMessage(page: Page, audience: string, expected: string, subject: string, body: string): Promise<void> {
  await writeMessage(page, audience, expected, subject, body);
  await composer(page).getByRole('button', { name: 'Send now' }).click();
}

/** The value a datetime-local field takes for `date`, in this machine's time zone (the browsers' too: they run here). */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Writes a message as sendMessage does and schedules it for `sendAt` (a whole minute: the field has no seconds). */
export async function scheduleMessage(page: Page, audience: string, expected: string, subject: string, body: string, sendAt: Date): Promise<void> {
  await writeMessage(page, audience, expected, subject, body);
  const form = composer(page);
  await form.getByRole('group', { name: 'When' }).getByRole('radio', { name: 'Schedule for later' }).check();
  await form.getByLabel(/^Send at/).fill(localDateTime(sendAt));
  await form.getByRole('button', { name: 'Schedule', exact: true }).click();
}

/** The status of `organiser`'s message with `subject` on `event`, as the API answers it. */
export async function messageStatus(baseUrl: string, organiser: Account, event: Event, subject: string): Promise<string | undefined> {
  const listed = await callApi(baseUrl, calls.listMessages, { authorization: organiser.authorization, params: { id: event.id } });
  if (listed.answer.success !== 'true') throw new Error(listed.answer.message);
  return listed.answer.data.find((message) => message.subject === subject)?.status;
}
