#!/usr/bin/env node
// The one test command (`pnpm test`): lint, typecheck, the web build and every vitest project.
// CI (.ci/run) calls exactly this. Extra arguments go to vitest (e.g. `pnpm test --project shared`).
import { spawn } from 'node:child_process';

// Two phases, so that no core waits while another works alone:
// 1. the typecheck (`tsc -b`, which also builds the packages' dist), the web build, lint and every
//    suite that runs from the TypeScript sources, all side by side;
// 2. what needs phase 1's output: the bundle budgets (the web build) and the browser journeys (their
//    product runs the built servers and serves the built web app).
// A captured step's output is printed whole when it ends, so it never mixes with the tests'.
const prepare = [
  ['typecheck', 'pnpm', ['typecheck']],
  ['build', 'pnpm', ['--filter', '@tapcard/web', 'build']],
  ['lint', 'pnpm', ['lint']],
];
const vitest = (name, args) => [name, 'pnpm', ['exec', 'vitest', 'run', ...args]];
const projects = (names) => names.flatMap((name) => ['--project', name]);
// upstream-postgres exists only with DATABASE_URL (vitest.config.ts): the wildcard finds it when it does.
const fromSources = vitest('suites', projects(['shared', 'testkit', 'upstream*', 'gateway', 'web', 'tests']));
const fromBuild = vitest('journeys', projects(['budget', 'e2e', 'e2e-timed']));
const chosen = process.argv.slice(2);

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
const children = new Set();

/** Runs a step; `capture` keeps its output until it ends. Resolves with its exit status. */
function run([name, cmd, args], capture) {
  const started = Date.now();
  console.log(`▶ ${name}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    // Each step leads a process group of its own, so that stopping it stops what pnpm started for it.
    const child = spawn(cmd, args, { stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'], detached: true });
    children.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status, signal) => {
      children.delete(child);
      const text = Buffer.concat(output).toString();
      if (text.trim()) process.stdout.write(`\n── ${name} ──\n${text}`);
      if (status === 0) console.log(`✔ ${name} (${seconds(started)}s)`);
      else console.error(`✖ ${name} failed after ${seconds(started)}s${signal ? ` (${signal})` : ''}`);
      resolve(status ?? 1);
    });
  });
}

function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* it has ended */
    }
  }
}

/** The first failure stops everything still running: its output is the one to read. */
let failed;
function settle(status) {
  if (status !== 0 && failed === undefined) {
    failed = status;
    stopAll();
  }
  return status;
}

// Ctrl+C reaches this process only (the steps lead their own groups): it stops them all.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const ok = (statuses) => statuses.every((status) => status === 0);
if (chosen.length > 0) {
  // Chosen projects or files: everything they may need is prepared first.
  if (ok(await Promise.all(prepare.slice(0, 2).map((step) => run(step, true).then(settle))))) await run(vitest('tests', chosen), false).then(settle);
} else if (ok(await Promise.all([...prepare.map((step) => run(step, true)), run(fromSources, false)].map((started) => started.then(settle))))) {
  await run(fromBuild, false).then(settle);
}
process.exit(failed ?? 0);
