import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MS, LIMITS, RESET_TOKEN_TTL_MS } from '@tapcard/shared/constants';
import { calls, type Body } from '@tapcard/shared/contract';
import { socialsToFields } from '@tapcard/shared/domain';
import { mintCards, type MintedCard } from '../cli/mint-cards.js';
import { hashToken } from '../lib/crypto.js';
import { answerOf, expectFieldError, send, sendUnchecked } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { VERIFIED_EMAIL_TTL_MS } from './accounts.js';
import { fromIp } from '../test/cards.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const uniqueEmail = () => `person-${randomBytes(6).toString('hex')}@example.com`;

async function mint(): Promise<MintedCard> {
  const [card] = await mintCards(t.db, { count: 1, type: 'nfc', publicUrl: t.config.publicUrl });
  if (!card) throw new Error('no card minted');
  return card;
}

async function lastCode(email: string): Promise<string> {
  const mails = await t.outbox(email);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Verifies `email` as its owner does (the mailed code) and answers the verification ticket. */
async function verifyEmail(email: string): Promise<string> {
  const sent = await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
  expect(sent.statusCode).toBe(200);
  const verified = await send(t, calls.verifyCode, { body: { email, token: await lastCode(email) } });
  expect(verified.statusCode).toBe(200);
  const answer = answerOf(calls.verifyCode, verified);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.verification_ticket;
}

function wizard(card: MintedCard, email: string, ticket: string, over: { password?: string; subTitle?: string } = {}): Body<typeof calls.signUp> {
  return {
    verification_ticket: ticket,
    card_id: card.id,
    type: card.type,
    token: card.token,
    user: { email, auth_type: 'Email', password: over.password ?? 'Str0ng!pass', name: 'Ada Lovelace', profile_image: null },
    card: {
      name: 'Ada Lovelace',
      subTitle: over.subTitle ?? 'Engineer',
      phone: '08031234567',
      description: 'Counting engines',
      fields: socialsToFields({ twitter: 'https://twitter.com/ada' }, '08031234567'),
    },
    image: { image: '/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png', name: 'me.png' },
  };
}

async function countRows(table: 'users' | 'email_codes' | 'password_resets' | 'sessions' | 'verified_emails'): Promise<number> {
  const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('verify-mail', () => {
  it('mails a 6-digit code that a person understands and stores it hashed', async () => {
    const email = uniqueEmail();
    const res = await send(t, calls.verifyMail, { body: { email: `  ${email.toUpperCase()} ` }, headers: fromIp() });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.verifyMail, res).success).toBe('true');
    const [mail] = await t.outbox(email);
    expect(mail?.subject).toMatch(/verification code/i);
    const code = await lastCode(email);
    expect(code).toHaveLength(EMAIL_CODE_LENGTH);
    expect(mail?.text).toContain(code);
    expect(mail?.text).toMatch(/expires in 10 minutes/);
    const rows = await t.db.selectFrom('email_codes').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toBe(hashToken(code));
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('refuses a bad email with its required message and stores nothing', async () => {
    const before = await countRows('email_codes');
    expectFieldError(await send(t, calls.verifyMail, { body: { email: 'not-an-email' }, headers: fromIp() }), 'email', 'Email is not valid');
    expectFieldError(await send(t, calls.verifyMail, { body: { email: '  ' }, headers: fromIp() }), 'email', 'Email is required');
    expect(await countRows('email_codes')).toBe(before);
  });

  it('answers success false for an email that already has an account', async () => {
    const user = await createUser(t);
    const res = await send(t, calls.verifyMail, { body: { email: user.email }, headers: fromIp() });
    expect(res.statusCode).toBe(409);
    const answer = answerOf(calls.verifyMail, res);
    expect(answer.success).toBe('false');
    expect(answer.message).toMatch(/already exists/);
    expect(await t.outbox(user.email)).toHaveLength(0);
  });

  it('throttles sending codes to one email per requesting address, and over all addresses (429)', async () => {
    const email = uniqueEmail();
    const stranger = fromIp();
    for (let i = 0; i < LIMITS.emailSend.max; i++) {
      expect((await send(t, calls.verifyMail, { body: { email }, headers: stranger })).statusCode).toBe(200);
    }
    expect((await send(t, calls.verifyMail, { body: { email }, headers: stranger })).statusCode).toBe(429);
    // The stranger has not used up the owner's mails.
    expect((await send(t, calls.verifyMail, { body: { email }, headers: fromIp() })).statusCode).toBe(200);
    // All addresses together stop at the ceiling.
    for (let a = 0; a < LIMITS.emailSendCeiling.max; a++) await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    expect((await send(t, calls.verifyMail, { body: { email }, headers: fromIp() })).statusCode).toBe(429);
    expect(await t.outbox(email)).toHaveLength(LIMITS.emailSendCeiling.max);
  });

  it('sends at most the limit of a burst of 50 parallel requests from one address; the owner still gets a code', async () => {
    const email = uniqueEmail();
    const stranger = fromIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(t, calls.verifyMail, { body: { email }, headers: stranger })));
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.emailSend.max);
    expect((await t.outbox(email)).length).toBeLessThanOrEqual(LIMITS.emailSend.max);
    expect((await send(t, calls.verifyMail, { body: { email }, headers: fromIp() })).statusCode).toBe(200);
  });
});

