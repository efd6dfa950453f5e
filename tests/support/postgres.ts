import pg from 'pg';
import { SCHEMA_CHANGE_LOCK_KEY } from '@tapcard/shared/constants';

/** Drops a test run's schema, under the migrations' lock: a migration elsewhere reads every schema's catalog. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK_KEY]);
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

/**
 * Drops what an upstream run in `schema` (DATABASE_SCHEMA) made on the server: its tables' schema and
 * its job queue's beside it (`<schema>_jobs`, the upstream's default JOBS_SCHEMA).
 */
export async function dropUpstreamSchemas(databaseUrl: string, schema: string): Promise<void> {
  for (const dropped of [schema, `${schema}_jobs`]) await dropSchema(databaseUrl, dropped);
}
