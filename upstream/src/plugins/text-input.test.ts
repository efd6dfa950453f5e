import { describe, expect, it } from 'vitest';
import { buildPath, calls, everyCall } from '@tapcard/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { NUL_MESSAGE } from './text-input.js';

/** PostgreSQL refuses U+0000 in text: a NUL anywhere in a request must be a 400 naming the field, never a 500. */

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const NUL = 'a\u0000b';

function expectNulRefused(res: LightMyRequestResponse, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ success: 'false', message: NUL_MESSAGE, data: null, errors: [{ field, message: NUL_MESSAGE }] });
}

const all = everyCall().map(([, call]) => call);

describe('a NUL character in any string of a request', () => {
  it('in a path parameter of any call', async () => {
    for (const call of all.filter((c) => c.params)) {
      for (const name of Object.keys(call.params?.shape ?? {})) {
        const params = Object.fromEntries(Object.keys(call.params?.shape ?? {}).map((key) => [key, key === name ? NUL : 'x']));
        const res = await t.app.inject({ method: call.method, url: buildPath(call.path, params), ...(call.method === 'GET' ? {} : { payload: {} }) });
        expectNulRefused(res, name);
      }
    }
  });

  it('in a query parameter of any call', async () => {
    for (const call of all.filter((c) => c.query)) {
      for (const name of Object.keys(call.query?.shape ?? {})) {
        const path = buildPath(call.path, Object.fromEntries(Object.keys(call.params?.shape ?? {}).map((key) => [key, 'x'])));
        const res = await t.app.inject({ method: call.method, url: `${path}?${name}=a%00b` });
        expectNulRefused(res, name);
      }
    }
  });

  it('in a JSON body, at any depth, in a value or a key', async () => {
    expectNulRefused(await send(t, calls.login, { body: { email: 'ada\u0000@example.com', password: 'Passw0rd!' } }), 'email');
    expectNulRefused(await send(t, calls.hasEmail, { body: { email: NUL } }), 'email');
    expectNulRefused(await send(t, calls.findEvents, { body: { title: NUL } }), 'title');
    expectNulRefused(await send(t, calls.resetPassword, { body: { token: NUL, password: 'Passw0rd!', confirm_password: 'Passw0rd!' } }), 'token');
    expectNulRefused(await send(t, calls.paymentSuccessful, { body: { reference: 'ref-1', extra: { 'k\u0000': 1 } } }), 'extra.k');
    const user = await createUser(t);
    const card = { image: null, title: 'T', description: '', sub_title: 's', fields: [{ label: 'Email', content: NUL, icon: 'email', status: '1', type: 'email' as const, position: '1' }] };
    expectNulRefused(await send(t, calls.saveCard, { authorization: user.authorization, body: card }), 'fields.0.content');
  });

  it('in a multipart field', async () => {
    const form = new FormData();
    form.append('folder', 'profile');
    form.append('name', NUL);
    form.append('file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'a.gif');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: calls.uploadFile.path,
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expectNulRefused(res, 'name');
  });

  it('leaves other control-free text alone', async () => {
    const res = await send(t, calls.findEvents, { body: { title: 'no such event ✓' } });
    expect(res.statusCode).toBe(200);
  });
});
