import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { openDatabase, type Db, type OpenDatabase } from '../db/database.js';
import { migrationProvider } from '../db/migrations/index.js';
import { testEnv } from './env.js';

/** Helpers of the tests of single migrations. */

export interface MigrationTestDb {
  /** The embedded database, opened before the suite's tests and closed after them. */
  db(): Db;
  /** A migrator over that database with the upstream's migrations. */
  migrator(): Migrator;
}

/**
 * A suite on an embedded database of its own, where migrations are run by hand (skipped on PostgreSQL:
 * that project runs every migration up under every other test file).
 */
export function describeMigration(title: string, suite: (database: MigrationTestDb) => void): void {
  describe.skipIf(testEnv.usePostgres())(title, () => {
    let opened: OpenDatabase;
    beforeAll(async () => {
      opened = await openDatabase({});
    }, 120_000);
    afterAll(async () => {
      await opened.close();
    });
    suite({ db: () => opened.db, migrator: () => new Migrator({ db: opened.db, provider: migrationProvider }) });
  });
}

/** Migrates to the latest, then down to the migration before `name` (later ones go down with it), checking `name` went down. */
export async function migrateBelow(migrator: Migrator, name: string): Promise<void> {
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const before = names[names.indexOf(name) - 1];
  if (!before) throw new Error(`no migration before ${name}`);
  const down = await migrator.migrateTo(before);
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toContain(name);
}
