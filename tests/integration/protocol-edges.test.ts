import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REDACTED, buildPath, calls, upstreamPages } from '@tapcard/shared/contract';
import { DEMO_ORGANISER, attendeeOf, createLiveEvent, register } from '../support/event-setup.js';
import { createServerPair } from '../support/processes.js';
import type { ServerPair, ServerProcess } from '../support/processes.js';
import { makePng } from '../e2e/support/png.js';

/**
 * The reference upstream (its own PostgreSQL schema under DATABASE_URL, else PGlite) and a gateway as
 * real processes logging at info, the browser's calls through the gateway: Expect: 100-continue, NUL characters, Cache-Control, and both log streams
 * never showing an attendee's or a reset token.
 */

let upstream: ServerProcess;
let gateway: ServerProcess;
let pair: ServerPair | undefined;
let tid: string;
let organiser: string;
let chatBody: (message: string) => string;

beforeAll(async () => {
  pair = await createServerPair('edges', {
    origin: 'http://edges.test',
    upstream: { logLevel: 'info' },
    gateway: { logLevel: 'info', env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' } },
  });
  ({ upstream, gateway } = pair);
  await upstream.start(300_000);
  await gateway.start(300_000);
  const event = await createLiveEvent(upstream.url, 10, `Edges ${Date.now()}`);
  organiser = event.authorization;
  tid = await register(upstream.url, event, 1, `edges${Date.now()}`);
  const { attendeeId } = await attendeeOf(upstream.url, tid);
  chatBody = (message) => JSON.stringify({ event_id: event.eventId, attendee_id: attendeeId, message, image: '' });
});
afterAll(() => pair?.stop());

const api = (path: string) => `${gateway.url}/api${path}`;
const json = { 'content-type': 'application/json' };

/** A request the way curl sends a body over 1 MB: Expect: 100-continue, the body once the server says so. */
function withExpect(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length), expect: '100-continue' } });
    req.on('continue', () => req.end(body));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cache: res.headers['cache-control'] }));
    });
    req.on('error', reject);
  });
}

function form(fields: Record<string, string>, file: Buffer): { headers: Record<string, string>; body: Buffer } {
  const boundary = 'edges-boundary-7f3a';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      ...parts,
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

// A real PNG followed by padding (the upstream decodes uploads; bytes after a PNG's end are ignored).
const BIG_PNG = Buffer.concat([makePng(), Buffer.alloc(1_200_000, 1)]);

describe('through the gateway to the reference upstream', () => {
  test('Expect: 100-continue: a JSON post and a 1.2 MB upload succeed, a bad body is a 400', async () => {
    const chat = await withExpect(api(buildPath(calls.chat.path, { id: tid })), json, Buffer.from(chatBody('hello with expect')));
    expect(chat.status, chat.body).toBe(200);
    const upload = form({ folder: 'profile', name: 'big.png' }, BIG_PNG);
    const uploaded = await withExpect(api(calls.uploadFile.path), upload.headers, upload.body);
    expect(uploaded.status, uploaded.body).toBe(200);
    const bad = await withExpect(api(calls.findEvents.path), json, Buffer.from('{"title":'));
    expect(bad.status, bad.body).toBe(400);
  });

  test('a NUL character in a path, a query, a JSON body or a multipart field is a 400 naming the field', async () => {
    const field = async (res: Response) => ({ status: res.status, errors: ((await res.json()) as { errors?: { field: string }[] }).errors?.map((e) => e.field) });
    expect(await field(await fetch(api('/event/public/api/token/a%00b')))).toEqual({ status: 400, errors: ['id'] });
    expect(await field(await fetch(api(`${calls.openEvent.path}?id=a%00b`)))).toEqual({ status: 400, errors: ['id'] });
    expect(await field(await fetch(api(calls.findEvents.path), { method: 'POST', headers: json, body: JSON.stringify({ title: 'a\u0000b' }) }))).toEqual({ status: 400, errors: ['title'] });
    const upload = form({ folder: 'profile', name: 'a\u0000b.png' }, BIG_PNG.subarray(0, 64));
    const res = await fetch(api(calls.uploadFile.path), { method: 'POST', headers: upload.headers, body: new Uint8Array(upload.body) });
    expect(await field(res)).toEqual({ status: 400, errors: ['name'] });
  });

  test("answers with an attendee's token data or personal data arrive no-store", async () => {
    const token = await fetch(api(buildPath(calls.eventToken.path, { id: tid })));
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    for (const call of [calls.getCard, calls.userProfile, calls.getContacts]) {
      const res = await fetch(api(call.path), { headers: { authorization: organiser } });
      expect(res.headers.get('cache-control'), `${call.method} ${call.path}`).toBe('no-store');
    }
  });

  test('neither log stream shows an attendee token or a reset token, while the calls still work', async () => {
    const fromUpstream = upstream.output().length;
    const fromGateway = gateway.output().length;
    expect((await fetch(api(buildPath(calls.eventToken.path, { id: tid })))).status).toBe(200);
    const post = await fetch(api(buildPath(calls.chat.path, { id: tid })), { method: 'POST', headers: json, body: chatBody('log check') });
    expect(post.status).toBe(200);
    await (await fetch(`${gateway.url}/event/u/arena/${tid}`, { headers: { accept: 'text/html' } })).arrayBuffer();

    expect((await fetch(api(calls.forgotPassword.path), { method: 'POST', headers: json, body: JSON.stringify({ email: DEMO_ORGANISER.email }) })).status).toBe(200);
    const outbox = (await (await fetch(`${upstream.url}${upstreamPages.devOutbox}?to=${encodeURIComponent(DEMO_ORGANISER.email)}`)).json()) as { data: { text: string }[] };
    const reset = /\/reset-password\/([^/\s]+)\//.exec(outbox.data[0]?.text ?? '')?.[1];
    expect(reset).toBeDefined();
    await (await fetch(`${gateway.url}/reset-password/${reset}/`, { headers: { accept: 'text/html' } })).arrayBuffer();
    const password = 'Edges4567!';
    const done = await fetch(api(calls.resetPassword.path), { method: 'POST', headers: json, body: JSON.stringify({ token: reset, password, confirm_password: password }) });
    expect(done.status, await done.clone().text()).toBe(200);

    const completed = (text: string) => (text.match(/"request completed"/g) ?? []).length;
    // Wait for every call's completion line: 6 on the gateway, 5 on the upstream (the outbox read is direct).
    const until = Date.now() + 30_000;
    while (completed(gateway.output().slice(fromGateway)) < 6 || completed(upstream.output().slice(fromUpstream)) < 5) {
      if (Date.now() > until) throw new Error('the request logs did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logs = () => `${upstream.output().slice(fromUpstream)}\n${gateway.output().slice(fromGateway)}`;
    expect(logs()).toContain(REDACTED);
    expect(logs()).not.toContain(tid);
    expect(logs()).not.toContain(reset);
  });
});
