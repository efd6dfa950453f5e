#!/usr/bin/env node
// `pnpm start`: builds what is missing or stale, then runs the reference upstream and the gateway as
// one product at http://localhost:${PORT:-3000}. Configuration is the environment (README table).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Servers: `tsc -b` is incremental and returns at once when nothing changed.
run('pnpm', ['exec', 'tsc', '-b', 'shared', 'upstream', 'gateway']);
// The SPA: rebuilt when its sources (or shared's) are newer than the last build.
const webIndex = join(root, 'web/dist/index.html');
const webBuilt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
const ssrBuilt = existsSync(join(root, 'web/dist-ssr/entry-server.js'));
if (!ssrBuilt || webBuilt < Math.max(newest(join(root, 'web')), newest(join(root, 'shared/src')))) {
  // A production build even when started from a test run (vitest sets NODE_ENV=test: React's development build).
  run('pnpm', ['--filter', '@tapcard/web', 'build'], { NODE_ENV: 'production' });
}

const port = env.PORT ?? '3000';
const upstreamPort = env.UPSTREAM_PORT ?? String(Number(port) + 1000);
const dataDir = resolve(root, env.DATA_DIR ?? 'data');
mkdirSync(dataDir, { recursive: true });
// One service key shared by the two processes, kept in the data folder unless given.
if (!env.GATEWAY_SERVICE_KEY) {
  const keyFile = join(dataDir, 'service-key');
  if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  env.GATEWAY_SERVICE_KEY = readFileSync(keyFile, 'utf8').trim();
}
env.DATA_DIR = dataDir;
env.UPSTREAM_PORT = upstreamPort;
env.UPSTREAM_URL ??= `http://127.0.0.1:${upstreamPort}`;
env.PUBLIC_URL ??= `http://localhost:${port}`;
env.PORT = port;
env.WEB_DIST ??= join(root, 'web/dist');

const children = [];
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
}
function start(name, script) {
  const child = spawn(process.execPath, [join(root, script)], { cwd: root, env, stdio: 'inherit' });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds}s`);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('upstream', 'upstream/dist/server.js');
await waitFor(`${env.UPSTREAM_URL}/healthz`, 60);
start('gateway', 'gateway/dist/server.js');
await waitFor(`http://127.0.0.1:${port}/healthz`, 30);
console.log(`\nTapCard is running at http://localhost:${port}  (Ctrl+C to stop)\n`);
