import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { ConfigError, readConfig, type UpstreamConfig } from '../config.js';
import { openConfiguredDatabase, type Db } from '../db/database.js';
import { askRunningUpstream, type UpstreamRequest } from './through-upstream.js';

/** What a command writes to; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** What a test may hand a command instead of the environment's configuration and database. */
export interface CliDeps {
  db?: Db;
  config?: UpstreamConfig;
}

/** The configuration, or a ConfigError message on `io` and null (the command then exits 2). */
export function configOrReport(deps: CliDeps, io: CliIo): UpstreamConfig | null {
  try {
    return deps.config ?? readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`${error.message}\n`);
    return null;
  }
}

/** Runs `work` on the given database, or on the configured one (opened, migrated, then closed). */
export async function withDatabase<T>(deps: CliDeps, config: UpstreamConfig, work: (db: Db) => Promise<T>): Promise<T> {
  if (deps.db) return work(deps.db);
  const opened = await openConfiguredDatabase(config);
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

/**
 * The command's work: done by the running upstream when it holds the embedded database (which admits
 * one process only; see through-upstream.ts), else `work` on the given or the configured database.
 */
export async function onDatabase<T extends z.ZodType>(deps: CliDeps, config: UpstreamConfig, request: UpstreamRequest<T>, work: (db: Db) => Promise<z.output<T>>): Promise<z.output<T>> {
  if (!deps.db) {
    const answer = await askRunningUpstream(config, request);
    if (answer !== undefined) return answer;
  }
  return withDatabase(deps, config, work);
}

/** Runs the command when its file is the one Node was started with, setting the exit code. */
export function runIfMain(moduleUrl: string, run: (argv: readonly string[], io: CliIo) => Promise<number>): void {
  const entry = process.argv[1];
  let main = false;
  try {
    main = entry !== undefined && realpathSync(entry) === fileURLToPath(moduleUrl);
  } catch {
    main = false;
  }
  if (!main) return;
  run(process.argv.slice(2), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
