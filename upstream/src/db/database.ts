import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { SCHEMA_CHANGE_LOCK_KEY } from '@tapcard/shared/constants';
import { migrationProvider } from './migrations/index.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… for a server; absent for embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; absent (with no URL) for an in-memory database. */
  dataDir?: string | undefined;
  /** A PostgreSQL schema to work in (created when missing); tests use one each. */
  schema?: string | undefined;
  /** PGlite only: start from this dump of a data directory instead of creating an empty one. */
  pgliteSnapshot?: Blob | undefined;
}

export interface OpenDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists ${schema}`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pglite');
  }
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}) });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * Runs every pending migration; throws with the failing migration's error. With a schema, Kysely's
 * own bookkeeping tables live in it too (otherwise it finds another schema's tables on the search path).
 * On PostgreSQL the whole run holds SCHEMA_CHANGE_LOCK_KEY (see there), taken on a connection of its own.
 */
export async function migrate(opened: Pick<OpenDatabase, 'db' | 'kind'>, schema?: string): Promise<void> {
  const { db } = opened;
  const run = async () => {
    const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (opened.kind !== 'postgres') return run();
  await db.connection().execute(async (lockHolder) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK_KEY})`.execute(lockHolder);
    try {
      await run();
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK_KEY})`.execute(lockHolder);
    }
  });
}

/** Opens the configured database (PGlite in DATA_DIR, or PostgreSQL) and brings it up to date. */
export async function openConfiguredDatabase(config: { databaseUrl: string | undefined; databaseSchema: string | undefined; dataDir: string }): Promise<OpenDatabase> {
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseUrl ? config.databaseSchema : undefined });
  try {
    await migrate(opened, config.databaseUrl ? config.databaseSchema : undefined);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

/** Drops a test schema (PostgreSQL only). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    // Under the migrations' lock: a migration running elsewhere reads every schema's catalog.
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK_KEY]);
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