describe('verify-code', () => {
  it('verifies the email once; the code cannot be used again', async () => {
    const email = uniqueEmail();
    await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    const token = await lastCode(email);
    const ok = await send(t, calls.verifyCode, { body: { email, token } });
    expect(ok.statusCode).toBe(200);
    const answer = answerOf(calls.verifyCode, ok);
    if (answer.success !== 'true') throw new Error(answer.message);
    // A one-time ticket for the sign-up, stored only as its hash, for as long as the verification lasts.
    const ticket = answer.data.verification_ticket;
    expect(ticket.length).toBeGreaterThanOrEqual(40);
    const row = await t.db.selectFrom('verified_emails').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.ticket_hash).toBe(hashToken(ticket));
    const lasts = row.expires_at.getTime() - t.clock.now().getTime();
    expect(lasts).toBeGreaterThan(VERIFIED_EMAIL_TTL_MS - 60_000);
    expect(lasts).toBeLessThanOrEqual(VERIFIED_EMAIL_TTL_MS);
    const again = await send(t, calls.verifyCode, { body: { email, token } });
    expect(again.statusCode).toBe(400);
    expect(answerOf(calls.verifyCode, again).success).toBe('false');
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    const token = await lastCode(email);
    t.clock.advance(EMAIL_CODE_TTL_MS + 1000);
    try {
      const res = await send(t, calls.verifyCode, { body: { email, token } });
      expectFieldError(res, 'token', 'The code is wrong or has expired');
      expect(await t.db.selectFrom('verified_emails').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    } finally {
      t.clock.advance(-(EMAIL_CODE_TTL_MS + 1000));
    }
  });

  it('only the newest code works after a resend', async () => {
    const email = uniqueEmail();
    await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    const first = await lastCode(email);
    await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    const second = await lastCode(email);
    if (first !== second) expect((await send(t, calls.verifyCode, { body: { email, token: first } })).statusCode).toBe(400);
    expect((await send(t, calls.verifyCode, { body: { email, token: second } })).statusCode).toBe(200);
  });

  it('refuses a malformed code with the rule messages', async () => {
    const before = await countRows('verified_emails');
    expectFieldError(await send(t, calls.verifyCode, { body: { email: uniqueEmail(), token: 'abcd' } }), 'token', 'Code must contain only numbers');
    expectFieldError(await send(t, calls.verifyCode, { body: { email: uniqueEmail(), token: '12' } }), 'token', 'Code must be at least 4 digits');
    expectFieldError(await send(t, calls.verifyCode, { body: { email: uniqueEmail(), token: '' } }), 'token', 'Code is required');
    expect(await countRows('verified_emails')).toBe(before);
  });

  it('throttles wrong codes per email and address: 429 even for the right code afterwards; the owner verifies from another address', async () => {
    const email = uniqueEmail();
    await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    const token = await lastCode(email);
    const wrong = token === '000000' ? '111111' : '000000';
    const attacker = fromIp();
    for (let i = 0; i < LIMITS.emailCode.max; i++) {
      expect((await send(t, calls.verifyCode, { body: { email, token: wrong }, headers: attacker })).statusCode).toBe(400);
    }
    expect((await send(t, calls.verifyCode, { body: { email, token }, headers: attacker })).statusCode).toBe(429);
    expect((await send(t, calls.verifyCode, { body: { email, token }, headers: fromIp() })).statusCode).toBe(200);
  });

  it('evaluates at most the limit of a burst of 50 parallel codes; the right code after the burst is refused, the owner verifies', async () => {
    const email = uniqueEmail();
    await send(t, calls.verifyMail, { body: { email }, headers: fromIp() });
    const token = await lastCode(email);
    const attacker = fromIp();
    const guesses = Array.from({ length: 50 }, (_, i) => String(i).padStart(EMAIL_CODE_LENGTH, '9')).filter((g) => g !== token);
    const answers = await Promise.all(guesses.map((guess) => send(t, calls.verifyCode, { body: { email, token: guess }, headers: attacker })));
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.emailCode.max);
    expect((await send(t, calls.verifyCode, { body: { email, token }, headers: attacker })).statusCode).toBe(429);
    expect(await t.db.selectFrom('verified_emails').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect((await send(t, calls.verifyCode, { body: { email, token }, headers: fromIp() })).statusCode).toBe(200);
  });
});

