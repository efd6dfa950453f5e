#!/usr/bin/env node
// `pnpm dev`: the upstream and the gateway with reload (tsx watch, sources through the `source`
// export condition) and Vite with its proxy of /api and /socket.io to the gateway.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
const upstreamPort = process.env.UPSTREAM_PORT ?? String(Number(port) + 1000);
const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
mkdirSync(dataDir, { recursive: true });
const keyFile = join(dataDir, 'service-key');
if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
const env = {
  DATA_DIR: dataDir,
  PORT: port,
  UPSTREAM_PORT: upstreamPort,
  UPSTREAM_URL: process.env.UPSTREAM_URL ?? `http://127.0.0.1:${upstreamPort}`,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  GATEWAY_SERVICE_KEY: process.env.GATEWAY_SERVICE_KEY ?? readFileSync(keyFile, 'utf8').trim(),
  GATEWAY_URL: `http://127.0.0.1:${port}`,
  ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? `http://localhost:5173,http://localhost:${port}`,
};
const tsx = 'pnpm exec tsx watch --conditions=source';
const { result } = concurrently(
  [
    { name: 'upstream', command: `${tsx} upstream/src/server.ts`, env },
    { name: 'gateway', command: `${tsx} gateway/src/server.ts`, env },
    { name: 'web', command: 'pnpm --filter @tapcard/web dev', env },
  ],
  { cwd: root, killOthers: ['failure', 'success'], prefixColors: ['blue', 'magenta', 'green'] },
);
result.catch(() => process.exit(1));
