import { describe, expect, it } from 'vitest';
import { buildPath, calls, everyCall } from '@tapcard/shared/contract';
import { send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';

/** Answers carry tokens and personal data: no browser or shared cache may keep them. */

let t: TestUpstream;
upstreamForFile((started) => (t = started));

describe('Cache-Control of upstream answers', () => {
  it("is no-store on the signed-in user's profile, card, contacts and sessions", async () => {
    const user = await createUser(t);
    for (const call of [calls.userProfile, calls.getCard, calls.getContacts, calls.listSessions, calls.listEvents]) {
      const res = await send(t, call, { authorization: user.authorization });
      expect(res.statusCode, `${call.method} ${call.path}`).toBeLessThan(500);
      expect(res.headers['cache-control'], `${call.method} ${call.path}`).toBe('no-store');
    }
  });

  it('is no-store on every call of the contract, whatever it answers (success, 4xx, unknown token)', async () => {
    const user = await createUser(t);
    for (const [, call] of everyCall()) {
      const params = Object.fromEntries(Object.keys(call.params?.shape ?? {}).map((key) => [key, 'unknown-id']));
      const res = await t.app.inject({
        method: call.method,
        url: buildPath(call.path, params),
        headers: { authorization: user.authorization },
        ...(call.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.headers['cache-control'], `${call.method} ${call.path} (${res.statusCode})`).toBe('no-store');
    }
  });

  it('is no-store on a route that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
