import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type Body } from '@tapcard/shared/contract';
import { pagePatterns, pages } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import { mintCards, type MintedCard } from '../cli/mint-cards.js';
import { SIGN_IN_TTL_MS, SOCIAL_NOT_CONFIGURED } from '../domain/social-sign-in.js';
import { answerOf, expectFieldError, send } from '../test/contract.js';
import { createTestUpstream, createUser, type TestUpstream } from '../test/harness.js';
import { PICTURE_PNG, startOidcProvider, type TestAccount, type TestOidcProvider } from '@tapcard/testkit/oidc-provider';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}${pagePatterns.signInWithGoogle}`;

let op: TestOidcProvider;
let t: TestUpstream;
beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  t = await createTestUpstream({
    publicUrl: PUBLIC_URL,
    oidc: { issuerUrl: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, providerName: 'Google' },
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

const unique = () => randomBytes(5).toString('hex');

function account(over: Partial<TestAccount> = {}): TestAccount {
  const id = unique();
  const person: TestAccount = { sub: `sub-${id}`, email: `ada-${id}@example.com`, email_verified: true, name: 'Ada Lovelace', picture: op.pictureUrl, ...over };
  op.addAccount(person);
  return person;
}

/** Asks the upstream to start a sign-in and answers the provider's authorisation URL. */
async function start(query: { id?: string; type?: string } = {}): Promise<URL> {
  const res = await send(t, calls.signInWithLogin, { query });
  const answer = answerOf(calls.signInWithLogin, res);
  if (answer.success !== 'true') throw new Error(`sign-in did not start: ${res.statusCode} ${answer.message}`);
  return new URL(answer.data.url);
}

/**
 * Goes through the provider as a browser would (following redirects with a cookie jar of its own):
 * the login form names `sub`; answers the URL the provider sends the browser back to.
 */
async function atProvider(authorisationUrl: URL, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorisationUrl.href;
  let form: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: form } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next.href;
    } else if (res.status === 200 && url.includes('/interaction/')) {
      await res.text();
      form = new URLSearchParams({ login: sub }).toString();
    } else {
      throw new Error(`the provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    }
  }
  throw new Error('too many redirects at the provider');
}

function callback(back: URL) {
  return send(t, calls.googleLogin, { query: Object.fromEntries(back.searchParams) });
}

async function signIn(person: TestAccount, query: { id?: string; type?: string } = {}) {
  return callback(await atProvider(await start(query), person.sub));
}

function expectRefused(res: { statusCode: number; json(): unknown }): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ success: 'false', message: messages.socialSignupFailed, data: null });
}

async function mint(): Promise<MintedCard> {
  const [card] = await mintCards(t.db, { count: 1, type: 'nfc', publicUrl: t.config.publicUrl });
  if (!card) throw new Error('no card minted');
  return card;
}

function wizard(card: MintedCard, user: { email: string; name: string; profile_image: string | null; auth_type: string }, ticket: string): Body<typeof calls.signUp> {
  return {
    verification_ticket: ticket,
    card_id: card.id,
    type: card.type,
    token: card.token,
    user: { ...user, password: 'Str0ng!pass' },
    card: { name: user.name, subTitle: 'Engineer', phone: '08031234567', description: '', fields: [] },
    image: user.profile_image ? { image: user.profile_image, name: 'profile-image' } : null,
  };
}

async function sessionsOf(userId: string): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
  return rows.length;
}

