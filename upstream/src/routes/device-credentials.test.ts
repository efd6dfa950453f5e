import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { mintCards, type MintedCard } from '../cli/mint-cards.js';
import { DEVICE_COOKIE } from '../lib/device-credential.js';
import { LIMITS } from '@tapcard/shared/constants';
import { answerOf, send } from '../test/contract.js';
import { fromIp, wizardBody } from '../test/cards.js';
import { createTestUpstream, createUser, type TestUpstream } from '../test/harness.js';

/**
 * Device credentials (lib/device-credential.ts): a device that proved itself for an account, a sign-up
 * or a card before keeps a budget of its own, so strangers guessing from many addresses lock out
 * only unknown devices.
 */

let t: TestUpstream;
beforeAll(async () => {
  t = await createTestUpstream();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const TOO_MANY = { success: 'false', message: 'Too many attempts. Please try again later.', data: null };
const uniqueEmail = () => `device-${randomBytes(6).toString('hex')}@example.com`;
const otherToken = (token: string) => (token === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');

/** The device cookie an answer set, as the request header a browser sends back; throws when none. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) throw new Error('no device cookie set');
  return line.split(';', 1)[0] ?? '';
}

/** `perAddress` requests from each of `addresses` new addresses, in parallel: strangers attacking. */
async function flood(addresses: number, perAddress: number, one: (headers: Record<string, string>) => Promise<LightMyRequestResponse>): Promise<number[]> {
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: addresses }, async () => {
      const headers = fromIp();
      for (let i = 0; i < perAddress; i++) statuses.push((await one(headers)).statusCode);
    }),
  );
  return statuses;
}

async function mint(): Promise<MintedCard> {
  const [card] = await mintCards(t.db, { count: 1, type: 'nfc', publicUrl: t.config.publicUrl });
  if (!card) throw new Error('no card minted');
  return card;
}

async function lastMail(email: string): Promise<string> {
  return (await t.outbox(email)).at(-1)?.text ?? '';
}

async function resetTokenOf(email: string): Promise<string> {
  const token = new RegExp(`${t.config.publicUrl}/reset-password/([A-Za-z0-9_-]+)/`).exec(await lastMail(email))?.[1];
  if (!token) throw new Error('no reset link mailed');
  return token;
}

/** Signs `user` in from a phone of its own: the phone's address and the device cookie the sign-in set. */
async function phoneOf(user: { email: string; password: string }): Promise<{ headers: Record<string, string>; token: string }> {
  const address = fromIp();
  const res = await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: address });
  expect(res.statusCode).toBe(200);
  const answer = answerOf(calls.login, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return { headers: { ...address, cookie: deviceCookie(res) }, token: answer.data.access_token };
}

const login = (user: { email: string }, password: string, headers: Record<string, string>) => send(t, calls.login, { body: { email: user.email, password }, headers });

/** Each password check is a real scrypt: a 60-guess attack takes a while on a busy machine. */
const SLOW = { timeout: 240_000 };

