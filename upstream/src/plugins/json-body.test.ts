import { describe, expect, it } from 'vitest';
import { calls, upstreamPages } from '@tapcard/shared/contract';
import { upstreamForFile, type TestUpstream } from '../test/harness.js';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, nestedDeeperThan } from './json-body.js';
import { nulField } from './text-input.js';

/** A 100 kB body can nest 50,000 levels: refused before anything walks it, and the server goes on serving. */

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const nested = (levels: number) => `{"email":${'['.repeat(levels)}${']'.repeat(levels)},"password":"x"}`;
const post = (payload: string) =>
  t.app.inject({ method: 'POST', url: calls.login.path, headers: { 'content-type': 'application/json' }, payload });

describe('deeply nested JSON bodies', () => {
  it('a 50,000-level body answers 400 with its reason, and the next request is served', async () => {
    const body = nested(50_000);
    expect(body.length).toBeLessThan(101_000);
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: 'false', message: TOO_DEEP_MESSAGE, data: null, errors: [{ field: 'body', message: TOO_DEEP_MESSAGE }] });
    expect((await t.app.inject({ method: 'GET', url: upstreamPages.health })).statusCode).toBe(200);
  });

  it('50 of them in parallel are each refused, and the server still answers', async () => {
    const body = nested(50_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 400));
    expect((await t.app.inject({ method: 'GET', url: upstreamPages.health })).statusCode).toBe(200);
  });

  it(`a body of ${MAX_JSON_DEPTH} levels is still read and validated as usual`, async () => {
    // Not too deep: validation answers, naming the field.
    const res = await post(nested(MAX_JSON_DEPTH - 1));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).not.toBe(TOO_DEEP_MESSAGE);
    expect(res.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('email');
  });

  it('counts brackets outside strings only', () => {
    expect(nestedDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestedDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestedDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(nestedDeeperThan(`{"a\\\\":${'['.repeat(5)}${']'.repeat(5)}}`, 3)).toBe(true);
  });
});

describe('the NUL check', () => {
  it('walks a value of any depth without overflowing the stack, first field first', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 50_000; i += 1) deep = { x: deep };
    expect(nulField(deep)?.split('.').length).toBe(50_000);
    expect(nulField({ a: 'ok', b: { 'c\u0000': 1, d: 'n\u0000' }, e: 'n\u0000' })).toBe('b.c');
    expect(nulField({ a: ['ok', 'n\u0000'] })).toBe('a.1');
    expect(nulField({ a: 'ok' })).toBeNull();
  });
});