describe('sign-up', () => {
  it('creates the account from the wizard state and answers a bearer token; the card stays new', async () => {
    const email = uniqueEmail();
    const ticket = await verifyEmail(email);
    const card = await mint();
    const res = await send(t, calls.signUp, { body: wizard(card, email.toUpperCase(), ticket) });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.signUp, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.token_type).toBe('Bearer');

    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.name).toBe('Ada Lovelace');
    expect(user.auth_type).toBe('Email');
    expect(user.image).toBe('/backend/files/AAAAAAAAAAAAAAAAAAAAAA.png');
    expect(user.password_hash).toMatch(/^scrypt\$/);
    const session = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(answer.data.access_token));
    expect(session.expires_at.getTime() - t.clock.now().getTime()).toBeGreaterThan(29 * 86_400_000);

    // sign-up neither activates the card nor creates the card profile: create-card does.
    const physical = await t.db.selectFrom('physical_cards').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(physical.status).toBe('new');
    expect(await t.db.selectFrom('card_profiles').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    // the verified email is spent
    expect(await t.db.selectFrom('verified_emails').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    const profile = await send(t, calls.userProfile, { authorization: `${answer.data.token_type} ${answer.data.access_token}` });
    expect(profile.statusCode).toBe(200);
  });

  it('requires a verified email', async () => {
    const email = uniqueEmail();
    const res = await send(t, calls.signUp, { body: wizard(await mint(), email, 'a-ticket-nobody-was-given') });
    expectFieldError(res, 'verification_ticket', 'Please verify your email again');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses someone who knows only the email while its owner is still in the wizard; the owner then signs up', async () => {
    const email = uniqueEmail();
    const ownersTicket = await verifyEmail(email);
    const attacker = fromIp();
    const { verification_ticket: _, ...noTicket } = wizard(await mint(), email, '', { password: 'Attack3r!pass' });
    const attempts = [
      await sendUnchecked(t, calls.signUp, { body: noTicket, headers: attacker }),
      await sendUnchecked(t, calls.signUp, { body: wizard(await mint(), email, '', { password: 'Attack3r!pass' }), headers: attacker }),
      await send(t, calls.signUp, { body: wizard(await mint(), email, 'guessed-ticket', { password: 'Attack3r!pass' }), headers: attacker }),
      await sendUnchecked(t, calls.createUser, { body: { email, password: 'Attack3r!pass', name: 'Mallory' }, headers: attacker }),
      await send(t, calls.createUser, { body: { email, password: 'Attack3r!pass', name: 'Mallory', verification_ticket: 'guessed-ticket' }, headers: attacker }),
    ];
    for (const res of attempts) expectFieldError(res, 'verification_ticket', 'Please verify your email again');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    const owner = await send(t, calls.signUp, { body: wizard(await mint(), email, ownersTicket) });
    expect(owner.statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.name).toBe('Ada Lovelace');
    const login = await send(t, calls.login, { body: { email, password: 'Str0ng!pass' }, headers: fromIp() });
    expect(login.statusCode).toBe(200);
  });

  it("refuses another email's ticket, a ticket after a newer verification, and an expired ticket", async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    const othersTicket = await verifyEmail(other);
    await verifyEmail(email);
    expectFieldError(await send(t, calls.signUp, { body: wizard(await mint(), email, othersTicket) }), 'verification_ticket', 'Please verify your email again');
    // Verifying again hands out a new ticket; the earlier one stops working.
    const first = await verifyEmail(email);
    const second = await verifyEmail(email);
    expectFieldError(await send(t, calls.signUp, { body: wizard(await mint(), email, first) }), 'verification_ticket', 'Please verify your email again');
    t.clock.advance(VERIFIED_EMAIL_TTL_MS + 1000);
    try {
      expectFieldError(await send(t, calls.signUp, { body: wizard(await mint(), email, second) }), 'verification_ticket', 'Please verify your email again');
    } finally {
      t.clock.advance(-(VERIFIED_EMAIL_TTL_MS + 1000));
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    // The other email's owner still signs up with their own ticket.
    expect((await send(t, calls.signUp, { body: wizard(await mint(), other, othersTicket) })).statusCode).toBe(200);
  });

  it('uses the ticket once: after the account is gone, the same ticket makes no second account', async () => {
    const email = uniqueEmail();
    const ticket = await verifyEmail(email);
    expect((await send(t, calls.signUp, { body: wizard(await mint(), email, ticket) })).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('email', '=', email).execute();
    expectFieldError(await send(t, calls.signUp, { body: wizard(await mint(), email, ticket) }), 'verification_ticket', 'Please verify your email again');
    expectFieldError(await send(t, calls.createUser, { body: { email, password: 'Str0ng!pass', name: 'Ada', verification_ticket: ticket } }), 'verification_ticket', 'Please verify your email again');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('makes one account of 50 parallel sign-ups with one ticket', { timeout: 300_000 }, async () => {
    const email = uniqueEmail();
    const ticket = await verifyEmail(email);
    const cards = await mintCards(t.db, { count: 50, type: 'nfc', publicUrl: t.config.publicUrl });
    const answers = await Promise.all(cards.map((card) => send(t, calls.signUp, { body: wizard(card, email, ticket), headers: fromIp() })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others were told the ticket is used, or (having looked before it was) that the account exists.
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 409)).toEqual([]);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const sessions = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', users[0]!.id).execute();
    expect(sessions).toHaveLength(1);
    expect(await t.db.selectFrom('verified_emails').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a wrong card token with Invalid Token and stores nothing', async () => {
    const email = uniqueEmail();
    const ticket = await verifyEmail(email);
    const card = await mint();
    const res = await send(t, calls.signUp, { body: { ...wizard(card, email, ticket), token: card.token === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ' } });
    expectFieldError(res, 'token', 'Invalid Token');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses bad wizard input with the required messages and stores nothing', async () => {
    const email = uniqueEmail();
    const ticket = await verifyEmail(email);
    const card = await mint();
    const users = await countRows('users');
    expectFieldError(await send(t, calls.signUp, { body: wizard(card, email, ticket, { subTitle: ' ' }) }), 'card.subTitle', 'Tell us what you do?');
    expectFieldError(await send(t, calls.signUp, { body: wizard(card, email, ticket, { password: 'short' }) }), 'user.password', 'Password must be at least 8 characters');
    expectFieldError(await send(t, calls.signUp, { body: { ...wizard(card, email, ticket), token: 'abc' } }), 'token', 'token is invalid');
    const badPhone = wizard(card, email, ticket);
    badPhone.card.phone = '12ab';
    expectFieldError(await send(t, calls.signUp, { body: badPhone }), 'card.phone', 'phone is invalid');
    expect(await countRows('users')).toBe(users);
  });

  it('refuses a second account for the same email (409)', async () => {
    const email = uniqueEmail();
    expect((await send(t, calls.signUp, { body: wizard(await mint(), email, await verifyEmail(email)) })).statusCode).toBe(200);
    // Verified again (as the row would be had the account been made another way meanwhile).
    await t.db.insertInto('verified_emails').values({ email, expires_at: new Date(t.clock.now().getTime() + 60_000), ticket_hash: hashToken('second ticket') }).execute();
    const res = await send(t, calls.signUp, { body: wizard(await mint(), email, 'second ticket') });
    expect(res.statusCode).toBe(409);
    expect(answerOf(calls.signUp, res).success).toBe('false');
  });
});

describe('create-user', () => {
  it('creates an account only, for a verified email', async () => {
    const email = uniqueEmail();
    const ticket = await verifyEmail(email);
    const res = await send(t, calls.createUser, { body: { email, password: 'Str0ng!pass', name: 'Grace Hopper', verification_ticket: ticket } });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.createUser, res);
    expect(answer.success).toBe('true');
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.auth_type).toBe('Email');
    expect(await t.db.selectFrom('card_profiles').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses an unverified email and bad input', async () => {
    const email = uniqueEmail();
    const ticket = 'a-ticket-nobody-was-given';
    expectFieldError(await send(t, calls.createUser, { body: { email, password: 'Str0ng!pass', name: 'Grace', verification_ticket: ticket } }), 'verification_ticket', 'Please verify your email again');
    expectFieldError(await send(t, calls.createUser, { body: { email, password: 'alllowercase1', name: 'Grace', verification_ticket: ticket } }), 'password', 'Password must contain at least 1 uppercase letter');
    expectFieldError(await send(t, calls.createUser, { body: { email, password: 'Str0ng!pass', name: ' ', verification_ticket: ticket } }), 'name', 'Name is required');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });
});

describe('has-email', () => {
  it('says whether an account exists', async () => {
    const user = await createUser(t);
    const yes = answerOf(calls.hasEmail, await send(t, calls.hasEmail, { body: { email: user.email.toUpperCase() }, headers: fromIp() }));
    const no = answerOf(calls.hasEmail, await send(t, calls.hasEmail, { body: { email: uniqueEmail() }, headers: fromIp() }));
    expect(yes.success === 'true' && yes.data.exists).toBe(true);
    expect(no.success === 'true' && no.data.exists).toBe(false);
  });

  it('refuses a bad email', async () => {
    expectFieldError(await send(t, calls.hasEmail, { body: { email: 'x@' }, headers: fromIp() }), 'email', 'Email is not valid');
  });

  it('is throttled per client address against enumeration', async () => {
    const headers = fromIp();
    for (let i = 0; i < LIMITS.emailLookup.max; i++) {
      expect((await send(t, calls.hasEmail, { body: { email: uniqueEmail() }, headers })).statusCode).toBe(200);
    }
    expect((await send(t, calls.hasEmail, { body: { email: uniqueEmail() }, headers })).statusCode).toBe(429);
    expect((await send(t, calls.hasEmail, { body: { email: uniqueEmail() }, headers: fromIp() })).statusCode).toBe(200);
  });

  it('answers at most the limit of a burst of parallel lookups from one address', async () => {
    const headers = fromIp();
    const answers = await Promise.all(Array.from({ length: LIMITS.emailLookup.max + 20 }, () => send(t, calls.hasEmail, { body: { email: uniqueEmail() }, headers })));
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.emailLookup.max);
  });
});

describe('user-profile', () => {
  it("answers the caller's profile; card_url is null without a card", async () => {
    const user = await createUser(t, { name: 'Katherine Johnson' });
    const res = await send(t, calls.userProfile, { authorization: user.authorization });
    const answer = answerOf(calls.userProfile, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data).toMatchObject({ id: user.id, name: 'Katherine Johnson', email: user.email, card_url: null });
  });

  it('answers card_url of the public card once the card exists', async () => {
    const user = await createUser(t);
    const card = await mint();
    const created = await send(t, calls.createCard, { authorization: user.authorization, body: wizard(card, user.email, 'unused') });
    expect(created.statusCode).toBe(200);
    const answer = answerOf(calls.userProfile, await send(t, calls.userProfile, { authorization: user.authorization }));
    if (answer.success !== 'true') throw new Error(answer.message);
    const profile = await t.db.selectFrom('card_profiles').select('link').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(answer.data.card_url).toBe(`/card/connect?link=${profile.link}`);
  });

  it('needs a token (401)', async () => {
    expect((await send(t, calls.userProfile)).statusCode).toBe(401);
    expect((await send(t, calls.userProfile, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});

describe('login', () => {
  it('answers a new bearer token for the right password', async () => {
    const user = await createUser(t);
    const res = await send(t, calls.login, { body: { email: user.email.toUpperCase(), password: user.password } });
    const answer = answerOf(calls.login, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.token_type).toBe('Bearer');
    expect((await send(t, calls.userProfile, { authorization: `Bearer ${answer.data.access_token}` })).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const user = await createUser(t);
    const wrong = await send(t, calls.login, { body: { email: user.email, password: 'Wrong-pass1' } });
    const unknown = await send(t, calls.login, { body: { email: uniqueEmail(), password: 'Wrong-pass1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: 'false', message: 'Unable to Login', data: null });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses bad input with the rule messages', async () => {
    expectFieldError(await send(t, calls.login, { body: { email: uniqueEmail(), password: 'short' } }), 'password', 'Password must be at least 8 characters');
    expectFieldError(await send(t, calls.login, { body: { email: '', password: 'Passw0rd!' } }), 'email', 'Email is required');
    expectFieldError(await send(t, calls.login, { body: { email: uniqueEmail(), password: '' } }), 'password', 'Password is required');
  });

  it('throttles wrong passwords per account and address: 429 even for the right one afterwards, until the window ends', async () => {
    const user = await createUser(t);
    const attacker = fromIp();
    for (let i = 0; i < LIMITS.login.max; i++) {
      expect((await send(t, calls.login, { body: { email: user.email, password: 'Wrong-pass1' }, headers: attacker })).statusCode).toBe(401);
    }
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: attacker })).statusCode).toBe(429);
    t.clock.advance(LIMITS.login.windowMs + 1000);
    try {
      expect((await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: attacker })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(LIMITS.login.windowMs + 1000));
    }
  });

  it('evaluates at most the limit of a burst of 50 parallel logins, the right password among them', async () => {
    const user = await createUser(t);
    const headers = fromIp();
    const passwords = Array.from({ length: 50 }, (_, i) => (i === 25 || i === 49 ? user.password : 'Wrong-pass1'));
    const answers = await Promise.all(passwords.map((password) => send(t, calls.login, { body: { email: user.email, password }, headers })));
    const evaluated = answers.filter((a) => a.statusCode !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(LIMITS.login.max);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(2);
  });

  it('lets the owner in from another address after 50 wrong passwords from one address', async () => {
    const user = await createUser(t);
    const attacker = fromIp();
    await Promise.all(Array.from({ length: 50 }, () => send(t, calls.login, { body: { email: user.email, password: 'Wrong-pass1' }, headers: attacker })));
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: attacker })).statusCode).toBe(429);
    const start = t.delays.length;
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: fromIp() })).statusCode).toBe(200);
    expect(t.delays.slice(start)).toEqual([]);
  });

  it('lets the owner in, slowed down, after an attack from many addresses below the ceiling; refuses everyone once it is full', async () => {
    const user = await createUser(t);
    const addresses = Math.floor((LIMITS.loginCeiling.max - 1) / LIMITS.login.max);
    for (let a = 0; a < addresses; a++) {
      const headers = fromIp();
      await Promise.all(Array.from({ length: 10 }, () => send(t, calls.login, { body: { email: user.email, password: 'Wrong-pass1' }, headers })));
    }
    const start = t.delays.length;
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: fromIp() })).statusCode).toBe(200);
    // The answer came late (the ceiling was nearly full), not refused.
    expect(t.delays.slice(start)).toEqual([LIMITS.loginCeiling.delay.maxMs]);
    // The owner's own success does not fill the ceiling: one more attack address fills it.
    const last = fromIp();
    await Promise.all(Array.from({ length: 10 }, () => send(t, calls.login, { body: { email: user.email, password: 'Wrong-pass1' }, headers: last })));
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: fromIp() })).statusCode).toBe(429);
  });
});

