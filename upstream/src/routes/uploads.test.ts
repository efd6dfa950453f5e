import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { calls, upstreamPages } from '@tapcard/shared/contract';
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, messages } from '@tapcard/shared/rules';
import { answerOf, expectFieldError } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { reserveBytes, uploadBudgetOf } from '../lib/upload-quota.js';
import { IMAGE_MAX_INPUT_PIXELS } from '../lib/image-variants.js';
import { variantFileName } from '../lib/multipart.js';
import { fromIp, PNG } from '../test/cards.js';
import { photo } from '../test/images.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  [JPEG, WEBP] = await Promise.all([photo(8, 8).jpeg().toBuffer(), photo(8, 8).webp().toBuffer()]);
});
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');


interface FilePart {
  data: Buffer;
  name: string;
  type: string;
  field?: string;
}

/** A multipart body of the text fields and files, as a browser sends it. */
async function formBody(fields: Record<string, string>, files: FilePart[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'file', new Blob([f.data], { type: f.type }), f.name);
  const encoded = new Response(form);
  return { contentType: encoded.headers.get('content-type') ?? '', payload: Buffer.from(await encoded.arrayBuffer()) };
}

async function upload(fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = fromIp()) {
  const { contentType, payload } = await formBody(fields, files);
  return t.app.inject({ method: 'POST', url: calls.uploadFile.path, headers: { ...headers, 'content-type': contentType }, payload });
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

describe('image variants', () => {
  /** The uploaded file's answer, or the test fails with its message. */
  const stored = async (data: Buffer, headers = fromIp()) => {
    const answer = answerOf(calls.uploadFile, await upload({ folder: 'events_banner', name: 'x' }, [{ data, name: 'x.jpg', type: 'image/jpeg' }], headers));
    if (answer.success !== 'true') throw new Error(answer.message);
    return answer.data;
  };
  const fetchWidth = (url: string, width: (typeof IMAGE_VARIANT_WIDTHS)[number]) => t.app.inject({ method: 'GET', url: imageVariantUrl(url, width) });
  const variantsOnDisk = (name: string) => IMAGE_VARIANT_WIDTHS.filter((width) => existsSync(join(t.config.uploadDir, variantFileName(name, width))));
  const budgetCount = async (key: string) => (await t.db.selectFrom('throttles').select('count').where('key', '=', key).executeTakeFirst())?.count;

  it('makes a WebP copy of a large photo at every width, served at ?w= like the original, which stays as it was', async () => {
    const big = await photo(3000, 2000).jpeg({ quality: 92 }).toBuffer();
    expect(big.length).toBeGreaterThan(2 * MB);
    const { name, url } = await stored(big);
    expect(variantsOnDisk(name)).toEqual([...IMAGE_VARIANT_WIDTHS]);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const file = await fetchWidth(url, width);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toMatch(/max-age=31536000/);
      const meta = await sharp(file.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: Math.round((width * 2000) / 3000) });
    }
    // What a 64 px avatar loads is a small fraction of the photo.
    expect((await fetchWidth(url, 96)).rawPayload.length).toBeLessThan(big.length / 100);
    const original = await t.app.inject({ method: 'GET', url });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(big)).toBe(true);
  });

  it('never makes a copy wider than the image: a wider width answers the original', async () => {
    const png = await photo(300, 300).png().toBuffer();
    const { name, url } = await stored(png);
    expect(variantsOnDisk(name)).toEqual([96, 256]);
    const small = await fetchWidth(url, 256);
    expect(small.headers['content-type']).toBe('image/webp');
    for (const width of [640, 1280] as const) {
      const file = await fetchWidth(url, width);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
    }
  });

  it('answers an upload stored before variants with its original at every width', async () => {
    const name = `${randomBytes(16).toString('base64url')}.png`;
    const png = await photo(1600, 900).png().toBuffer();
    await t.db.insertInto('uploads').values({ name, folder: 'events_banner', content_type: 'image/png', size: png.length }).execute();
    writeFileSync(join(t.config.uploadDir, name), png);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const file = await fetchWidth(`/backend/files/${name}`, width);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
    }
  });

  it('answers 404 for a width it does not make', async () => {
    const { url } = await stored(await photo(200, 200).jpeg().toBuffer());
    for (const query of ['w=97', 'w=2560', 'w=', 'w=96&w=256', 'w=abc']) {
      expect((await t.app.inject({ method: 'GET', url: `${url}?${query}` })).statusCode).toBe(404);
    }
  });

  it('refuses a decompression bomb and a file disguised as an image with Unable to upload image; nothing is stored, the bytes come back', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(8000 * 8000).toBeGreaterThan(IMAGE_MAX_INPUT_PIXELS);
    expect(bomb.length).toBeLessThan(MB);
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>'), randomBytes(2048)]);
    const headers = fromIp();
    const key = uploadBudgetOf(null, headers['x-forwarded-for']).key;
    const rows = await uploadRows();
    const disk = filesOnDisk().length;
    for (const data of [bomb, disguised]) {
      expectFieldError(await upload({ folder: 'profile', name: 'x' }, [{ data, name: 'x.png', type: 'image/png' }], headers), 'file', 'Unable to upload image');
    }
    expect(await uploadRows()).toBe(rows);
    expect(filesOnDisk().length).toBe(disk);
    expect(await budgetCount(key)).toBe(0);
  });

  it("counts the copies on the uploader's budget, and refuses an upload whose copies do not fit", async () => {
    const headers = fromIp();
    const { key, budget } = uploadBudgetOf(null, headers['x-forwarded-for']);
    const image = await photo(1400, 1000).jpeg({ quality: 60 }).toBuffer();
    const { name } = await stored(image, headers);
    const copies = variantsOnDisk(name).reduce((sum, width) => sum + statSync(join(t.config.uploadDir, variantFileName(name, width))).size, 0);
    expect(copies).toBeGreaterThan(0);
    expect(await budgetCount(key)).toBe(image.length + copies);

    // Room for the file's own bytes and not for its copies.
    const fresh = fromIp();
    const other = uploadBudgetOf(null, fresh['x-forwarded-for']);
    const { payload } = await formBody({ folder: 'events_banner', name: 'x' }, [{ data: image, name: 'x.jpg', type: 'image/jpeg' }]);
    const filled = budget.max - payload.length;
    expect(await reserveBytes(t.db, other.key, filled, other.budget, t.clock.now())).not.toBeNull();
    const rows = await uploadRows();
    const disk = filesOnDisk().length;
    const refused = await upload({ folder: 'events_banner', name: 'x' }, [{ data: image, name: 'x.jpg', type: 'image/jpeg' }], fresh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: 'false', message: messages.uploadQuotaReached });
    expect(await uploadRows()).toBe(rows);
    expect(filesOnDisk().length).toBe(disk);
    expect(await budgetCount(other.key)).toBe(filled);
  });
});
