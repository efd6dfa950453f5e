import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { hashToken } from '../lib/crypto.js';
import { LIMITS } from '@tapcard/shared/constants';
import { answerOf, expectFieldError, send, sendUnchecked } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in with the password as a browser with `userAgent` would; answers the Authorization value. */
async function login(user: { email: string; password: string }, userAgent = CHROME_WINDOWS): Promise<string> {
  const res = await send(t, calls.login, { body: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent } });
  const answer = answerOf(calls.login, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return `${answer.data.token_type} ${answer.data.access_token}`;
}

async function profileStatus(authorization: string): Promise<number> {
  return (await send(t, calls.userProfile, { authorization })).statusCode;
}

async function sessionsOf(authorization: string) {
  const res = await send(t, calls.listSessions, { authorization });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const answer = answerOf(calls.listSessions, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.sessions;
}

describe('logout', () => {
  it("ends the caller's session on the server: the token answers 401 afterwards, also to a second logout", async () => {
    const user = await createUser(t);
    const phone = await login(user, SAFARI_IPHONE);
    const res = await send(t, calls.logout, { authorization: user.authorization });
    expect(res.statusCode).toBe(200);
    expect(answerOf(calls.logout, res).success).toBe('true');
    expect(await profileStatus(user.authorization)).toBe(401);
    expect((await send(t, calls.logout, { authorization: user.authorization })).statusCode).toBe(401);
    // Only that session ended.
    expect(await profileStatus(phone)).toBe(200);
  });

  it('needs a token (401)', async () => {
    expect((await send(t, calls.logout)).statusCode).toBe(401);
  });
});

describe('change-password asks for the current password', () => {
  const next = { password: 'Chang3d!pass', confirm_password: 'Chang3d!pass' };

  it('refuses a missing or wrong current password with 400 on current_password and keeps the password and sessions', async () => {
    const user = await createUser(t);
    expectFieldError(await sendUnchecked(t, calls.changePassword, { authorization: user.authorization, body: next }), 'current_password', 'Enter your current password');
    expectFieldError(
      await send(t, calls.changePassword, { authorization: user.authorization, body: { ...next, current_password: 'Wrong-pass1' } }),
      'current_password',
      'Current password is incorrect',
    );
    expect(await profileStatus(user.authorization)).toBe(200);
    expect((await send(t, calls.login, { body: { email: user.email, password: next.password } })).statusCode).toBe(401);
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password } })).statusCode).toBe(200);
  });

  it('lets at most the limit of 50 parallel wrong current passwords be evaluated; the rest are 429', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(t, calls.changePassword, { authorization: user.authorization, body: { ...next, current_password: `Wrong-pass${i}` } }),
      ),
    );
    const evaluated = answers.filter((res) => res.statusCode === 400);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(LIMITS.login.max);
    for (const res of evaluated) expect(res.json()).toMatchObject({ errors: [{ field: 'current_password', message: 'Current password is incorrect' }] });
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(50 - evaluated.length);
    // Even the right one is refused until the window ends; the password is unchanged.
    const right = { ...next, current_password: user.password };
    expect((await send(t, calls.changePassword, { authorization: user.authorization, body: right })).statusCode).toBe(429);
    expect((await send(t, calls.login, { body: { email: user.email, password: user.password } })).statusCode).toBe(200);
    t.clock.advance(LIMITS.login.windowMs + 1000);
    try {
      expect((await send(t, calls.changePassword, { authorization: user.authorization, body: right })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(LIMITS.login.windowMs + 1000));
    }
  });

  it('with the right current password sets the new one and still ends every session', async () => {
    const user = await createUser(t);
    const phone = await login(user, SAFARI_IPHONE);
    const res = await send(t, calls.changePassword, { authorization: user.authorization, body: { ...next, current_password: user.password } });
    expect(res.statusCode).toBe(200);
    expect(await profileStatus(user.authorization)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect((await send(t, calls.login, { body: { email: user.email, password: next.password } })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the live sessions newest first with their devices, marking the current one, and never a token', async () => {
    const user = await createUser(t);
    const laptop = await login(user, CHROME_WINDOWS);
    t.clock.advance(1000);
    const phone = await login(user, SAFARI_IPHONE);
    t.clock.advance(-1000);
    const sessions = await sessionsOf(laptop);
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iOS', false],
      ['Chrome on Windows', true],
      ['', false],
    ]);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(3);
    const body = JSON.stringify(sessions);
    for (const token of [laptop, phone, user.authorization].map((a) => a.split(' ')[1]!)) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(hashToken(token));
    }
    expect((await sessionsOf(phone)).map((s) => s.current)).toEqual([true, false, false]);
  });

  it('records the last use at most about once a minute', async () => {
    const user = await createUser(t);
    const laptop = await login(user);
    const signedIn = (await sessionsOf(laptop)).find((s) => s.current)!;
    expect(signedIn.last_used_at).toBe(signedIn.created_at);
    t.clock.advance(30_000);
    try {
      expect((await sessionsOf(laptop)).find((s) => s.current)?.last_used_at).toBe(signedIn.created_at);
      t.clock.advance(31_000);
      const before = t.clock.now().getTime();
      const touched = Date.parse((await sessionsOf(laptop)).find((s) => s.current)!.last_used_at);
      expect(touched).toBeGreaterThanOrEqual(before);
      expect(touched).toBeLessThanOrEqual(t.clock.now().getTime());
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it("ends one of the owner's other sessions: its token answers 401, the current one still works", async () => {
    const user = await createUser(t);
    const laptop = await login(user, CHROME_WINDOWS);
    const phone = await login(user, SAFARI_IPHONE);
    const target = (await sessionsOf(laptop)).find((s) => s.device === 'Safari on iOS')!;
    const res = await send(t, calls.endSession, { authorization: laptop, params: { sessionId: target.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(target.id);
    expect((await send(t, calls.endSession, { authorization: laptop, params: { sessionId: target.id } })).statusCode).toBe(404);
  });

  it("answers 404 for another user's session id and leaves that session alive", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const [theirs] = await sessionsOf(stranger.authorization);
    const res = await send(t, calls.endSession, { authorization: owner.authorization, params: { sessionId: theirs!.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: 'false', message: 'Session not found', data: null });
    expect((await send(t, calls.endSession, { authorization: owner.authorization, params: { sessionId: randomBytes(16).toString('hex') } })).json()).toEqual(res.json());
    expect(await profileStatus(stranger.authorization)).toBe(200);
  });

  it('signs out every other session at once and keeps the current one', async () => {
    const user = await createUser(t);
    const laptop = await login(user, CHROME_WINDOWS);
    const phone = await login(user, SAFARI_IPHONE);
    const res = await send(t, calls.endOtherSessions, { authorization: laptop });
    const answer = answerOf(calls.endOtherSessions, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.ended).toBe(2);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(user.authorization)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a token (401)', async () => {
    expect((await send(t, calls.listSessions)).statusCode).toBe(401);
    expect((await send(t, calls.endOtherSessions)).statusCode).toBe(401);
    expect((await send(t, calls.endSession, { params: { sessionId: 'x' } })).statusCode).toBe(401);
  });
});
