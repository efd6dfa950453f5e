import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_ORIGIN, TEST_SERVICE_KEY } from './gateway.js';
import { freePort } from '@tapcard/testkit/net';
import { waitFor } from '@tapcard/testkit/wait';
import { minimalEnv } from '@tapcard/testkit/env';

/** A gateway in its own process (src/server.ts through tsx), so a test can kill it for real. */

const GATEWAY_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildGateway {
  url: string;
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export function runServer(env: Record<string, string>): { process: ChildProcess; output(): string; exited: ChildGateway['exited'] } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: GATEWAY_DIR,
    env: minimalEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { process: child, output: () => output, exited };
}

export async function startChildGateway(env: Record<string, string>): Promise<ChildGateway> {
  const port = await freePort();
  const child = runServer({
    GATEWAY_SERVICE_KEY: TEST_SERVICE_KEY,
    ALLOWED_ORIGINS: TEST_ORIGIN,
    WEB_DIST: '/nonexistent/web/dist',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  let ended = false;
  void child.exited.then(() => (ended = true));
  await waitFor(
    async () => {
      if (ended) throw new Error(`child gateway exited: ${child.output()}`);
      try {
        return (await fetch(`${url}/healthz`)).ok;
      } catch {
        return false;
      }
    },
    // A child gateway starts through tsx: up to a minute when the machine is busy.
    120_000,
    100,
  );
  return { url, ...child };
}