describe("the account's name", () => {
  it("is its card's name once renamed on the card: the profile, the session's user and the reset mail follow", async () => {
    const user = await createUser(t, { name: 'Grace Hopper' });
    const created = await send(t, calls.createCard, { authorization: user.authorization, body: wizard(await mint(), user.email, 'unused') });
    expect(created.statusCode).toBe(200);
    const card = answerOf(calls.getCard, await send(t, calls.getCard, { authorization: user.authorization }));
    if (card.success !== 'true') throw new Error(card.message);
    const { profile, title, sub_title, description } = card.data.card;
    const saved = await send(t, calls.saveCard, { authorization: user.authorization, body: { image: profile, title: 'Grace Brewster Hopper', sub_title, description, fields: card.data.fields } });
    expect(saved.statusCode).toBe(200);
    expect(title).not.toBe('Grace Brewster Hopper');

    const answer = answerOf(calls.userProfile, await send(t, calls.userProfile, { authorization: user.authorization }));
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.name).toBe('Grace Brewster Hopper');
    await send(t, calls.forgotPassword, { body: { email: user.email } });
    expect((await t.outbox(user.email)).at(-1)?.text).toMatch(/^Hello Grace Brewster Hopper,/);
  });
});

describe('forgot-password and reset-password', () => {
  async function resetTokenOf(email: string): Promise<string> {
    const mails = await t.outbox(email);
    const token = new RegExp(`${t.config.publicUrl}/reset-password/([A-Za-z0-9_-]+)/`).exec(mails.at(-1)?.text ?? '')?.[1];
    if (!token) throw new Error('no reset link mailed');
    return token;
  }

  it('answers the same for known and unknown emails and mails a single-use link to known ones', async () => {
    const user = await createUser(t);
    const stranger = uniqueEmail();
    const known = await send(t, calls.forgotPassword, { body: { email: user.email } });
    const unknown = await send(t, calls.forgotPassword, { body: { email: stranger } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(answerOf(calls.forgotPassword, known).success).toBe('true');
    expect(await t.outbox(stranger)).toHaveLength(0);
    const [mail] = await t.outbox(user.email);
    expect(mail?.subject).toMatch(/reset/i);
    const token = await resetTokenOf(user.email);
    const row = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.expires_at.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS);
  });

  it('refuses a bad email with the rule message', async () => {
    expectFieldError(await send(t, calls.forgotPassword, { body: { email: 'nope' } }), 'email', 'Email is not valid');
  });

  it('mails at most the limit of 50 parallel requests from one address; the owner still gets a link from another', async () => {
    const user = await createUser(t);
    const stranger = fromIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(t, calls.forgotPassword, { body: { email: user.email }, headers: stranger })));
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.emailSend.max);
    expect((await t.outbox(user.email)).length).toBeLessThanOrEqual(LIMITS.emailSend.max);
    const before = (await t.outbox(user.email)).length;
    expect((await send(t, calls.forgotPassword, { body: { email: user.email }, headers: fromIp() })).statusCode).toBe(200);
    expect(await t.outbox(user.email)).toHaveLength(before + 1);
  });

  it('resets the password once, revoking every session', async () => {
    const user = await createUser(t);
    await send(t, calls.forgotPassword, { body: { email: user.email } });
    const token = await resetTokenOf(user.email);
    const res = await send(t, calls.resetPassword, { body: { token, password: 'N3w!secret', confirm_password: 'N3w!secret' } });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.resetPassword, res).success).toBe('true');
    expect((await send(t, calls.userProfile, { authorization: user.authorization })).statusCode).toBe(401);
    expect((await send(t, calls.login, { body: { email: user.email, password: 'N3w!secret' } })).statusCode).toBe(200);
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password } })).statusCode).toBe(401);
    const again = await send(t, calls.resetPassword, { body: { token, password: 'Other!pass1', confirm_password: 'Other!pass1' } });
    expectFieldError(again, 'token', 'This reset link is invalid or has expired');
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const user = await createUser(t);
    await send(t, calls.forgotPassword, { body: { email: user.email } });
    const token = await resetTokenOf(user.email);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    try {
      expectFieldError(await send(t, calls.resetPassword, { body: { token, password: 'N3w!secret', confirm_password: 'N3w!secret' } }), 'token', 'This reset link is invalid or has expired');
    } finally {
      t.clock.advance(-(RESET_TOKEN_TTL_MS + 1000));
    }
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password } })).statusCode).toBe(200);
  });

  it('refuses bad passwords with the rule messages and changes nothing', async () => {
    const user = await createUser(t);
    await send(t, calls.forgotPassword, { body: { email: user.email } });
    const token = await resetTokenOf(user.email);
    expectFieldError(await send(t, calls.resetPassword, { body: { token, password: 'N3w!secret', confirm_password: 'N3w!secreT' } }), 'confirm_password', 'Passwords must match');
    expectFieldError(await send(t, calls.resetPassword, { body: { token, password: 'NoDigitsHere', confirm_password: 'NoDigitsHere' } }), 'password', 'At least 1 number or special character (@,!,#, etc).');
    const row = await t.db.selectFrom('password_resets').select('used_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect((await send(t, calls.userProfile, { authorization: user.authorization })).statusCode).toBe(200);
  });
});

