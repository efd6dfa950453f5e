import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeMigration, migrateBelow } from '../test/migrations.js';

// Migration 030 down and up again.
describeMigration('migration 030 (ticket transfers)', (database) => {
  /** The two checks the migration changes, as the database states them. */
  async function checks(): Promise<string> {
    const rows = await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conname in ('attendees_status_check', 'door_check_ins_outcome_check') order by conname
    `.execute(database.db());
    return rows.rows.map((r) => `${r.name}: ${r.def}`).join('\n');
  }

  it('goes down and up again: its columns and the transferred status and door outcome come and go', { timeout: 300_000 }, async () => {
    const migrator = database.migrator();
    await migrateBelow(migrator, '030_ticket_transfers');
    expect(await checks()).not.toMatch(/transferred/);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'attendees' and column_name in ('transferred_at', 'origin_id') order by column_name`.execute(database.db());
    expect(columns.rows.map((r) => r.column_name)).toEqual(['origin_id', 'transferred_at']);
    expect(await checks()).toMatch(/^(?=.*attendees_status_check:.*'transferred')(?=.*door_check_ins_outcome_check:.*'transferred')/s);
  });

  it('032 (a cancelled ticket at the door) goes down and up again: the door outcome comes and goes', { timeout: 300_000 }, async () => {
    const migrator = database.migrator();
    await migrateBelow(migrator, '032_cancelled_at_door');
    expect(await checks()).not.toMatch(/door_check_ins_outcome_check:.*'cancelled'/);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await checks()).toMatch(/door_check_ins_outcome_check:.*'cancelled'/);
  });
});
