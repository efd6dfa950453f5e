#!/usr/bin/env node
// The one test command (`pnpm test`): lint, typecheck, build, then every vitest project.
// CI (.ci/run) calls exactly this. Extra arguments go to vitest (e.g. `pnpm test --project shared`).
import { spawn, spawnSync } from 'node:child_process';

// Lint, typecheck and the web build read the sources and write nothing the others read (the build
// resolves the shared package from its sources), so they run side by side: each is mostly one
// process on one core. Each step's output is printed whole when it ends, so the three never mix.
const checks = [
  ['lint', 'pnpm', ['lint']],
  ['typecheck', 'pnpm', ['typecheck']],
  ['build', 'pnpm', ['--filter', '@tapcard/web', 'build']],
];
const tests = ['tests', 'pnpm', ['exec', 'vitest', 'run', ...process.argv.slice(2)]];

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

function runCaptured([name, cmd, args]) {
  const started = Date.now();
  console.log(`▶ ${name}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      const text = Buffer.concat(output).toString();
      if (text.trim()) process.stdout.write(`\n── ${name} ──\n${text}`);
      if (status === 0) console.log(`✔ ${name} (${seconds(started)}s)`);
      else console.error(`✖ ${name} failed after ${seconds(started)}s`);
      resolve(status ?? 1);
    });
  });
}

const statuses = await Promise.all(checks.map(runCaptured));
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

const [name, cmd, args] = tests;
const started = Date.now();
console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
const run = spawnSync(cmd, args, { stdio: 'inherit' });
if (run.status !== 0) {
  console.error(`\n✖ ${name} failed after ${seconds(started)}s`);
  process.exit(run.status ?? 1);
}
console.log(`✔ ${name} (${seconds(started)}s)`);
