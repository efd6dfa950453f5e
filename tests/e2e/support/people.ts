import { randomBytes } from 'node:crypto';
import { calls } from '@tapcard/shared/contract';
import { defaultField } from '@tapcard/shared/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './api.js';
import { mintCards } from './cli.js';
import { codeIn, latestMail } from './outbox.js';

/** A short random suffix: every journey's data is its own, run after run. */
export const unique = (): string => randomBytes(4).toString('hex');

/** Letters only (names must be alphabetic in some forms): 8 random lowercase letters. */
export const uniqueLetters = (): string =>
  Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');

export interface Account {
  email: string;
  password: string;
  name: string;
  /** The Authorization header value ('Bearer …'). */
  authorization: string;
}

/** Verifies an email address through the dev outbox, as the sign-up wizard does; answers the sign-up's ticket. */
async function verifyEmail(baseUrl: string, email: string): Promise<string> {
  const before = new Date(Date.now() - 1000).toISOString();
  const sent = await callApi(baseUrl, calls.verifyMail, { body: { email } });
  expect(sent.answer, `verify-mail ${email}`).toMatchObject({ success: 'true' });
  const mail = await latestMail(baseUrl, email, { after: before });
  const verified = await callApi(baseUrl, calls.verifyCode, { body: { email, token: codeIn(mail) } });
  if (verified.answer.success !== 'true') throw new Error(`verify-code ${email} failed: ${verified.answer.message}`);
  return verified.answer.data.verification_ticket;
}

/**
 * A new organiser of their own (an account without a card: the events area needs only a login), so a
 * journey never changes what the demo organiser or another journey sees.
 */
export async function createOrganiser(baseUrl: string, name = 'Kemi Organiser'): Promise<Account> {
  const email = `organiser-${unique()}@e2e.tapcard.local`;
  const password = 'Organiser1!';
  const ticket = await verifyEmail(baseUrl, email);
  const created = await callApi(baseUrl, calls.createUser, { body: { email, password, name, auth_type: 'Email', verification_ticket: ticket } });
  if (created.answer.success !== 'true') throw new Error(`create-user failed: ${created.answer.message}`);
  const { token_type, access_token } = created.answer.data;
  return { email, password, name, authorization: `${token_type} ${access_token}` };
}

export interface CardOwner extends Account {
  cardId: string;
  cardType: string;
  /** The public card's `link` (card/connect?link=…). */
  link: string;
  title: string;
  subTitle: string;
  /** The address quick link's text. */
  address: string;
}

/**
 * A new card owner: a freshly minted card, activated by signing up with its scratch token (the onboarding
 * wizard's calls).
 */
export async function createCardOwner(baseUrl: string, productEnv: Record<string, string>): Promise<CardOwner> {
  const [card] = await mintCards(productEnv, 1, 'nfc');
  if (!card) throw new Error('no card minted');
  const suffix = uniqueLetters();
  const name = `Zainab ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
  const email = `owner-${unique()}@e2e.tapcard.local`;
  const password = 'CardOwner1!';
  const subTitle = 'Product Manager at Kora';
  const address = '21 Awolowo Road, Ikoyi, Lagos';
  const fields = [defaultField('tel', '2348031234567', 1), defaultField('email', email, 2), defaultField('address', address, 3)];
  const ticket = await verifyEmail(baseUrl, email);
  const payload = {
    card_id: card.id,
    type: card.type,
    token: card.token,
    user: { email, password, name, auth_type: 'Email' },
    card: { name, subTitle, phone: '08031234567', description: 'I help teams ship products people love.', fields },
    image: null,
  };
  const signedUp = await callApi(baseUrl, calls.signUp, { body: { ...payload, verification_ticket: ticket } });
  if (signedUp.answer.success !== 'true') throw new Error(`sign-up failed: ${signedUp.answer.message}`);
  const authorization = `${signedUp.answer.data.token_type} ${signedUp.answer.data.access_token}`;
  const created = await callApi(baseUrl, calls.createCard, { body: payload, authorization });
  if (created.answer.success !== 'true') throw new Error(`create-card failed: ${created.answer.message}`);
  const route = await callApi(baseUrl, calls.loadRoute, { body: { card_id: card.id, type: card.type } });
  if (route.answer.success !== 'true') throw new Error(`load-route failed: ${route.answer.message}`);
  const link = new URL(route.answer.data.redirect_url, baseUrl).searchParams.get('link');
  if (!link) throw new Error(`no card link in ${route.answer.data.redirect_url}`);
  return { email, password, name, authorization, cardId: card.id, cardType: card.type, link, title: name, subTitle, address };
}

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
