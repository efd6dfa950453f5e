import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { builtServersExist, killChildren } from '../../support/processes.js';
import type { RunMode } from '../../support/processes.js';
import type { RedisHandle } from '@tapcard/testkit/redis';
import { forcedDisconnects, gatewayRestart, reconnectStorm, slowReader } from '../../support/scenarios.js';
import type { ScenarioContext } from '../../support/scenarios.js';
import { STACK_ENVIRONMENT_HELP, startStack } from '../../support/stack.js';
import type { Stack } from '../../support/stack.js';
import { moderation } from './moderation.js';
import type { ModerationResult } from './moderation.js';
import { steady } from './steady.js';
import type { SteadyResult } from './steady.js';
import { WorkerFleet } from './worker-fleet.js';
import { testEnv } from '../../support/env.js';
import { benchRedis, parseRunArgs, runBench } from '../../support/run-args.js';

/**
 * `pnpm bench:realtime [options]` — the realtime benchmark (steady chat) and "realtime under
 * faults", on this machine, in one run. See README.md beside this file.
 */

const HELP = `Usage: pnpm bench:realtime [options]
  --scenario <s>     steady (default) | moderation | faults | all | disconnects | restart | storm | slow
  --n <list>         clients of the steady scenario, comma separated (default 1000)
  --duration <s>     seconds of chat in each design of the steady scenario (default 60)
  --rate <n>         chat messages per second, in total (default 3)
  --writers <n>      attendees who post (default 5)
  --connect-rate <n> socket connections opened per second (default 250)
  --workers <n>      client worker processes (default: one per 1,250 clients, at least 1)
  --poll-cap <n>     polling design: requests in flight at most (default 256)
  --poll-timeout <ms> polling design: request timeout (default 5000)
  --skip-polling     run the socket design only
  --removals <n>     moderation scenario: messages posted, then removed one by one (default 20)
  --removal-gap <ms> moderation scenario: pause between two removals (default 500)
  --fault-clients <n>   clients of the disconnect, restart and slow-reader scenarios (default 1000)
  --storm-sockets <n>   sockets of the storm scenario (default 2000)
  --drop-every <s>      disconnect scenario: seconds between forced disconnects (default 15)
  --drop-for <s>        disconnect scenario: how long it runs (default 120)
  --slow-window <s>     slow-reader scenario: seconds measured before and during the stall (default 30)
  --slow-wait <s>       slow-reader scenario: longest wait for the server to drop the stalled socket (default 90)
  --mode <m>         dist (default: node <pkg>/dist/server.js) | source (tsx on src)
  --gateway-env K=V  extra gateway environment (repeatable)
  --no-write         do not write results/*.json
Environment: ${STACK_ENVIRONMENT_HELP}`;

const values = parseRunArgs(HELP, {
  scenario: { type: 'string', default: 'steady' },
  n: { type: 'string', default: '1000' },
  duration: { type: 'string', default: '60' },
  rate: { type: 'string', default: '3' },
  writers: { type: 'string', default: '5' },
  'connect-rate': { type: 'string', default: '250' },
  workers: { type: 'string' },
  'poll-cap': { type: 'string', default: '256' },
  'poll-timeout': { type: 'string', default: '5000' },
  'skip-polling': { type: 'boolean', default: false },
  removals: { type: 'string', default: '20' },
  'removal-gap': { type: 'string', default: '500' },
  'fault-clients': { type: 'string', default: '1000' },
  'storm-sockets': { type: 'string', default: '2000' },
  'drop-every': { type: 'string', default: '15' },
  'drop-for': { type: 'string', default: '120' },
  'slow-window': { type: 'string', default: '30' },
  'slow-wait': { type: 'string', default: '90' },
  mode: { type: 'string', default: 'dist' },
  'gateway-env': { type: 'string', multiple: true, default: [] },
});

