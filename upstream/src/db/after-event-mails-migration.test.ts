import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeMigration, migrateBelow } from '../test/migrations.js';

// Migration 033 down and up again.
describeMigration('migration 033 (after-event mails)', (database) => {
  async function kindColumn(): Promise<string[]> {
    const rows = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'event_messages' and column_name = 'kind'`.execute(database.db());
    return rows.rows.map((r) => r.column_name);
  }

  it('goes down and up again: the kind column and its one-of-each-kind index come and go', { timeout: 300_000 }, async () => {
    const migrator = database.migrator();
    await migrateBelow(migrator, '033_after_event_mails');
    expect(await kindColumn()).toEqual([]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await kindColumn()).toEqual(['kind']);
    const index = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname = 'event_messages_after_event_once'`.execute(database.db());
    expect(index.rows).toHaveLength(1);
  });
});
