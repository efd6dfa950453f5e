import { describe, expect, it } from 'vitest';
import { upstreamForFile, type TestUpstream } from './test/harness.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

describe('upstream app', () => {
  it('answers health with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'true', message: 'ok' });
  });

  it('answers an unknown route with 404 in the wire shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: 'false', data: null });
  });

  it('answers malformed JSON with 400, not a crash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/healthz', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ success: 'false' });
  });
});