const int = (name: string, raw: string | undefined): number => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number (got ${raw})`);
  return n;
};

const scenario = values.scenario;
const known = ['steady', 'moderation', 'faults', 'all', 'disconnects', 'restart', 'storm', 'slow'];
if (!known.includes(scenario)) throw new Error(`--scenario must be one of ${known.join(', ')}`);
const mode = values.mode as RunMode;
if (mode !== 'dist' && mode !== 'source') throw new Error('--mode must be dist or source');
if (mode === 'dist' && !builtServersExist()) throw new Error('Build the servers first: pnpm exec tsc -b shared upstream gateway (or pass --mode source)');
const ns = values.n.split(',').map((v) => int('n', v));
const rate = int('rate', values.rate);
const writersCount = int('writers', values.writers);
const connectPerSecond = int('connect-rate', values['connect-rate']);
const gatewayEnv: Record<string, string> = {};
for (const pair of values['gateway-env']) {
  const at = pair.indexOf('=');
  if (at < 1) throw new Error(`--gateway-env takes KEY=VALUE (got ${pair})`);
  gatewayEnv[pair.slice(0, at)] = pair.slice(at + 1);
}
const workersFor = (clients: number) => (values.workers ? int('workers', values.workers) : Math.max(1, Math.ceil(clients / 1250)));

const here = fileURLToPath(new URL('.', import.meta.url));
const databaseUrl = testEnv.databaseUrl();
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpu: model,
    cores: cpus().length,
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadAverageAtStart: loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => (Number.isFinite(v) ? `${v} ms` : 'n/a');
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const cpuLine = (c: { benchCores: number; perProcess: Record<string, string> }) =>
  `${c.benchCores} (${Object.entries(c.perProcess)
    .filter(([name]) => !name.startsWith('worker'))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}, clients ${Object.entries(c.perProcess)
    .filter(([name]) => name.startsWith('worker'))
    .reduce((sum, [, v]) => sum + Number.parseInt(v, 10), 0)}%)`;
const gcPair = (p: { rssBytes: number; heapBytes: number } | null) => (p ? `${kb(p.rssBytes)} / ${kb(p.heapBytes)}` : 'n/a');

function steadyTable(r: SteadyResult): string {
  const s = r.socket;
  const p = r.polling;
  // The write-through work's targets: 100 ms at 1,000 clients, 250 ms at 5,000 (the spec's own is 500 ms at 5,000).
  const p99Target = r.n <= 1000 ? 100 : 250;
  const rows: string[][] = [
    ['', 'socket design (gateway)', 'polling design (no socket)', 'target', 'socket vs target'],
    ['clients', `${s.connect.started} (${s.connectionsPerGateway.join(' + ')})`, p ? String(p.clients) : '-', '', ''],
    [
      'upstream reads/s for the event',
      `${s.chat.readsPerS} (live polls ${s.chat.livePollsPerS}; idle ${s.idle.livePollsPerS})`,
      p ? `${p.rates.readsPerS} (token ${p.rates.tokenReadsPerS})` : '-',
      '<= 1.2',
      mark(s.chat.readsPerS <= 1.2),
    ],
    ['  chat writes/s (both designs)', String(s.chat.writesPerS), p ? String(p.rates.writesPerS) : '-', '', ''],
    ['  polls due / answered per s', '-', p ? `${p.pollsDuePerS} / ${p.pollsOkPerS} (errors ${p.errors}, timeouts ${p.timeouts}, skipped ${p.skipped})` : '-', '', ''],
    ['write-to-receipt p50', ms(s.delivery.latencyMs.p50), p ? ms(p.delivery.latencyMs.p50) : '-', '', ''],
    ['write-to-receipt p95', ms(s.delivery.latencyMs.p95), p ? ms(p.delivery.latencyMs.p95) : '-', '', ''],
    ['write-to-receipt p99', ms(s.delivery.latencyMs.p99), p ? ms(p.delivery.latencyMs.p99) : '-', `<= ${p99Target} ms`, mark(s.delivery.latencyMs.p99 <= p99Target)],
    ['write-to-receipt max', ms(s.delivery.latencyMs.max), p ? ms(p.delivery.latencyMs.max) : '-', '', ''],
    ['  per message, first receipt p50/p99', `${ms(s.delivery.firstReceiptMs.p50)} / ${ms(s.delivery.firstReceiptMs.p99)}`, p ? `${ms(p.delivery.firstReceiptMs.p50)} / ${ms(p.delivery.firstReceiptMs.p99)}` : '-', '', ''],
    ['  per message, last receipt p50/p99', `${ms(s.delivery.lastReceiptMs.p50)} / ${ms(s.delivery.lastReceiptMs.p99)}`, p ? `${ms(p.delivery.lastReceiptMs.p50)} / ${ms(p.delivery.lastReceiptMs.p99)}` : '-', '', ''],
    ['  write answered (POST through the proxy) p50/p99', `${ms(s.writer.answerMs.p50)} / ${ms(s.writer.answerMs.p99)}`, p ? `${ms(p.writer.answerMs.p50)} / ${ms(p.writer.answerMs.p99)}` : '-', '', ''],
    ['stages: answer -> receipt at every client p50/p95/p99', `${ms(s.stages.answerToReceiptMs.p50)} / ${ms(s.stages.answerToReceiptMs.p95)} / ${ms(s.stages.answerToReceiptMs.p99)}`, '-', '', ''],
    ['  answer -> emit at the lease holder, mean (p50 / p99 up to)', `${ms(s.stages.answerToEmit.meanMs)} (${ms(s.stages.answerToEmit.p50UpToMs)} / ${ms(s.stages.answerToEmit.p99UpToMs)}), ${s.stages.answerToEmit.count} emits`, '-', '', ''],
    ['  write-through emitted / known from a poll / gap', `${s.stages.writeThrough.emitted ?? 0} / ${s.stages.writeThrough.known ?? 0} / ${s.stages.writeThrough.gap ?? 0}`, '-', '', ''],
    ['  first receipt p50/p99: holder\'s clients | other gateway\'s (Redis)', `${ms(s.stages.holderGateway.firstReceiptMs.p50)} / ${ms(s.stages.holderGateway.firstReceiptMs.p99)} | ${ms(s.stages.otherGateway.firstReceiptMs.p50)} / ${ms(s.stages.otherGateway.firstReceiptMs.p99)}`, '-', '', ''],
    ['  last receipt p50/p99: holder\'s clients | other gateway\'s (Redis)', `${ms(s.stages.holderGateway.lastReceiptMs.p50)} / ${ms(s.stages.holderGateway.lastReceiptMs.p99)} | ${ms(s.stages.otherGateway.lastReceiptMs.p50)} / ${ms(s.stages.otherGateway.lastReceiptMs.p99)}`, '-', '', ''],
    ['gateway memory / connection, RSS (N vs 0)', kb(s.memory.fromZero.rssBytes), '-', '<= 30 KB', mark(s.memory.fromZero.rssBytes <= 30 * 1024)],
    ['  heap (N vs 0)', kb(s.memory.fromZero.heapBytes), '-', '', ''],
    ['  RSS / heap (N vs 0), after forced GC', gcPair(s.memory.fromZeroAfterGc), '-', '', ''],
    ['  RSS / heap marginal (N vs N/2)', gcPair(s.memory.marginal), '-', '', ''],
    ['  RSS / heap marginal, after forced GC', gcPair(s.memory.marginalAfterGc), '-', '<= 30 KB', s.memory.marginalAfterGc ? mark(s.memory.marginalAfterGc.rssBytes <= 30 * 1024) : ''],
    ['messages lost (after resync)', `${s.delivery.lost} of ${s.delivery.expected}`, p ? `${p.delivery.lost} of ${p.delivery.expected}` : '-', '0', mark(s.delivery.lost === 0)],
    ['  lost before the final resync', `${s.deliveryLive.lost}`, '-', '', ''],
    ['CPU in the chat window (cores of 2)', cpuLine(s.cpu), p ? cpuLine(p.cpu) : '-', '', ''],
    ['  of which other work on the machine', `${s.cpu.otherCores}`, p ? `${p.cpu.otherCores}` : '-', '', ''],
  ];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')).join('\n');
}

function moderationTable(r: ModerationResult): string {
  const rows: string[][] = [
    ['', 'measured', 'target', ''],
    ['clients', `${r.connect.started} (${r.connectionsPerGateway.join(' + ')})`, '', ''],
    ['messages removed', `${r.removal.expected / Math.max(1, r.removal.clients)} (${r.removeFailed} refused)`, '', ''],
    ['removal to every client p50', ms(r.removal.latencyMs.p50), '', ''],
    ['removal to every client p95', ms(r.removal.latencyMs.p95), '', ''],
    ['removal to every client p99', ms(r.removal.latencyMs.p99), '<= 500 ms', mark(r.removal.latencyMs.p99 <= 500)],
    ['removal to every client max', ms(r.removal.latencyMs.max), '', ''],
    ['  per removal, first client p50/p99', `${ms(r.removal.firstReceiptMs.p50)} / ${ms(r.removal.firstReceiptMs.p99)}`, '', ''],
    ['  per removal, last client p50/p99', `${ms(r.removal.lastReceiptMs.p50)} / ${ms(r.removal.lastReceiptMs.p99)}`, '', ''],
    ['  removal answered (POST through the proxy) p50/p99', `${ms(r.removeAnswerMs.p50)} / ${ms(r.removeAnswerMs.p99)}`, '', ''],
    ['removals never seen', `${r.removal.lost} of ${r.removal.expected}`, '0', mark(r.removal.lost === 0)],
    ['removed messages that came with their text', String(r.removedWithText), '0', mark(r.removedWithText === 0)],
    ['version gaps seen / invalid payloads', `${r.gapsSeen} / ${r.invalidPayloads}`, '', ''],
  ];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')).join('\n');
}

async function withStack<T>(redis: RedisHandle, attendees: number, label: string, fn: (stack: Stack) => Promise<T>): Promise<T> {
  const stack = await startStack({
    mode,
    redis,
    gateways: 2,
    attendees,
    writers: writersCount,
    label,
    inspect: true,
    gatewayEnv,
    ...(databaseUrl ? { databaseUrl } : {}),
    log,
  });
  try {
    return await fn(stack);
  } finally {
    await stack.stop();
  }
}

function save(name: string, data: unknown): void {
  if (values['no-write']) return;
  const dir = `${here}results`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${new Date().toISOString().slice(0, 10)}-${name}.json`;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  log(`results written to ${file.replace(`${process.cwd()}/`, '')}`);
}

