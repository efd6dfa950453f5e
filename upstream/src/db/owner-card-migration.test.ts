import { expect, it } from 'vitest';
import { describeMigration } from '../test/migrations.js';

// The migration's own SQL, run once.
describeMigration("migration 023 (the owner's card)", (database) => {
  it("numbers existing services per card in the order they were listed (created_at, then id), all switched on", async () => {
    const migrator = database.migrator();
    expect((await migrator.migrateTo('022_arena_safety')).error).toBeUndefined();
    const db = database.db();
    for (const [user, profile] of [
      ['u1', 'p1'],
      ['u2', 'p2'],
    ] as const) {
      await db.insertInto('users').values({ id: user, email: `${user}@example.com`, name: user, password_hash: 'x', auth_type: 'Email', image: null, description: '' }).execute();
      await db.insertInto('card_profiles').values({ id: profile, user_id: user, link: `link-${profile}`, title: 't', sub_title: '', description: '', image: null, phone: '', updated_at: new Date() }).execute();
    }
    const service = (id: string, profile: string, createdAt: string) => ({ id, profile_id: profile, service_image: null, service_name: id, service_description: '', phone: '', link: '', enable_enquiry: false, created_at: createdAt });
    // Inserted through the untyped builder: the typed schema already has 023's columns.
    await db
      .insertInto('services')
      .values([service('c', 'p1', '2026-01-03T00:00:00Z'), service('b', 'p1', '2026-01-01T00:00:00Z'), service('a', 'p1', '2026-01-01T00:00:00Z'), service('z', 'p2', '2026-01-02T00:00:00Z')] as never)
      .execute();

    expect((await migrator.migrateTo('023_owner_card')).error).toBeUndefined();
    const rows = await db.selectFrom('services').select(['id', 'profile_id', 'position', 'enabled']).orderBy('profile_id').orderBy('position').execute();
    expect(rows).toEqual([
      { id: 'a', profile_id: 'p1', position: 1, enabled: true },
      { id: 'b', profile_id: 'p1', position: 2, enabled: true },
      { id: 'c', profile_id: 'p1', position: 3, enabled: true },
      { id: 'z', profile_id: 'p2', position: 1, enabled: true },
    ]);
    const profile = await db.selectFrom('card_profiles').select('link_off').where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect(profile.link_off).toBe(false);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo('023_owner_card')).error).toBeUndefined();
  });
});
