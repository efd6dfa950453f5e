#!/usr/bin/env node
// The one test command (`pnpm test`): lint, typecheck, the web build and every vitest project.
// CI (.ci/run) calls exactly this. Extra arguments go to vitest (e.g. `pnpm test --project shared`).
import { spawn } from 'node:child_process';

// The typecheck (`tsc -b`, which also builds the packages' dist the product and the journeys' setup
// run from) and the web build come first, side by side: the browser journeys' product serves them.
// Lint reads the sources and writes nothing the tests read, so it runs beside the tests (it is one
// process on one core, and the tests wait on databases and timers a good part of the time). A captured
// step's output is printed whole when it ends, so it never mixes with the tests'.
const prepare = [
  ['typecheck', 'pnpm', ['typecheck']],
  ['build', 'pnpm', ['--filter', '@tapcard/web', 'build']],
];
const lint = ['lint', 'pnpm', ['lint']];
const tests = ['tests', 'pnpm', ['exec', 'vitest', 'run', ...process.argv.slice(2)]];

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

const prepared = await Promise.all(prepare.map((step) => run(step, true).then(settle)));
if (prepared.every((status) => status === 0)) await Promise.all([run(lint, true).then(settle), run(tests, false).then(settle)]);
process.exit(failed ?? 0);