describe('change-password', () => {
  it('sets the new password and ends every session', async () => {
    const user = await createUser(t);
    const other = await send(t, calls.login, { body: { email: user.email, password: user.password } });
    const otherAnswer = answerOf(calls.login, other);
    if (otherAnswer.success !== 'true') throw new Error(otherAnswer.message);
    const res = await send(t, calls.changePassword, { authorization: user.authorization, body: { current_password: user.password, password: 'Chang3d!pass', confirm_password: 'Chang3d!pass' } });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.changePassword, res).success).toBe('true');
    expect((await send(t, calls.userProfile, { authorization: user.authorization })).statusCode).toBe(401);
    expect((await send(t, calls.userProfile, { authorization: `Bearer ${otherAnswer.data.access_token}` })).statusCode).toBe(401);
    expect((await send(t, calls.login, { body: { email: user.email, password: 'Chang3d!pass' } })).statusCode).toBe(200);
  });

  it('refuses bad input with the rule messages and keeps the password', async () => {
    const user = await createUser(t);
    expectFieldError(
      await send(t, calls.changePassword, { authorization: user.authorization, body: { current_password: user.password, password: 'Chang3d!pass', confirm_password: '' } }),
      'confirm_password',
      'Confirm your password',
    );
    expectFieldError(
      await send(t, calls.changePassword, { authorization: user.authorization, body: { current_password: user.password, password: 'NOLOWER1!', confirm_password: 'NOLOWER1!' } }),
      'password',
      'Password must contain at least 1 lowercase letter',
    );
    expect((await send(t, calls.userProfile, { authorization: user.authorization })).statusCode).toBe(200);
  });

  it('needs a token (401)', async () => {
    expect((await send(t, calls.changePassword, { body: { current_password: 'Passw0rd!', password: 'Chang3d!pass', confirm_password: 'Chang3d!pass' } })).statusCode).toBe(401);
  });
});