// Stopped or crashed: the servers it started go with it (worker processes exit with their IPC channel).
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

// The machine is shared: the highest 1-minute load average seen during each part is kept with its results.
let loadMax = 0;
const loadSampler = setInterval(() => (loadMax = Math.max(loadMax, loadavg()[0] ?? 0)), 5000);
loadSampler.unref();
const takeLoadMax = () => {
  const seen = Math.round(Math.max(loadMax, loadavg()[0] ?? 0) * 100) / 100;
  loadMax = 0;
  return seen;
};

const redis = await benchRedis();
const info = {
  machine: machine(),
  database: databaseUrl ? 'PostgreSQL (DATABASE_URL), a schema of its own' : 'PGlite (embedded), a temporary DATA_DIR',
  redis: redis.source === 'env' ? `REDIS_URL (${redis.url}), a key prefix of its own` : `${redis.source === 'container' ? 'a Redis container' : 'spawned redis-server'} (${redis.url})`,
  serversRunFrom: mode,
  gatewayEnv,
};
log(`machine: ${info.machine.cpu}, ${info.machine.cores} cores, ${info.machine.ramGiB} GiB, Node ${info.machine.node}; load ${info.machine.loadAverageAtStart.join(' ')}`);
log(`database: ${info.database}; redis: ${info.redis}`);

