import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../../e2e/support/chromium.js';
import { DEMO } from '../../e2e/support/demo.js';
import { repoRoot, startProduct } from '../../e2e/support/product.js';
import type { RunningProduct } from '../../e2e/support/product.js';
import { inheritedEnv, unsetEnv } from '../../support/env.js';

/** What the web benches (Lighthouse, slow phone) share: the product they start, the demo's pages, the machine. */

/** Pages of the demo seed (upstream/src/seed.ts) both benches measure. */
export const DEMO_PAGES = {
  card: `/card/connect?link=${DEMO.publicCardLink}`,
  arena: `/event/u/arena/${DEMO.attendees.ada}`,
  arenaChat: `/event/u/arena/${DEMO.attendees.ada}/chat`,
  ticket: (tid: string) => `/event/u/token/${encodeURIComponent(tid)}`,
  /** The live event's staff link (its documented secret): the door page of that event. */
  staffLink: '/door/demo-north-gate',
} as const;

export interface Target {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The product as `pnpm start` runs it (scripts/start.mjs: the upstream with the demo seed on the
 * embedded database in a temporary DATA_DIR, and the gateway serving the production web build), on
 * free ports; or nothing, with a base URL given.
 */
export async function startTarget(options: { baseUrl?: string; webDist?: string }): Promise<Target> {
  const given = options.baseUrl?.replace(/\/$/, '');
  if (given) return { baseUrl: given, stop: async () => {} };
  unsetEnv('DATABASE_URL', 'DATABASE_SCHEMA');
  let webDist = options.webDist;
  let buildDir: string | null = null;
  if (!webDist) {
    // The web package's own build (web/dist and web/dist-ssr: the build config reads its manifest from
    // web/dist, so it cannot build elsewhere), copied at once into a folder of its own, so that another
    // build into web/dist cannot swap files mid-run. Under web/node_modules: the server build imports
    // react and the rest from the web package's node_modules.
    const cache = join(repoRoot, 'web', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    buildDir = mkdtempSync(join(cache, 'bench-web-'));
    webDist = join(buildDir, 'dist');
    console.log(`building the web app (pnpm --filter @tapcard/web build), copied into ${webDist}…`);
    execFileSync('pnpm', ['--filter', '@tapcard/web', 'build'], {
      cwd: repoRoot,
      env: inheritedEnv({ NODE_ENV: 'production' }),
      stdio: 'inherit',
    });
    for (const folder of ['dist', 'dist-ssr']) cpSync(join(repoRoot, 'web', folder), join(buildDir, folder), { recursive: true });
  }
  const removeBuild = () => buildDir && rmSync(buildDir, { recursive: true, force: true });
  console.log('starting the product (scripts/start.mjs, demo data)…');
  let product: RunningProduct;
  try {
    const ssrEntry = join(dirname(resolve(webDist)), 'dist-ssr', 'entry-server.js');
    product = await startProduct({ WEB_DIST: resolve(webDist), WEB_SSR_ENTRY: ssrEntry, RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  } catch (error) {
    removeBuild();
    throw error;
  }
  return {
    baseUrl: product.baseUrl,
    async stop() {
      await product.stop();
      removeBuild();
    },
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** An installed package's version. */
export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`${name}/package.json`)), 'utf8')) as { version: string }).version;
}

/** The machine a run measured on. */
export function machineOf() {
  return { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGiB: round1(totalmem() / 2 ** 30), node: process.version, chromium: chromiumVersion() };
}

/** Where the runs write: results/ beside this file. */
export const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/** Writes a run's whole result to results/<name>.json and says so. */
export function writeResult(name: string, output: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`written ${file}`);
}

/** A run's start as a file name: 2026-11-24T17-33-55. */
export const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace(/:/g, '-');

/** The commit measured, with '-dirty' when the worktree has changes. */
export function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

/**
 * Waits at most `settleMs` for the 1-minute load average to fall to `maxLoad`; answers the load then.
 * The machine is shared: a run under a heavy load measures the other work's CPU time as ours.
 */
export async function settleLoad(maxLoad: number, settleMs: number): Promise<number> {
  const until = Date.now() + settleMs;
  while (loadavg()[0]! > maxLoad && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  return round1(loadavg()[0]!);
}

/** The command-line options both benches take beside --runs and --settle (whose defaults differ). */
export const BENCH_OPTIONS = {
  page: { type: 'string' },
  'base-url': { type: 'string' },
  'web-dist': { type: 'string' },
  'max-load': { type: 'string' },
  check: { type: 'boolean', default: false },
} as const;

/** --max-load and --settle as numbers (--max-load defaults to the core count). */
export function loadOptions(values: { 'max-load'?: string; settle?: string }, cores: number): { maxLoad: number; settleMs: number } {
  const maxLoad = values['max-load'] === undefined ? cores : Number(values['max-load']);
  const settleMs = Number(values.settle) * 1000;
  if (!Number.isFinite(maxLoad) || !Number.isFinite(settleMs)) throw new Error('--max-load and --settle must be numbers');
  return { maxLoad, settleMs };
}

/** --runs as a whole number of at least 1. */
export function runsOption(value: string | undefined): number {
  const runs = Math.max(1, Number(value));
  if (!Number.isInteger(runs)) throw new Error(`--runs must be a whole number (got ${value})`);
  return runs;
}

/** The pages of `all` whose keys --page names (all of them without it); an unknown key throws. */
export function selectPages<P extends { key: string }>(all: readonly P[], option: string | undefined): P[] {
  const wanted = option ? option.split(',').map((s) => s.trim()) : all.map((p) => p.key);
  const unknown = wanted.filter((k) => !all.some((p) => p.key === k));
  if (unknown.length > 0) throw new Error(`unknown --page ${unknown.join(', ')} (${all.map((p) => p.key).join(', ')})`);
  return all.filter((p) => wanted.includes(p.key));
}
