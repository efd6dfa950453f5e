import { calls } from '@tapcard/shared/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_ORGANISER } from '../support/event-setup.js';
import { createServerPair } from '../support/processes.js';
import type { ServerPair, ServerProcess } from '../support/processes.js';

/**
 * Strangers cannot lock the owner out, through the real gateway and upstream: the organiser's phone
 * signs in once (the upstream sets its device cookie, the gateway passes it on), then strangers from
 * 12 addresses guess 60 wrong passwords. A new device with the right password is refused with the
 * product's 429, while the phone, sending back its cookie as a browser does, still signs in. Client
 * addresses are told to the gateway by X-Forwarded-For, trusted from loopback (TRUST_PROXY), as from a
 * proxy in front of it.
 */

let upstream: ServerProcess;
let gateway: ServerProcess;
let pair: ServerPair | undefined;

beforeAll(async () => {
  pair = await createServerPair('device-lockout', {
    origin: 'http://lockout.test',
    // The ceiling slows guesses down (up to 4 s each) while scrypt runs: no 504 on a busy machine.
    gateway: { env: { TRUST_PROXY: '127.0.0.1,::1', UPSTREAM_TIMEOUT_MS: '120000' } },
  });
  ({ upstream, gateway } = pair);
  // The upstream migrates and seeds a fresh database first: slow on a busy machine.
  await Promise.all([upstream.start(300_000), gateway.start(300_000)]);
}, 360_000);
afterAll(() => pair?.stop());

let lastOctet = 0;
/** A client address of its own (a documentation range, never contacted: only named in a header). */
const address = () => `198.51.100.${++lastOctet}`;

async function login(password: string, from: string, cookie?: string): Promise<Response> {
  return fetch(`${gateway.url}/api${calls.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email: DEMO_ORGANISER.email, password }),
  });
}

test('a phone that signed in before signs in during a 60-guess attack from 12 addresses; a new device gets 429', { timeout: 300_000 }, async () => {
  const phoneAddress = address();
  const first = await login(DEMO_ORGANISER.password, phoneAddress);
  expect(first.status).toBe(200);
  const setCookie = first.headers.getSetCookie().find((line) => line.startsWith('tapcard_device='));
  expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax/);
  const cookie = setCookie?.split(';', 1)[0] ?? '';

  const statuses = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const from = address();
      const mine: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await login('Wrong-pass1', from);
        await res.arrayBuffer();
        mine.push(res.status);
      }
      return mine;
    }),
  );
  const all = statuses.flat();
  expect({ refused: all.filter((s) => s === 401).length, limited: all.filter((s) => s === 429).length }).toEqual({ refused: 50, limited: 10 });

  const stranger = await login(DEMO_ORGANISER.password, address());
  expect(stranger.status).toBe(429);
  expect(await stranger.json()).toEqual({ success: 'false', message: 'Too many attempts. Please try again later.', data: null });

  const phone = await login(DEMO_ORGANISER.password, phoneAddress, cookie);
  expect(phone.status).toBe(200);
  // From another network too: the cookie, not the address, makes the device known.
  expect((await login(DEMO_ORGANISER.password, address(), cookie)).status).toBe(200);
});
