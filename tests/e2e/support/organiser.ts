import { calls } from '@tapcard/shared/contract';
import { sentTo, type TestSmtp } from '@tapcard/testkit/smtp';
import { expect } from 'vitest';
import { callApi } from './api.js';
import { unique, type Account } from './people.js';

const MAIL_TIMEOUT_MS = 60_000;

/**
 * A new organiser whose address was verified with the code mailed through the test's SMTP server (a
 * product started with SMTP_URL has no dev outbox). `prefix` starts the address, so a file's mails are
 * told apart in a failure's list.
 */
export async function verifiedOrganiser(baseUrl: string, smtp: TestSmtp, prefix: string, name: string): Promise<Account> {
  const email = `${prefix}-${unique()}@e2e.tapcard.local`;
  const password = 'Organiser1!';
  expect((await callApi(baseUrl, calls.verifyMail, { body: { email } })).answer).toMatchObject({ success: 'true' });
  const mail = await smtp.waitFor(sentTo(email), MAIL_TIMEOUT_MS);
  const code = /verification code is (\d{6})/.exec(mail.text ?? '')?.[1] ?? '';
  const verified = (await callApi(baseUrl, calls.verifyCode, { body: { email, token: code } })).answer;
  if (verified.success !== 'true') throw new Error(verified.message);
  const created = await callApi(baseUrl, calls.createUser, { body: { email, password, name, auth_type: 'Email', verification_ticket: verified.data.verification_ticket } });
  if (created.answer.success !== 'true') throw new Error(created.answer.message);
  return { email, password, name, authorization: `${created.answer.data.token_type} ${created.answer.data.access_token}` };
}
