import pg from 'pg';
import { SCHEMA_CHANGE_LOCK_KEY } from '@tapcard/shared/constants';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { SCREENSHOTS, startProduct, type RunningProduct } from './product.js';
import { testEnv } from '../../support/env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    productEnv: Record<string, string>;
  }
}

/**
 * Starts one product for all browser journeys. With DATABASE_URL (CI) the upstream runs on that
 * PostgreSQL server in a schema of its own, so the journeys can also run the CLI commands (minting
 * cards) beside the running server; without it, on the embedded PGlite database.
 */
export default async function setup(project: TestProject) {
  // The sweep leaves screenshots of failing routes only: none from an earlier run may linger.
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  let schema: string | null = null;
  const env: Record<string, string> = {};
  const base = testEnv.databaseUrl();
  if (base) {
    // The upstream creates the schema and keeps every table (and its migration records) in it.
    schema = `e2e_${randomBytes(5).toString('hex')}`;
    env.DATABASE_URL = base;
    env.DATABASE_SCHEMA = schema;
  }
  let product: RunningProduct;
  try {
    product = await startProduct(env);
  } catch (error) {
    if (schema && base) await dropSchema(base, schema);
    throw error;
  }
  project.provide('baseUrl', product.baseUrl);
  project.provide('productEnv', product.env);
  return async () => {
    await product.stop();
    if (schema && base) await dropSchema(base, schema);
  };
}

async function dropSchema(base: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    // Under the migrations' lock (SCHEMA_CHANGE_LOCK_KEY): a migration elsewhere reads every schema's catalog.
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK_KEY]);
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}
