import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@tapcard/testkit/net';
import { sleep } from '@tapcard/testkit/wait';
import { minimalEnv } from '@tapcard/testkit/env';
import { testEnv } from './env.js';
import { dropUpstreamSchemas } from './postgres.js';

/**
 * The reference upstream and the gateway as child processes, the way they run in production
 * (`node <pkg>/dist/server.js`) or from their TypeScript sources through tsx (`source`, no build
 * needed). Each is started on a port of its own and is ready once its /healthz answers.
 */

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type RunMode = 'dist' | 'source';

/** Every server process started here and not yet exited, so a runner that is stopped can end them too. */
const children = new Set<ChildProcess>();

export function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Kills (SIGKILL) every child still running; safe to call from an 'exit' handler. */
export function killChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
}

/** The built servers exist (`pnpm exec tsc -b shared upstream gateway`). */
export function builtServersExist(): boolean {
  return existsSync(join(repoRoot, 'upstream/dist/server.js')) && existsSync(join(repoRoot, 'gateway/dist/server.js'));
}

interface Command {
  args: string[];
  env: Record<string, string>;
}

const OUTPUT_KEPT = 40_000;
/** The shortest wait for one readiness probe, even at the end of the start timeout. */
const PROBE_MIN_MS = 2000;

export class ServerProcess {
  child: ChildProcess | undefined;
  private log = '';
  private exitedPromise: Promise<number | NodeJS.Signals | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly command: Command,
    private readonly readyPath = '/healthz',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return this.log;
  }

  /** Starts (or starts again, on the same port) and resolves once the ready path answers 2xx. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(process.execPath, this.command.args, {
      cwd: repoRoot,
      env: minimalEnv(this.command.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    track(child);
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exitedPromise = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited while starting:\n${this.log}`);
      try {
        // A slow answer still counts (a loaded machine took 6 s to answer the upstream's health check): each probe may take what is left of the wait.
        const res = await fetch(`${this.url}${this.readyPath}`, { signal: AbortSignal.timeout(Math.max(PROBE_MIN_MS, until - Date.now())) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) {
        child.kill('SIGKILL');
        throw new Error(`${this.name} did not answer ${this.readyPath} within ${timeoutMs} ms:\n${this.log}`);
      }
      await sleep(100);
    }
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`); resolves with the exit code or signal. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<number | NodeJS.Signals | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const result = await this.exitedPromise;
    clearTimeout(timer);
    return result;
  }

  /** CPU time used so far (user + system), seconds, from /proc (Linux). */
  cpuSeconds(): number | undefined {
    const pid = this.pid;
    if (pid === undefined || !this.running) return undefined;
    return cpuSecondsOf(pid);
  }

  /** Resident set size and peak from /proc (Linux), in bytes. */
  memory(): { rss: number; hwm: number } | undefined {
    const pid = this.pid;
    if (pid === undefined || !this.running) return undefined;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
    } catch {
      return undefined;
    }
  }
}

/** CPU time a process used so far (user + system), seconds, from /proc/<pid>/stat (Linux; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU time the whole machine spent busy so far (every core), seconds, from /proc/stat. */
export function machineBusySeconds(): number | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...values] = line.trim().split(/\s+/);
    const n = values.map(Number);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return (total - idle) / 100;
  } catch {
    return undefined;
  }
}

function entry(pkg: 'upstream' | 'gateway', mode: RunMode, nodeArgs: string[]): string[] {
  return mode === 'dist'
    ? [...nodeArgs, join(repoRoot, pkg, 'dist/server.js')]
    : [...nodeArgs, '--conditions=source', '--import', 'tsx', join(repoRoot, pkg, 'src/server.ts')];
}

export interface UpstreamOptions {
  mode: RunMode;
  dataDir: string;
  serviceKey: string;
  /** postgres://…; PGlite in `dataDir` when absent. */
  databaseUrl?: string;
  port?: number;
  publicUrl?: string;
  logLevel?: string;
  /** Further environment (PAYMENT_PROVIDER, PAYSTACK_SECRET_KEY, …). */
  env?: Record<string, string>;
}