describe('login', SLOW, () => {
  it('lets a phone that signed in before in during a 60-guess attack from 12 addresses, and refuses a new device with 429', async () => {
    const user = await createUser(t);
    const phone = await phoneOf(user);
    const statuses = await flood(12, 5, (headers) => login(user, 'Wrong-pass1', headers));
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.loginCeiling.max);
    const stranger = await login(user, user.password, fromIp());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual(TOO_MANY);
    // The phone, from another address too (it moved from Wi-Fi to mobile data).
    expect((await login(user, user.password, phone.headers)).statusCode).toBe(200);
    expect((await login(user, user.password, { ...fromIp(), cookie: phone.headers.cookie ?? '' })).statusCode).toBe(200);
  });

  it('sets the cookie HttpOnly, SameSite=Lax, for a year, Secure only over https', async () => {
    const user = await createUser(t);
    const plain = await login(user, user.password, fromIp());
    const line = String(plain.headers['set-cookie']);
    expect(line).toMatch(new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax$`));
    const secure = await login(user, user.password, { ...fromIp(), 'x-forwarded-proto': 'https' });
    expect(String(secure.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    // A failed sign-in sets nothing.
    expect((await login(user, 'Wrong-pass1', fromIp())).headers['set-cookie']).toBeUndefined();
  });

  it('keeps the device cookie through logout: the signed-out phone is still known', async () => {
    const user = await createUser(t);
    const phone = await phoneOf(user);
    const out = await send(t, calls.logout, { authorization: `Bearer ${phone.token}`, headers: phone.headers });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toBeUndefined();
    await flood(12, 5, (headers) => login(user, 'Wrong-pass1', headers));
    expect((await login(user, user.password, fromIp())).statusCode).toBe(429);
    expect((await login(user, user.password, phone.headers)).statusCode).toBe(200);
  });

  it('counts a forged, tampered or other account\'s device cookie as unknown', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const phone = await phoneOf(user);
    const othersPhone = await phoneOf(other);
    await flood(12, 5, (headers) => login(user, 'Wrong-pass1', headers));
    const cookie = phone.headers.cookie ?? '';
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${cookie.slice(0, -1)}${last}`;
    const [, value = ''] = cookie.split('=');
    const [issued = '', nonce = '', mac = ''] = value.split('.');
    const otherNonce = `${nonce.slice(0, -1)}${nonce.at(-1) === 'A' ? 'B' : 'A'}`;
    const forged = [
      tampered,
      `${DEVICE_COOKIE}=${issued}.${otherNonce}.${mac}`,
      `${DEVICE_COOKIE}=${(parseInt(issued, 36) + 1).toString(36)}.${nonce}.${mac}`,
      `${DEVICE_COOKIE}=${issued}.${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      othersPhone.headers.cookie ?? '',
    ];
    for (const fake of forged) expect((await login(user, user.password, { ...fromIp(), cookie: fake })).statusCode).toBe(429);
    expect((await login(user, user.password, phone.headers)).statusCode).toBe(200);
  });

  it('locks a device cookie used for too many failures on its own, not the account\'s other devices', async () => {
    const user = await createUser(t);
    const stolen = await phoneOf(user);
    const phone = await phoneOf(user);
    for (let i = 0; i < LIMITS.loginDevice.max; i++) expect((await login(user, 'Wrong-pass1', stolen.headers)).statusCode).toBe(401);
    expect((await login(user, user.password, stolen.headers)).statusCode).toBe(429);
    // Its failures filled neither the account's ceiling nor another device's budget.
    expect((await login(user, user.password, phone.headers)).statusCode).toBe(200);
    expect((await login(user, user.password, fromIp())).statusCode).toBe(200);
  });

  it('evaluates exactly a known device\'s budget of 50 parallel wrong passwords', async () => {
    const user = await createUser(t);
    const phone = await phoneOf(user);
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(user, 'Wrong-pass1', phone.headers)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(LIMITS.loginDevice.max);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - LIMITS.loginDevice.max);
  });

  it('holds the account\'s ceiling exactly against 50 parallel guesses from 50 addresses', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 60 }, () => login(user, 'Wrong-pass1', fromIp())));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(LIMITS.loginCeiling.max);
  });
});

describe('password reset during a flood of reset requests', SLOW, () => {
  const forgot = (email: string, headers: Record<string, string>) => send(t, calls.forgotPassword, { body: { email }, headers });
  const floodResets = (email: string) => flood(4, LIMITS.emailSend.max, (headers) => forgot(email, headers));

  it('keeps a link mailed before the flood working', async () => {
    const user = await createUser(t);
    expect((await forgot(user.email, fromIp())).statusCode).toBe(200);
    const token = await resetTokenOf(user.email);
    const statuses = await floodResets(user.email);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.emailSendCeiling.max - 1);
    const reset = await send(t, calls.resetPassword, { body: { token, password: 'N3w!secret', confirm_password: 'N3w!secret' }, headers: fromIp() });
    expect(reset.statusCode).toBe(200);
    expect((await login(user, 'N3w!secret', fromIp())).statusCode).toBe(200);
  });

  it('mails the owner\'s known device a link during the flood while a new device is refused', async () => {
    const user = await createUser(t);
    const phone = await phoneOf(user);
    await floodResets(user.email);
    const before = (await t.outbox(user.email)).length;
    expect((await forgot(user.email, fromIp())).statusCode).toBe(429);
    const mine = await forgot(user.email, phone.headers);
    expect(mine.statusCode).toBe(200);
    await expect.poll(async () => (await t.outbox(user.email)).length).toBe(before + 1);
    const reset = await send(t, calls.resetPassword, { body: { token: await resetTokenOf(user.email), password: 'N3w!secret', confirm_password: 'N3w!secret' }, headers: phone.headers });
    expect(reset.statusCode).toBe(200);
  });

  it('gives a known device exactly its own budget of 50 parallel reset requests', async () => {
    const user = await createUser(t);
    const phone = await phoneOf(user);
    const answers = await Promise.all(Array.from({ length: 50 }, () => forgot(user.email, phone.headers)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(LIMITS.emailSendDevice.max);
  });

  it('ends the links still out when the password is changed', async () => {
    const user = await createUser(t);
    expect((await forgot(user.email, fromIp())).statusCode).toBe(200);
    const token = await resetTokenOf(user.email);
    const changed = await send(t, calls.changePassword, { body: { current_password: user.password, password: 'Chang3d!pass', confirm_password: 'Chang3d!pass' }, authorization: user.authorization });
    expect(changed.statusCode).toBe(200);
    const reset = await send(t, calls.resetPassword, { body: { token, password: 'N3w!secret', confirm_password: 'N3w!secret' } });
    expect(reset.statusCode).toBe(400);
    expect((await login(user, 'Chang3d!pass', fromIp())).statusCode).toBe(200);
  });

  it('makes the device that reset the password a known one', async () => {
    const user = await createUser(t);
    expect((await forgot(user.email, fromIp())).statusCode).toBe(200);
    const address = fromIp();
    const reset = await send(t, calls.resetPassword, { body: { token: await resetTokenOf(user.email), password: 'N3w!secret', confirm_password: 'N3w!secret' }, headers: address });
    const device = { ...address, cookie: deviceCookie(reset) };
    await flood(12, 5, (headers) => login(user, 'Wrong-pass1', headers));
    expect((await login(user, 'N3w!secret', fromIp())).statusCode).toBe(429);
    expect((await login(user, 'N3w!secret', device)).statusCode).toBe(200);
  });
});

describe('sign-up codes', SLOW, () => {
  const verifyMail = (email: string, headers: Record<string, string>) => send(t, calls.verifyMail, { body: { email }, headers });
  const verifyCode = (email: string, token: string, headers: Record<string, string>) => send(t, calls.verifyCode, { body: { email, token }, headers });
  const codeOf = async (email: string) => /\b(\d{6})\b/.exec(await lastMail(email))?.[1] ?? '';
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  /** The device that starts the sign-up: its address and the cookie verify-mail set. */
  async function starter(email: string): Promise<Record<string, string>> {
    const address = fromIp();
    const res = await verifyMail(email, address);
    expect(res.statusCode).toBe(200);
    return { ...address, cookie: deviceCookie(res) };
  }

  it('lets the device that started the sign-up verify its code after a flood of guesses from 7 addresses, refusing a new device', async () => {
    const email = uniqueEmail();
    const device = await starter(email);
    const code = await codeOf(email);
    const statuses = await flood(7, 5, (headers) => verifyCode(email, wrongCode(code), headers));
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.emailCodeCeiling.max);
    expect((await verifyCode(email, code, fromIp())).statusCode).toBe(429);
    expect((await verifyCode(email, code, device)).statusCode).toBe(200);
  });

  it('mails the starting device a new code during a flood of 20 code requests, refusing a new device', async () => {
    const email = uniqueEmail();
    const device = await starter(email);
    await flood(4, LIMITS.emailSend.max, (headers) => verifyMail(email, headers));
    expect((await verifyMail(email, fromIp())).statusCode).toBe(429);
    expect((await verifyMail(email, device)).statusCode).toBe(200);
    expect((await verifyCode(email, await codeOf(email), device)).statusCode).toBe(200);
  });

  it('keeps the code mailed to the starting device live through a flood of 20 code requests', async () => {
    const email = uniqueEmail();
    const device = await starter(email);
    const code = await codeOf(email);
    await flood(4, LIMITS.emailSend.max, (headers) => verifyMail(email, headers));
    // A device without the sign-up's cookie is compared with the newest code only: not this one.
    const newest = await codeOf(email);
    expect(newest).not.toBe(code);
    expect((await verifyCode(email, code, fromIp())).statusCode).toBe(400);
    expect((await verifyCode(email, code, device)).statusCode).toBe(200);
  });

  it('evaluates exactly the starting device\'s budget of 50 parallel code guesses', async () => {
    const email = uniqueEmail();
    const device = await starter(email);
    const code = await codeOf(email);
    const answers = await Promise.all(Array.from({ length: 50 }, () => verifyCode(email, wrongCode(code), device)));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(LIMITS.emailCodeDevice.max);
    expect((await verifyCode(email, code, device)).statusCode).toBe(429);
  });

  it('does not make a device known for another email', async () => {
    const email = uniqueEmail();
    const device = await starter(uniqueEmail());
    await starter(email);
    await flood(7, 5, (headers) => verifyCode(email, '000000', headers));
    expect((await verifyCode(email, await codeOf(email), device)).statusCode).toBe(429);
  });
});

describe('card activation', SLOW, () => {
  const confirm = (card: MintedCard, token: string, headers: Record<string, string>) =>
    send(t, calls.confirmToken, { body: { card_id: card.id, type: card.type, token }, headers });
  const floodCard = (card: MintedCard) => flood(12, 5, (headers) => confirm(card, otherToken(card.token), headers));

  it('lets the owner\'s signed-in phone add the card during a 60-guess attack from 12 addresses, refusing a new device', async () => {
    const user = await createUser(t);
    const phone = await phoneOf(user);
    const card = await mint();
    const statuses = await floodCard(card);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.cardTokenCeiling.max);
    expect((await confirm(card, card.token, fromIp())).statusCode).toBe(429);
    // Signed in but without the phone's device cookie: unknown.
    const bare = await send(t, calls.addDevice, { body: { card_id: card.id, type: card.type, token: card.token }, authorization: `Bearer ${phone.token}`, headers: fromIp() });
    expect(bare.statusCode).toBe(429);
    const added = await send(t, calls.addDevice, { body: { card_id: card.id, type: card.type, token: card.token }, authorization: `Bearer ${phone.token}`, headers: phone.headers });
    expect(added.statusCode).toBe(200);
  });

  it('lets the device that confirmed the token finish the sign-up during an attack on the card', async () => {
    const card = await mint();
    const email = uniqueEmail();
    const device: Record<string, string> = fromIp();
    const confirmed = await confirm(card, card.token, device);
    expect(confirmed.statusCode).toBe(200);
    device.cookie = deviceCookie(confirmed);
    // The wizard's email step, on the same device: its cookie then holds the card's and the sign-up's entries.
    const mailed = await send(t, calls.verifyMail, { body: { email }, headers: device });
    device.cookie = deviceCookie(mailed);
    await floodCard(card);
    expect((await confirm(card, card.token, fromIp())).statusCode).toBe(429);
    expect((await confirm(card, card.token, device)).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec(await lastMail(email))?.[1] ?? '';
    const verified = answerOf(calls.verifyCode, await send(t, calls.verifyCode, { body: { email, token: code }, headers: device }));
    if (verified.success !== 'true') throw new Error(verified.message);
    // The sign-up sends the token again: counted against this device's budget, not the card's.
    const signedUp = await send(t, calls.signUp, { body: { ...wizardBody(card, email), verification_ticket: verified.data.verification_ticket }, headers: device });
    expect(signedUp.statusCode).toBe(200);
  });

  it('evaluates exactly a known device\'s budget of 50 parallel token guesses', async () => {
    const card = await mint();
    const address = fromIp();
    const device = { ...address, cookie: deviceCookie(await confirm(card, card.token, address)) };
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(card, otherToken(card.token), device)));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(LIMITS.cardTokenDevice.max);
  });
});
