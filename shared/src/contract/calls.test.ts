import { describe, expect, it } from 'vitest';
import { calls } from './calls.js';
import { buildPath } from './core.js';
import { everyCall } from './every-call.js';

describe('the contract calls', () => {
  it('builds a call on first use and keeps it: every use parses with the same schemas', () => {
    const unused = Object.getOwnPropertyDescriptor(calls, 'getOrder');
    expect(unused?.get, 'a call nobody used yet is not built').toBeTypeOf('function');

    const first = calls.eventToken;
    expect(calls.eventToken).toBe(first);
    expect(Object.getOwnPropertyDescriptor(calls, 'eventToken')).toMatchObject({ value: first, writable: false });
    expect(first).toMatchObject({ method: 'GET', path: '/event/public/api/token/:id', auth: 'none' });
  });

  it('lists every call when enumerated, each with its path and answer', () => {
    const all = everyCall();
    expect(all.length).toBeGreaterThanOrEqual(66);
    for (const [name, call] of all) {
      expect(call.path, name).toMatch(/^\//);
      expect(call.answer, name).toBeTruthy();
    }
    expect(new Set(all.map(([, call]) => `${call.method} ${call.path}`)).size).toBe(all.length);
  });

  it('a built call still validates answers', () => {
    const parsed = calls.eventToken.answer.safeParse({ success: 'false', message: 'Not found.', data: null });
    expect(parsed.success).toBe(true);
    expect(calls.eventToken.answer.safeParse({ success: 'maybe' }).success).toBe(false);
    expect(buildPath(calls.eventToken.path, { id: 'a/b' })).toBe('/event/public/api/token/a%2Fb');
  });
});
