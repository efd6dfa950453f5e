import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../test/env.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

// Migration 033 down and up again on an embedded database (the PostgreSQL project runs it up under every other test file).
describe.skipIf(testEnv.usePostgres())('migration 033 (after-event mails)', () => {
  let opened: OpenDatabase;
  beforeAll(async () => {
    opened = await openDatabase({});
  }, 120_000);
  afterAll(async () => {
    await opened.close();
  });

  async function kindColumn(): Promise<string[]> {
    const rows = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'event_messages' and column_name = 'kind'`.execute(opened.db);
    return rows.rows.map((r) => r.column_name);
  }

  it('goes down and up again: the kind column and its one-of-each-kind index come and go', { timeout: 300_000 }, async () => {
    const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // Down to the migration before 033 (later ones, if any, go down with it).
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before = names[names.indexOf('033_after_event_mails') - 1];
    if (!before) throw new Error('no migration before 033');
    const down = await migrator.migrateTo(before);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('033_after_event_mails');
    expect(await kindColumn()).toEqual([]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await kindColumn()).toEqual(['kind']);
    const index = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname = 'event_messages_after_event_once'`.execute(opened.db);
    expect(index.rows).toHaveLength(1);
  });
});
