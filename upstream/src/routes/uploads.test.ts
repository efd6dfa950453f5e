import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { calls, upstreamPages } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { answerOf, expectFieldError } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { reserveBytes, uploadBudgetOf } from '../lib/upload-quota.js';
import { fromIp, PNG } from '../test/cards.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(32)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');


interface FilePart {
  data: Buffer;
  name: string;
  type: string;
  field?: string;
}

async function upload(fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = fromIp()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'file', new Blob([f.data], { type: f.type }), f.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: calls.uploadFile.path,
    headers: { ...headers, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const MB = 1024 * 1024;
/** A PNG of `bytes` bytes (its signature, then filler). */
const pngOf = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
/** The bytes of the stored files on disk (temporary files left out). */
const bytesOnDisk = () =>
  filesOnDisk()
    .filter((f) => !f.startsWith('.tmp-'))
    .reduce((sum, f) => sum + statSync(join(t.config.uploadDir, f)).size, 0);

const uploadRows = async () => (await t.db.selectFrom('uploads').select('name').execute()).length;
const filesOnDisk = () => (existsSync(t.config.uploadDir) ? readdirSync(t.config.uploadDir) : []);

describe('uploadFile', () => {
  it('stores an image under a generated name (creating the folder) and serves it back', async () => {
    expect(existsSync(t.config.uploadDir)).toBe(false);
    const res = await upload({ folder: 'profile', name: 'me.png' }, [{ data: PNG, name: '../../evil.svg', type: 'image/svg+xml' }]);
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.uploadFile, res);
    if (answer.success !== 'true') throw new Error(answer.message);
    expect(answer.data.name).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
    expect(answer.data.url).toBe(`/backend/files/${answer.data.name}`);
    expect(readFileSync(join(t.config.uploadDir, answer.data.name)).equals(PNG)).toBe(true);
    const row = await t.db.selectFrom('uploads').selectAll().where('name', '=', answer.data.name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ folder: 'profile', content_type: 'image/png', size: PNG.length });

    const file = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('tells JPEG, GIF and WebP by their content, whatever the declared type', async () => {
    for (const [data, ext, type] of [
      [JPEG, 'jpg', 'image/jpeg'],
      [GIF, 'gif', 'image/gif'],
      [WEBP, 'webp', 'image/webp'],
    ] as const) {
      const res = await upload({ folder: 'events_gallery', name: 'x' }, [{ data, name: 'x.bin', type: 'application/octet-stream' }]);
      const answer = answerOf(calls.uploadFile, res);
      if (answer.success !== 'true') throw new Error(answer.message);
      expect(answer.data.name.endsWith(`.${ext}`)).toBe(true);
      const file = await t.app.inject({ method: 'GET', url: answer.data.url });
      expect(file.headers['content-type']).toBe(type);
    }
  });

  it('refuses SVG and other non-images with Unable to upload image; nothing is stored', async () => {
    const rows = await uploadRows();
    const disk = filesOnDisk().length;
    for (const file of [
      { data: SVG, name: 'x.svg', type: 'image/svg+xml' },
      { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' },
      { data: Buffer.alloc(0), name: 'empty.png', type: 'image/png' },
    ]) {
      expectFieldError(await upload({ folder: 'profile', name: 'x' }, [file]), 'file', 'Unable to upload image');
    }
    expect(await uploadRows()).toBe(rows);
    expect(filesOnDisk().length).toBe(disk);
  });

  it('refuses a file over 10 MB with 413 and the size message; nothing is stored', async () => {
    const rows = await uploadRows();
    const disk = filesOnDisk().length;
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload({ folder: 'profile', name: 'big.png' }, [{ data: big, name: 'big.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: 'false', message: 'Image size must not be larger than 10MB' });
    expect(await uploadRows()).toBe(rows);
    expect(filesOnDisk().length).toBe(disk);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]);
    const res = await upload({ folder: 'profile', name: 'exact.png' }, [{ data: exact, name: 'exact.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a folder outside the allow-list, a missing file, a second file or a JSON body; nothing is stored', async () => {
    const rows = await uploadRows();
    const badFolder = await upload({ folder: '../etc', name: 'x' }, [{ data: PNG, name: 'x.png', type: 'image/png' }]);
    expect(badFolder.statusCode).toBe(400);
    expect((badFolder.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('folder');
    expectFieldError(await upload({ folder: 'profile', name: 'x' }), 'file', 'Unable to upload file');
    const two = await upload({ folder: 'profile', name: 'x' }, [
      { data: PNG, name: 'a.png', type: 'image/png' },
      { data: PNG, name: 'b.png', type: 'image/png' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ success: 'false', message: 'Unable to upload file' });
    const json = await t.app.inject({ method: 'POST', url: calls.uploadFile.path, headers: fromIp(), payload: { folder: 'profile', name: 'x' } });
    expectFieldError(json, 'file', 'Unable to upload file');
    expect(await uploadRows()).toBe(rows);
    expect(filesOnDisk().filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it("answers 'Server error' when the file cannot be stored", async () => {
    const saved = t.config.uploadDir;
    const blocker = join(t.config.dataDir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    t.config.uploadDir = blocker;
    try {
      const res = await upload({ folder: 'profile', name: 'x' }, [{ data: PNG, name: 'x.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: 'false', message: 'Server error', data: null });
    } finally {
      t.config.uploadDir = saved;
    }
  });

  it('is limited per client address', async () => {
    const headers = fromIp();
    for (let i = 0; i < LIMITS.uploads.max; i++) {
      expect((await upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }], headers)).statusCode).toBe(200);
    }
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }], headers)).statusCode).toBe(429);
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }])).statusCode).toBe(200);
  });

  it('lets at most the limit through a burst of parallel uploads from one address', async () => {
    const headers = fromIp();
    const answers = await Promise.all(
      Array.from({ length: LIMITS.uploads.max + 20 }, () => upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }], headers)),
    );
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(LIMITS.uploads.max);
  });
});

describe('upload byte budgets', () => {
  const isQuotaRefusal = (res: { statusCode: number; json(): unknown }) =>
    res.statusCode === 429 && (res.json() as { message?: string }).message === messages.uploadQuotaReached;

  it('stores at most 50 MB of 32 parallel anonymous 2.5 MB uploads from one address; the rest get 429 with the message', async () => {
    const headers = fromIp();
    const before = bytesOnDisk();
    const file = pngOf(2.5 * MB);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => upload({ folder: 'profile', name: 'x' }, [{ data: file, name: 'x.png', type: 'image/png' }], headers)),
    );
    const stored = answers.filter((a) => a.statusCode === 200).length;
    expect(stored).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode !== 200).every(isQuotaRefusal)).toBe(true);
    expect(bytesOnDisk() - before).toBeLessThanOrEqual(50 * 1000 * 1000);
    expect(bytesOnDisk() - before).toBeLessThanOrEqual(LIMITS.uploadBytesAnonymous.max);
    expect(bytesOnDisk() - before).toBe(stored * file.length);
    expect(filesOnDisk().filter((f) => f.startsWith('.tmp-'))).toEqual([]);

    // Another address has a budget of its own.
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: file, name: 'x.png', type: 'image/png' }])).statusCode).toBe(200);
    // The address's budget comes back when its window ends.
    expect(isQuotaRefusal(await upload({ folder: 'profile', name: 'x' }, [{ data: file, name: 'x.png', type: 'image/png' }], headers))).toBe(true);
    t.clock.advance(LIMITS.uploadBytesAnonymous.windowMs);
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: file, name: 'x.png', type: 'image/png' }], headers)).statusCode).toBe(200);
  });

  it('holds the anonymous budget under 50 parallel uploads', async () => {
    const headers = fromIp();
    const before = bytesOnDisk();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => upload({ folder: 'profile', name: 'x' }, [{ data: pngOf(MB), name: 'x.png', type: 'image/png' }], headers)),
    );
    expect(answers.some(isQuotaRefusal)).toBe(true);
    expect(answers.filter((a) => a.statusCode !== 200).every(isQuotaRefusal)).toBe(true);
    expect(bytesOnDisk() - before).toBeLessThanOrEqual(LIMITS.uploadBytesAnonymous.max);
  });

  it('gives back the bytes of an upload that is refused', async () => {
    const headers = fromIp();
    // Each refused upload announces 9 MB; were they kept, the third would be over the budget.
    for (let i = 0; i < 4; i++) {
      const res = await upload({ folder: 'profile', name: 'x' }, [{ data: Buffer.alloc(9 * MB, 1), name: 'x.png', type: 'image/png' }], headers);
      expect(res.statusCode).toBe(400);
    }
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: pngOf(9 * MB), name: 'x.png', type: 'image/png' }], headers)).statusCode).toBe(200);
  });

  it("counts a signed-in person's uploads on their account, not on their address", async () => {
    const user = await createUser(t);
    const spent = fromIp();
    // The address's anonymous budget is spent...
    const budget = uploadBudgetOf(null, spent['x-forwarded-for']);
    expect(await reserveBytes(t.db, budget.key, budget.budget.max, budget.budget, t.clock.now())).not.toBeNull();
    expect(isQuotaRefusal(await upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }], spent))).toBe(true);
    // ...yet the signed-in person uploads from it.
    const signedIn = (headers: Record<string, string>) => ({ ...headers, authorization: user.authorization });
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }], signedIn(spent))).statusCode).toBe(200);

    // The account's budget is one over every address: filled to 3 MB short, 50 parallel 1 MB uploads
    // from 50 addresses store at most 3 MB.
    const account = uploadBudgetOf(user.id, '');
    expect(await reserveBytes(t.db, account.key, LIMITS.uploadBytesAccount.max - 3 * MB - GIF.length, account.budget, t.clock.now())).not.toBeNull();
    const before = bytesOnDisk();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => upload({ folder: 'profile', name: 'x' }, [{ data: pngOf(MB), name: 'x.png', type: 'image/png' }], signedIn(fromIp()))),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.statusCode !== 200).every(isQuotaRefusal)).toBe(true);
    expect(bytesOnDisk() - before).toBeLessThanOrEqual(3 * MB);
    // Anonymous uploads from those addresses are untouched by the account's budget.
    expect((await upload({ folder: 'profile', name: 'x' }, [{ data: GIF, name: 'x.gif', type: 'image/gif' }])).statusCode).toBe(200);
  });
});

describe('files', () => {
  it('answers 404 for unknown and malformed names, never a file outside the uploads', async () => {
    writeFileSync(join(t.config.dataDir, 'secret.txt'), 'secret');
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAA.png', '..%2Fsecret.txt', '..%2F..%2Fetc%2Fpasswd', '.tmp-AAAAAAAAAAAAAAAAAAAAAA', 'secret.txt']) {
      const res = await t.app.inject({ method: 'GET', url: upstreamPages.files.replace(':name', name) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });

  it('answers 404 when the recorded file is gone from disk', async () => {
    const name = `${randomBytes(16).toString('base64url')}.png`;
    await t.db.insertInto('uploads').values({ name, folder: 'profile', content_type: 'image/png', size: 1 }).execute();
    expect((await t.app.inject({ method: 'GET', url: `/backend/files/${name}` })).statusCode).toBe(404);
  });
});
