import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { REDACTED } from '@tapcard/shared/contract';
import { minimalEnv } from '@tapcard/testkit/env';
import { TEST_ORIGIN, TEST_SERVICE_KEY } from './test/gateway.js';
import { freePort } from '@tapcard/testkit/net';
import { waitFor } from '@tapcard/testkit/wait';

/**
 * A newcomer's terminal: the gateway started on a pseudo-terminal (util-linux `script`) prints readable
 * lines, not JSON, and still redacts. (Piped output stays JSON: request-log.test.ts reads it.)
 */

const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = '/usr/bin/script';
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      /* already ended */
    }
  }
});

describe('logs on a terminal', () => {
  test.skipIf(!existsSync(SCRIPT))('are readable lines with the request, its status and time, never JSON', async () => {
    const port = await freePort();
    const command = `${process.execPath} --conditions=source --import tsx src/server.ts`;
    const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], {
      cwd: GATEWAY_DIR,
      env: minimalEnv({ GATEWAY_SERVICE_KEY: TEST_SERVICE_KEY, ALLOWED_ORIGINS: TEST_ORIGIN, WEB_DIST: '/nonexistent/web/dist', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), UPSTREAM_URL: 'http://127.0.0.1:9' }),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    if (child.pid !== undefined) started.push(child.pid);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const text = () => output.replace(ANSI, '').replaceAll('\r', '');
    await waitFor(() => text().includes('Server listening'), 30_000, 100);
    await (await fetch(`http://127.0.0.1:${port}/api/event/public/api/arena/tid-terminal-secret/safety`)).arrayBuffer();
    await waitFor(() => /request completed → 502 in \d+ ms/.test(text()), 10_000, 100);
    const lines = text().split('\n').filter((line) => /^\[\d\d:\d\d:\d\d\]/.test(line));
    expect(lines.some((line) => line.includes(`INFO: incoming request GET /api/event/public/api/arena/${REDACTED}/safety`))).toBe(true);
    expect(text()).not.toContain('tid-terminal-secret');
    expect(text()).not.toMatch(/^\{"level"/m);
  });
});
