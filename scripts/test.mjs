#!/usr/bin/env node
// The one test command (`pnpm test`): lint, typecheck, build, then every vitest project.
// CI (.ci/run) calls exactly this. Extra arguments go to vitest (e.g. `pnpm test --project shared`).
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'pnpm', ['lint']],
  ['typecheck', 'pnpm', ['typecheck']],
  ['build', 'pnpm', ['--filter', '@tapcard/web', 'build']],
  ['tests', 'pnpm', ['exec', 'vitest', 'run', ...process.argv.slice(2)]],
];

for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const run = spawnSync(cmd, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(run.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