await runBench(redis, async () => {
  let failed = false;
  if (scenario === 'steady' || scenario === 'all') {
    for (const n of ns) {
      const result = await withStack(redis, n, `bench${n}`, async (stack) => {
        log(`upstream database: ${stack.database}`);
        return steady(
          stack,
          {
            n,
            durationMs: int('duration', values.duration) * 1000,
            perSecond: rate,
            connectPerSecond,
            workers: workersFor(n),
            idleMs: 10_000,
            pollIntervalMs: 1000,
            pollMaxInFlight: int('poll-cap', values['poll-cap']),
            pollTimeoutMs: int('poll-timeout', values['poll-timeout']),
            skipPolling: values['skip-polling'],
          },
          log,
        );
      });
      console.log(`\nN = ${n}, ${result.durationS} s of chat at ${result.chatPerS} messages/s (load average: highest 1-minute ${loadMax.toFixed(2)})\n${steadyTable(result)}\n`);
      const full = { ...info, loadAverageAtEnd: loadavg().map((v) => Math.round(v * 100) / 100), loadAverage1mMaxDuringRun: takeLoadMax(), result };
      console.log(JSON.stringify(full));
      // One file per run (the time in its name): the README takes the median of several.
      save(`${n}-${new Date().toISOString().slice(11, 16).replace(':', '')}`, full);
    }
  }

  if (scenario === 'moderation' || scenario === 'all') {
    for (const n of ns) {
      const result = await withStack(redis, n, `moderation${n}`, async (stack) => {
        log(`upstream database: ${stack.database}`);
        return moderation(stack, { n, removals: int('removals', values.removals), gapMs: int('removal-gap', values['removal-gap']), connectPerSecond, workers: workersFor(n) }, log);
      });
      console.log(`\nModeration, N = ${n} (load average: highest 1-minute ${loadMax.toFixed(2)})\n${moderationTable(result)}\n`);
      const full = { ...info, loadAverageAtEnd: loadavg().map((v) => Math.round(v * 100) / 100), loadAverage1mMaxDuringRun: takeLoadMax(), moderation: result };
      console.log(JSON.stringify(full));
      // One file per run (the time in its name): the README takes the median of several.
      save(`moderation-${n}-${new Date().toISOString().slice(11, 16).replace(':', '')}`, full);
      if (result.removal.lost > 0 || result.removedWithText > 0) failed = true;
    }
  }

  const faults = scenario === 'faults' || scenario === 'all' ? ['disconnects', 'restart', 'storm', 'slow'] : ['disconnects', 'restart', 'storm', 'slow'].filter((s) => s === scenario);
  if (faults.length > 0) {
    const faultClients = int('fault-clients', values['fault-clients']);
    const stormSockets = int('storm-sockets', values['storm-sockets']);
    const results: Record<string, unknown> = {};
    await withStack(redis, Math.max(faultClients, stormSockets), 'faults', async (stack) => {
      const ctx: ScenarioContext = {
        stack,
        fleet: (clients, perSecond) =>
          new WorkerFleet({ gateways: stack.gateways.map((g) => g.url), origin: stack.origin, clients, workers: workersFor(Math.max(clients.length, stormSockets / 2)), connectPerSecond: perSecond }),
        log,
      };
      if (faults.includes('disconnects')) {
        results.disconnects = await forcedDisconnects(ctx, { clients: faultClients, everyMs: int('drop-every', values['drop-every']) * 1000, durationMs: int('drop-for', values['drop-for']) * 1000, perSecond: rate, connectPerSecond });
        log(`(a) ${JSON.stringify(results.disconnects)}`);
      }
      if (faults.includes('restart')) {
        results.restart = await gatewayRestart(ctx, { clients: faultClients, perSecond: rate, connectPerSecond, aroundMs: 10_000 });
        log(`(b) ${JSON.stringify(results.restart)}`);
      }
      if (faults.includes('storm')) {
        results.storm = await reconnectStorm(ctx, { sockets: stormSockets, rounds: 2, perSecond: 1000, abortShare: 0.3, holdMaxMs: 2000 });
        log(`(c) ${JSON.stringify(results.storm)}`);
      }
      if (faults.includes('slow')) {
        results.slow = await slowReader(ctx, { clients: faultClients, perSecond: rate, connectPerSecond, windowMs: int('slow-window', values['slow-window']) * 1000, maxDropWaitMs: int('slow-wait', values['slow-wait']) * 1000, floodEveryMs: 200 });
        log(`(d) ${JSON.stringify(results.slow)}`);
      }
    });
    const full = { ...info, loadAverageAtEnd: loadavg().map((v) => Math.round(v * 100) / 100), loadAverage1mMaxDuringRun: takeLoadMax(), faults: results };
    console.log(JSON.stringify(full));
    save('faults', full);
  }
  return failed;
});
