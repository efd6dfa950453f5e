import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Absolute, so a package's own `pnpm test` (run from its folder) finds the same projects.
const at = (path: string) => resolve(import.meta.dirname, path);

// `source` points workspace packages at their TypeScript sources, so tests never need a build.
const conditions = ['source', 'node', 'development|production'];

// The upstream's suite runs on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
// Under CI a missing DATABASE_URL is a failure, never a skip.
/**
 * Time a test (and a file's setup) may take before it counts as hung. A quiet 2-core machine runs the
 * upstream's and the gateway's slowest tests in a few seconds; one shared with other test runs (load 30
 * on 2 cores, each file's database and app built at a tenth of the speed) has taken over 30 s for a test
 * and over a minute for a file's setup. A pass never waits for these, so they are set for that machine:
 * CI runs once, and a test cut short on a busy moment would fail a sound submission.
 */
const LOADED = { testTimeout: 120_000, hookTimeout: 300_000 } as const;

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) {
  if (process.env.CI === 'true') throw new Error('CI=true but DATABASE_URL is not set: the upstream must also be tested on PostgreSQL.');
  if (!process.env.VITEST_WORKER_ID) console.warn('DATABASE_URL is not set: the upstream tests run on PGlite only (set it to also run them on PostgreSQL).');
}
const upstreamOnPostgres = postgresUrl
  ? [{ extends: true, test: { name: 'upstream-postgres', root: at('upstream'), environment: 'node', isolate: false, ...LOADED, env: { UPSTREAM_TEST_DB: 'postgres' } } }]
  : [];
/**
 * PGlite is PostgreSQL itself (compiled to WebAssembly), so the upstream's SQL behaves the same on both;
 * what is PGlite's own is how we reach it (one connection, its dialect, its snapshot, the job queue over
 * it) and the embedded default's commands. With PostgreSQL present the whole suite runs there, and on
 * PGlite only the files that exercise those, and the periodic and transactional flows a newcomer's
 * `pnpm start` runs on it (docs/decisions.md). Without PostgreSQL the whole suite runs on PGlite.
 */
const upstreamOnPglite = postgresUrl
  ? [
      'src/{db,jobs,mail,cli,test}/**/*.test.ts',
      'src/{app,seed}.test.ts',
      'src/routes/{local-commands,clock-control,reminders,organiser-messages,payment-holds,held-ticket-release,door,cancellation}.test.ts',
    ]
  : ['**/*.test.ts'];

/**
 * Vitest's order (a project's longest files first, by the timings it cached; with none, as on a fresh
 * checkout, its largest files first), except that the page sweep's area files (tests/e2e/sweep-*.test.ts)
 * lead their project: a few lines each, yet each is a minute of routes. Started last, they would leave
 * one journey worker sweeping alone while the other has finished.
 */
class SweepFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSweep = (file: TestSpecification) => /[\\/]e2e[\\/]sweep-[^\\/]+\.test\.ts$/.test(file.moduleId);
    const projectStart = new Map<string, number>();
    sorted.forEach((file, i) => {
      if (!projectStart.has(file.project.name)) projectStart.set(file.project.name, i);
    });
    const rank = (file: TestSpecification, i: number) => [projectStart.get(file.project.name) ?? 0, isSweep(file) ? 0 : 1, i] as const;
    return sorted
      .map((file, i) => ({ file, key: rank(file, i) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ file }) => file);
  }
}

/** What every project of browser journeys shares. */
const journeys = {
  root: at('tests'),
  environment: 'node',
  globalSetup: ['./e2e/support/global-setup.ts'],
  // A journey takes a minute or two alone; three at a time on a loaded 2-core machine have taken 2.5
  // times as long, so the limit for one that hangs is well past that.
  testTimeout: 300_000,
  hookTimeout: 300_000,
  // A poll waits for what must happen (a live update, a count): generous for a loaded machine, and it
  // ends as soon as the condition holds (vitest's default gives up after one second).
  expect: { poll: { timeout: 30_000, interval: 100 } },
} as const;
const TIMED_JOURNEYS = ['e2e/first-tap.test.ts'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine every suite would run in
    // a single worker. Most of these files wait on a database, Redis or timers: with two workers the
    // cores were idle a third of the time, so three share them.
    maxWorkers: 3,
    sequence: { sequencer: SweepFirst },
    projects: [
      // Property tests (fast-check) run a hundred cases each: they too get the loaded machine's room.
      { extends: true, test: { name: 'shared', root: at('shared'), environment: 'node', ...LOADED } },
      { extends: true, test: { name: 'testkit', root: at('testkit'), environment: 'node', ...LOADED } },
      // The upstream's and the gateway's files share one module cache per worker (isolate: false): each builds its own
      // app, database and clients from factories, and no module keeps state a later file could see, so
      // re-importing Fastify, zod and the contract for every file only cost time (about a third of theirs).
      // The web's files share theirs too, with its setup undoing what a file leaves behind (web/src/test/fresh-window.ts).
      // Shared's keep their isolation (its contract test checks that a call nobody used is not built yet).
      { extends: true, test: { name: 'upstream', root: at('upstream'), include: upstreamOnPglite, environment: 'node', isolate: false, ...LOADED } },
      ...upstreamOnPostgres,
      { extends: true, test: { name: 'gateway', root: at('gateway'), environment: 'node', isolate: false, ...LOADED } },
      at('web/vite.config.ts'),
      { extends: true, test: { name: 'tests', root: at('tests'), include: ['{lint,compose,integration}/**/*.test.ts'], environment: 'node', ...LOADED } },
      // The bundle budgets measure the web build, so `pnpm test` runs them once the build is done.
      { extends: true, test: { name: 'budget', root: at('tests'), include: ['budget/**/*.test.ts'], environment: 'node', ...LOADED } },
      // Browser journeys against one running product (started by the global setup).
      {
        extends: true,
        test: {
          ...journeys,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', ...TIMED_JOURNEYS],
          // One module cache per worker (isolate: false), as for the upstream's files: each journey file
          // opens its own users (contexts of the worker's one Chromium, support/browser.ts), and the support
          // modules keep no other state a later file could see, so re-importing Playwright, axe and the
          // contract for each of 40 files only cost time.
          isolate: false,
          // Two: each journey drives a Chromium and talks to a product on the same 2 cores, and with three
          // at a time each took 2.5 times as long as alone. No journey waits idle for the product's
          // periodic jobs (they move its clock instead), so a third worker no longer fills idle time.
          maxWorkers: 2,
          // Journeys run after every other project: they need their own worker limit, so their own group.
          sequence: { groupOrder: 1 },
        },
      },
      // Journeys that time what a slowed phone's main thread does: alone on the machine, after every
      // other journey, so that the time they measure is the page's and not another test's.
      {
        extends: true,
        test: { ...journeys, name: 'e2e-timed', include: TIMED_JOURNEYS, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
