#!/usr/bin/env node
// Runs vitest projects while CPU-bound busy loops compete for the cores, to show that no test's pass
// depends on the machine being quiet (CI runs once: one slow moment must not fail a submission).
//
//   node scripts/test-under-load.mjs [--loops 2] [--times 3] --project gateway [--project ...] [vitest args]
//
// Each project runs on its own, `--times` times in a row, beside `--loops` processes that spin
// `for(;;){}` (stopped when the runs end, also on Ctrl-C). One line per run: project, pass or fail,
// duration and the 1-minute load average at its end; the exit status is non-zero if any run failed.
// Set DATABASE_URL and REDIS_URL as for `pnpm test` (the `tests` project's budget file also needs a
// web build: `pnpm --filter @tapcard/web build`).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

const args = process.argv.slice(2);
const take = (flag, fallback) => {
  const at = args.indexOf(flag);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  return Number(value);
};
const loops = take('--loops', 2);
const times = take('--times', 3);
const projects = [];
for (let at = args.indexOf('--project'); at !== -1; at = args.indexOf('--project')) projects.push(args.splice(at, 2)[1]);
if (projects.length === 0 || !Number.isInteger(loops) || !Number.isInteger(times) || times < 1) {
  console.error('usage: node scripts/test-under-load.mjs [--loops 2] [--times 3] --project NAME [--project NAME ...] [vitest args]');
  process.exit(2);
}

const busy = Array.from({ length: loops }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const stopBusy = () => {
  for (const child of busy) child.kill('SIGKILL');
};
/** The vitest run under way, stopped with this script. */
let current;
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBusy();
    current?.kill(signal);
    process.exit(130);
  });
}

const runOnce = (project) =>
  new Promise((resolve) => {
    current = spawn('pnpm', ['exec', 'vitest', 'run', '--project', project, ...args], { stdio: 'inherit' });
    current.on('close', (status) => {
      current = undefined;
      resolve(status ?? 1);
    });
  });

const results = [];
for (const project of projects) {
  for (let run = 1; run <= times; run += 1) {
    const started = Date.now();
    const status = await runOnce(project);
    const line = {
      project,
      run: `${run}/${times}`,
      result: status === 0 ? 'pass' : 'FAIL',
      seconds: Math.round((Date.now() - started) / 1000),
      load: loadavg()[0].toFixed(1),
    };
    results.push(line);
    console.log(`\n[under load] ${line.project} ${line.run}: ${line.result} in ${line.seconds}s, load ${line.load}`);
  }
}
stopBusy();

console.log(`\nUnder load (${loops} busy loops):`);
for (const line of results) console.log(`  ${line.project.padEnd(18)} ${line.run}  ${line.result}  ${String(line.seconds).padStart(5)}s  load ${line.load}`);
process.exit(results.some((line) => line.result !== 'pass') ? 1 : 0);