describe('social sign-in: configured', () => {
  it("tells the login page the provider's name", async () => {
    const answer = answerOf(calls.socialProvider, await send(t, calls.socialProvider));
    expect(answer).toMatchObject({ success: 'true', data: { name: 'Google' } });
  });

  it('starts at the discovered authorisation endpoint with PKCE (S256), state, nonce and our sign-in-with-google page as redirect_uri', async () => {
    const url = await start();
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/sign-in-with-google');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('a new person: onboarding prefill (email, name, picture, auth_type Google, the card query); the sign-up then needs no email code', async () => {
    const card = await mint();
    const person = account({ name: 'Ada Lovelace' });
    const res = await signIn(person, { id: card.id, type: card.type });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.googleLogin, res);
    expect(answer).toMatchObject({
      success: 'true',
      signup: { card_id: card.id, type: card.type, token: null, user: { email: person.email, name: 'Ada Lovelace', auth_type: 'Google' } },
    });
    if (answer.success !== 'true' || !answer.signup) throw new Error('no signup');
    expect(answer.data).toBeUndefined();
    // The provider's picture, copied into our uploads (the web shows images from this site only).
    const picture = answer.signup.user.profile_image ?? '';
    expect(picture).toMatch(/^\/backend\/files\/[\w-]{22}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PICTURE_PNG)).toBe(true);

    // No verify-mail / verify-code: the provider vouched for the address, and the callback handed out
    // the one-time ticket the sign-up presents; without it, knowing the address is not enough.
    const ticket = answer.signup.verification_ticket;
    expect(ticket.length).toBeGreaterThanOrEqual(40);
    const payload = wizard(card, { email: person.email ?? '', name: 'Ada Lovelace', profile_image: picture, auth_type: 'Google' }, ticket);
    expectFieldError(await send(t, calls.signUp, { body: { ...payload, verification_ticket: 'guessed' } }), 'verification_ticket', messages.verifyEmailAgain);
    const signedUp = await send(t, calls.signUp, { body: payload });
    expect(signedUp.statusCode).toBe(200);
    const session = answerOf(calls.signUp, signedUp);
    if (session.success !== 'true') throw new Error(session.message);
    const authorization = `Bearer ${session.data.access_token}`;
    expect((await send(t, calls.createCard, { body: payload, authorization })).statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select(['id', 'auth_type', 'image']).where('email', '=', person.email ?? '').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ auth_type: 'Google', image: picture });

    // The next sign-in finds the account: a session and the card's page.
    const again = answerOf(calls.googleLogin, await signIn(person));
    if (again.success !== 'true' || !again.data) throw new Error('no session');
    const link = (await t.db.selectFrom('card_profiles').select('link').where('user_id', '=', user.id).executeTakeFirstOrThrow()).link;
    expect(again.data.card_url).toBe(pages.cardConnect(link));
    const profile = answerOf(calls.userProfile, await send(t, calls.userProfile, { authorization: `Bearer ${again.data.access_token}` }));
    expect(profile).toMatchObject({ success: 'true', data: { email: person.email } });
  });

  it("goes on without a picture the provider links to that is not an image (and without a picture claim)", async () => {
    for (const picture of [op.notAPictureUrl, undefined]) {
      const answer = answerOf(calls.googleLogin, await signIn(account({ picture })));
      expect(answer).toMatchObject({ success: 'true', signup: { user: { profile_image: null, auth_type: 'Google' } } });
    }
  });

  it('an existing email account without a card: signed in (card_url null), and linked, so a later change of email at the provider still finds it', async () => {
    const person = account();
    const existing = await createUser(t, { email: person.email ?? '' });
    const first = answerOf(calls.googleLogin, await signIn(person));
    expect(first).toMatchObject({ success: 'true', data: { token_type: 'Bearer', card_url: null } });

    op.addAccount({ ...person, email: `renamed-${unique()}@example.com` });
    const later = answerOf(calls.googleLogin, await signIn(person));
    if (later.success !== 'true' || !later.data) throw new Error('not signed in');
    const profile = answerOf(calls.userProfile, await send(t, calls.userProfile, { authorization: `Bearer ${later.data.access_token}` }));
    expect(profile).toMatchObject({ success: 'true', data: { id: existing.id, email: existing.email } });
  });

  it("refuses an email the provider does not vouch for: no way into the account that owns it, and no new account either", async () => {
    const victim = await createUser(t, { email: `victim-${unique()}@example.com` });
    const attacker = account({ email: victim.email, email_verified: false });
    expectRefused(await signIn(attacker));
    const absent = account({ email_verified: undefined });
    expectRefused(await signIn(absent));
    expect(await sessionsOf(victim.id)).toBe(1);
    const verified = await t.db.selectFrom('verified_emails').select('email').where('email', '=', absent.email ?? '').executeTakeFirst();
    expect(verified).toBeUndefined();
  });

  it('refuses a tampered state, and the genuine callback still works afterwards', async () => {
    const person = account();
    await createUser(t, { email: person.email ?? '' });
    const back = await atProvider(await start(), person.sub);
    const tampered = new URL(back);
    const state = back.searchParams.get('state') ?? '';
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    expectRefused(await callback(tampered));
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expectRefused(await callback(noState));
    expect((await callback(back)).statusCode).toBe(200);
  });

  it('refuses a replayed callback (the same code and state)', async () => {
    const person = account();
    await createUser(t, { email: person.email ?? '' });
    const back = await atProvider(await start(), person.sub);
    expect((await callback(back)).statusCode).toBe(200);
    expectRefused(await callback(back));
  });

  it('of 50 parallel replays of one callback, exactly one signs in', async () => {
    const person = account();
    const user = await createUser(t, { email: person.email ?? '' });
    const back = await atProvider(await start(), person.sub);
    const redeemedBefore = op.tokenRequests();
    const results = await Promise.all(Array.from({ length: 50 }, () => callback(back)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // Refused here, by the state taken once: only one callback went on to redeem the code.
    expect(op.tokenRequests() - redeemedBefore).toBe(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectRefused(r);
    // createUser's own session plus exactly one from the sign-in.
    expect(await sessionsOf(user.id)).toBe(2);
  });

  it('refuses an ID token whose nonce is not the one the sign-in started with', async () => {
    const person = account();
    const user = await createUser(t, { email: person.email ?? '' });
    const url = await start();
    url.searchParams.set('nonce', `forged-${unique()}`);
    expectRefused(await callback(await atProvider(url, person.sub)));
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('refuses a sign-in that was started more than 10 minutes ago', async () => {
    const person = account();
    await createUser(t, { email: person.email ?? '' });
    const back = await atProvider(await start(), person.sub);
    t.clock.advance(SIGN_IN_TTL_MS + 1000);
    try {
      expectRefused(await callback(back));
    } finally {
      t.clock.advance(-(SIGN_IN_TTL_MS + 1000));
    }
  });

  it('refuses the provider saying the person declined (error=access_denied)', async () => {
    const url = await start();
    const back = new URL(REDIRECT_URI);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    expectRefused(await callback(back));
  });
});

describe('social sign-in: the provider is down', () => {
  it("says so (503) while discovery fails, and discovers the provider once it is back", async () => {
    op.setAvailable(false);
    let down: TestUpstream | null = null;
    try {
      down = await createTestUpstream({
        publicUrl: PUBLIC_URL,
        oidc: { issuerUrl: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, providerName: 'Acme ID' },
      });
      const refused = await send(down, calls.signInWithLogin, { query: {} });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ success: 'false', message: 'Sign-in with Acme ID is not available right now. Please try again later.', data: null });
      op.setAvailable(true);
      const started = answerOf(calls.signInWithLogin, await send(down, calls.signInWithLogin, { query: {} }));
      expect(started.success === 'true' && new URL(started.data.url).origin).toBe(op.issuer);
    } finally {
      op.setAvailable(true);
      await down?.close();
    }
  });
});

describe('social sign-in: not configured', () => {
  let bare: TestUpstream;
  beforeAll(async () => {
    bare = await createTestUpstream();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('tells the login page there is no provider, and both calls say plainly that it is not configured (404)', async () => {
    expect(answerOf(calls.socialProvider, await send(bare, calls.socialProvider))).toMatchObject({ success: 'true', data: { name: null } });
    for (const res of [await send(bare, calls.signInWithLogin, { query: {} }), await send(bare, calls.googleLogin, { query: { code: 'abc', state: 'xyz' } })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: 'false', message: SOCIAL_NOT_CONFIGURED, data: null });
    }
  });
});
