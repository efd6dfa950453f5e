import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { SCREENSHOTS, startProductWithOwnDatabase } from './product.js';

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
  const product = await startProductWithOwnDatabase();
  project.provide('baseUrl', product.baseUrl);
  project.provide('productEnv', product.env);
  return () => product.stop();
}

