import { expect, it } from 'vitest';
import { avatarFor } from '@tapcard/shared/domain';
import { describeMigration } from '../test/migrations.js';

// The migration's own SQL, run once.
describeMigration('migration 026 (own images only)', (database) => {
  const upload = '/backend/files/AbCdEfGhIjKlMnOpQrStUv.png';
  const avatar = avatarFor('Ada Lovelace');

  // Migrating a fresh embedded database step by step is slow on a busy machine.
  it("keeps the product's own images, turns absolute URLs of uploads into their path and clears links to other hosts", { timeout: 300_000 }, async () => {
    const migrator = database.migrator();
    expect((await migrator.migrateTo('023_owner_card')).error).toBeUndefined();
    const db = database.db();
    const users = {
      foreign: 'https://tracker.example/pixel.png',
      own: upload,
      inline: avatar,
      absolute: `https://tapcard.example/api${upload}`,
      relative: '/images/logo.png',
      none: null,
    };
    for (const [id, image] of Object.entries(users)) {
      await db.insertInto('users').values({ id, email: `${id}@example.com`, name: id, password_hash: 'x', auth_type: 'Email', image, description: '' }).execute();
      await db
        .insertInto('card_profiles')
        .values({ id: `p-${id}`, user_id: id, link: `link-${id}`, title: 't', sub_title: '', description: '', image, phone: '', updated_at: new Date() })
        .execute();
      await db
        .insertInto('services')
        .values({ id: `s-${id}`, profile_id: `p-${id}`, service_image: image, service_name: 's', service_description: '', phone: '', link: '', enable_enquiry: false })
        .execute();
    }
    const event = { user_id: 'own', title: 'T', description: '', location: '', start_date: new Date(), end_date: null, updated_at: new Date() };
    await db.insertInto('events').values({ ...event, id: 'e-foreign', image: 'http://cdn.example/banner.jpg', clean_name: 'e-foreign' }).execute();
    await db.insertInto('events').values({ ...event, id: 'e-own', image: upload, clean_name: 'e-own' }).execute();
    await db
      .insertInto('event_gallery')
      .values([
        { id: 'g-foreign', event_id: 'e-own', name: 'x', image: '//cdn.example/g.jpg', position: 0 },
        { id: 'g-own', event_id: 'e-own', name: 'y', image: upload, position: 1 },
      ])
      .execute();

    expect((await migrator.migrateTo('026_own_images')).error).toBeUndefined();

    const expected: Record<string, string | null> = { foreign: null, own: upload, inline: avatar, absolute: upload, relative: null, none: null };
    const byId = async (table: 'users' | 'card_profiles', prefix = '') =>
      Object.fromEntries((await db.selectFrom(table).select(['id', 'image']).execute()).map((r) => [r.id.slice(prefix.length), r.image]));
    expect(await byId('users')).toEqual(expected);
    expect(await byId('card_profiles', 'p-')).toEqual(expected);
    const services = await db.selectFrom('services').select(['id', 'service_image']).execute();
    expect(Object.fromEntries(services.map((s) => [s.id.slice(2), s.service_image]))).toEqual(expected);
    const events = await db.selectFrom('events').select(['id', 'image']).orderBy('id').execute();
    expect(events).toEqual([
      { id: 'e-foreign', image: '' },
      { id: 'e-own', image: upload },
    ]);
    expect(await db.selectFrom('event_gallery').select(['id', 'image']).execute()).toEqual([{ id: 'g-own', image: upload }]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo('026_own_images')).error).toBeUndefined();
  });
});