export async function createUpstream(o: UpstreamOptions): Promise<ServerProcess> {
  const port = o.port ?? (await freePort());
  const env: Record<string, string> = {
    UPSTREAM_PORT: String(port),
    UPSTREAM_HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    GATEWAY_SERVICE_KEY: o.serviceKey,
    PUBLIC_URL: o.publicUrl ?? 'http://127.0.0.1:3000',
    SEED_DEMO: 'true',
    LOG_LEVEL: o.logLevel ?? 'warn',
    // scrypt's lowest cost: the suites sign in thousands of times, and the cost is not what they test.
    PASSWORD_HASH_COST: '10',
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...o.env,
  };
  return new ServerProcess('upstream', port, { args: entry('upstream', o.mode, []), env });
}

export interface GatewayOptions {
  mode: RunMode;
  upstreamUrl: string;
  serviceKey: string;
  origin: string;
  instanceId: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  port?: number;
  logLevel?: string;
  /** Further environment (RATE_LIMIT_PER_MINUTE, POLL_INTERVAL_MS, …). */
  env?: Record<string, string>;
  nodeArgs?: string[];
}

export async function createGateway(o: GatewayOptions): Promise<ServerProcess> {
  const port = o.port ?? (await freePort());
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    UPSTREAM_URL: o.upstreamUrl,
    GATEWAY_SERVICE_KEY: o.serviceKey,
    ALLOWED_ORIGINS: o.origin,
    INSTANCE_ID: o.instanceId,
    WEB_DIST: '/nonexistent/web/dist',
    LOG_LEVEL: o.logLevel ?? 'warn',
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
    ...(o.redisKeyPrefix ? { REDIS_KEY_PREFIX: o.redisKeyPrefix } : {}),
    ...o.env,
  };
  return new ServerProcess(`gateway ${o.instanceId}`, port, { args: entry('gateway', o.mode, o.nodeArgs ?? []), env });
}

/** A test file's upstream and gateway (see createServerPair). */
export interface ServerPair {
  upstream: ServerProcess;
  gateway: ServerProcess;
  /** Stops both (those that started), kills any child left, and removes the upstream's data: its folder, and its schemas on PostgreSQL. */
  stop(): Promise<void>;
}

/**
 * An upstream (demo seeded) and a gateway in front of it, run from source and not yet started: `name`
 * names their data, their service key and the gateway's instance. With DATABASE_URL (CI) the upstream
 * runs on that PostgreSQL server in a schema of its own, as in production; without it, on PGlite in a
 * temporary folder. A fresh PGlite database costs the upstream about three times the CPU to create,
 * migrate and seed (18 s against 5 s on a loaded 2-core machine, docs/decisions.md).
 */
export async function createServerPair(
  name: string,
  o: { origin: string; upstream?: Partial<Omit<UpstreamOptions, 'mode' | 'dataDir' | 'serviceKey'>>; gateway?: Partial<Omit<GatewayOptions, 'mode' | 'upstreamUrl' | 'serviceKey' | 'origin'>> },
): Promise<ServerPair> {
  const dataDir = mkdtempSync(join(tmpdir(), `tapcard-${name}-`));
  const serviceKey = `${name}-${Date.now()}-service-key-0123456789`;
  const databaseUrl = testEnv.databaseUrl();
  // The upstream creates the schema and keeps its tables there.
  const schema = databaseUrl ? `pair_${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`.toLowerCase() : undefined;
  const upstream = await createUpstream({
    mode: 'source',
    dataDir,
    serviceKey,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...o.upstream,
    env: { ...(schema ? { DATABASE_SCHEMA: schema } : {}), ...o.upstream?.env },
  });
  const gateway = await createGateway({ mode: 'source', upstreamUrl: upstream.url, serviceKey, origin: o.origin, instanceId: name, ...o.gateway });
  return {
    upstream,
    gateway,
    async stop() {
      await gateway.stop();
      await upstream.stop();
      killChildren();
      if (databaseUrl && schema) await dropUpstreamSchemas(databaseUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
