import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../test/env.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';

// Migration 030 down and up again on an embedded database (the PostgreSQL project runs it up under every other test file).
describe.skipIf(testEnv.usePostgres())('migration 030 (ticket transfers)', () => {
  let opened: OpenDatabase;
  beforeAll(async () => {
    opened = await openDatabase({});
  }, 120_000);
  afterAll(async () => {
    await opened.close();
  });

  /** The two checks the migration changes, as the database states them. */
  async function checks(): Promise<string> {
    const rows = await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conname in ('attendees_status_check', 'door_check_ins_outcome_check') order by conname
    `.execute(opened.db);
    return rows.rows.map((r) => `${r.name}: ${r.def}`).join('\n');
  }

  it('goes down and up again: its columns and the transferred status and door outcome come and go', { timeout: 300_000 }, async () => {
    const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const down = await migrator.migrateTo('029_organiser_messages');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('030_ticket_transfers');
    expect(await checks()).not.toMatch(/transferred/);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'attendees' and column_name in ('transferred_at', 'origin_id') order by column_name`.execute(opened.db);
    expect(columns.rows.map((r) => r.column_name)).toEqual(['origin_id', 'transferred_at']);
    expect(await checks()).toMatch(/^(?=.*attendees_status_check:.*'transferred')(?=.*door_check_ins_outcome_check:.*'transferred')/s);
  });

  it('032 (a cancelled ticket at the door) goes down and up again: the door outcome comes and goes', { timeout: 300_000 }, async () => {
    const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const down = await migrator.migrateTo('031_cancellation_refunds');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('032_cancelled_at_door');
    expect(await checks()).not.toMatch(/door_check_ins_outcome_check:.*'cancelled'/);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await checks()).toMatch(/door_check_ins_outcome_check:.*'cancelled'/);
  });
});
