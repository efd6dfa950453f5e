import { countsBetween } from '../../support/counting-proxy.js';
import type { Counts } from '../../support/counting-proxy.js';
import type { ClientSpec, PollSpec } from '../../support/fleet.js';
import { gatewayState, scrapeMetrics } from '../../support/metrics.js';
import type { Metrics } from '../../support/metrics.js';
import { sleep, waitFor } from '@tapcard/testkit/wait';
import { cpuSecondsOf, machineBusySeconds } from '../../support/processes.js';
import { preciseNow } from '../../support/realtime-client.js';
import { summarise } from '../../support/scenarios.js';
import type { DeliverySummary } from '../../support/scenarios.js';
import type { Stack } from '../../support/stack.js';
import { distribution, round } from '../../support/stats.js';
import type { Distribution } from '../../support/stats.js';
import { ChatWriter } from '../../support/writer.js';
import { collectGarbage, inspectorAvailable } from './inspector.js';
import { WorkerFleet, WorkerPolls } from './worker-fleet.js';

/**
 * The steady benchmark: N socket clients on one event's arena across two gateways while chat flows,
 * then the polling design (N clients polling the token endpoint every second) on the same stack.
 */

export interface SteadyOptions {
  n: number;
  durationMs: number;
  perSecond: number;
  connectPerSecond: number;
  workers: number;
  idleMs: number;
  pollIntervalMs: number;
  pollMaxInFlight: number;
  pollTimeoutMs: number;
  skipPolling: boolean;
}

interface Memory {
  rss: number;
  heapUsed: number;
}

/** A gateway's memory as read (`raw`) and right after a forced full GC (`gc`, when the inspector could be reached). */
interface Reading {
  raw: Memory;
  gc: Memory | null;
}

export interface PerConnection {
  rssBytes: number;
  heapBytes: number;
}

export interface GatewayMemory {
  gateway: number;
  connectionsAtHalf: number;
  connections: number;
  before: Reading;
  atHalf: Reading;
  after: Reading;
  afterChat: Reading;
}

export interface MemoryFigures {
  perGateway: GatewayMemory[];
  /** (memory with N connections − memory with none) / N, both gateways together, as read. */
  fromZero: PerConnection;
  /** The same with both readings taken right after a forced full GC. */
  fromZeroAfterGc: PerConnection | null;
  /** (memory at N − memory at N/2) / (N/2): the cost of one more connection, without the fixed costs of the first ones. */
  marginal: PerConnection;
  marginalAfterGc: PerConnection | null;
}

interface Rates {
  windowS: number;
  /** Requests the upstream received about the event, per second, by kind. */
  livePollsPerS: number;
  tokenReadsPerS: number;
  writesPerS: number;
  otherPerS: number;
  /** Reads only (live polls + token reads + other), i.e. everything but the chat posts themselves. */
  readsPerS: number;
  totalPerS: number;
  failed: number;
}

function rates(counts: Counts, eventId: string, windowS: number): Rates {
  const live = counts.livePerEvent[eventId] ?? 0;
  const per = (n: number) => round(n / windowS, 2);
  return {
    windowS: round(windowS, 1),
    livePollsPerS: per(live),
    tokenReadsPerS: per(counts.byKind.token),
    writesPerS: per(counts.byKind.chat),
    otherPerS: per(counts.byKind.other),
    readsPerS: per(live + counts.byKind.token + counts.byKind.other),
    totalPerS: per(counts.total),
    failed: counts.failed,
  };
}

/** CPU used during a window, in cores (1 = one core busy all along), by this benchmark's processes and by the rest of the machine. */
export interface CpuWindow {
  seconds: number;
  /** Each of the benchmark's processes, in % of one core. */
  perProcess: Record<string, string>;
  benchCores: number;
  machineCores: number;
  /** Everything else running on the machine meanwhile (other people's work on a shared machine). */
  otherCores: number;
}

interface CpuMark {
  at: number;
  machine: number;
  self: number;
  per: Record<string, number>;
}

class CpuMeter {
  constructor(private readonly processes: () => Record<string, number | undefined>) {}

  mark(): CpuMark {
    const per: Record<string, number> = {};
    for (const [name, pid] of Object.entries(this.processes())) if (pid !== undefined) per[name] = cpuSecondsOf(pid) ?? NaN;
    const self = process.cpuUsage();
    return { at: preciseNow(), machine: machineBusySeconds() ?? NaN, self: (self.user + self.system) / 1e6, per };
  }

  since(start: CpuMark): CpuWindow {
    const end = this.mark();
    const seconds = (end.at - start.at) / 1000;
    const perProcess: Record<string, string> = {};
    let bench = end.self - start.self;
    perProcess.runner = `${Math.round(((end.self - start.self) / seconds) * 100)}%`;
    for (const [name, before] of Object.entries(start.per)) {
      const used = (end.per[name] ?? NaN) - before;
      if (Number.isFinite(used)) bench += used;
      perProcess[name] = `${Math.round((used / seconds) * 100)}%`;
    }
    const machine = end.machine - start.machine;
    return { seconds: round(seconds, 1), perProcess, benchCores: round(bench / seconds, 2), machineCores: round(machine / seconds, 2), otherCores: round((machine - bench) / seconds, 2) };
  }
}

/** The least of a few samples of each gateway's RSS (/proc) and used heap (/metrics). */
async function sample(stack: Stack, samples: number): Promise<Memory[]> {
  const seen: Memory[][] = stack.gateways.map(() => []);
  for (let i = 0; i < samples; i += 1) {
    const figures = await Promise.all(stack.gateways.map((g) => gatewayState(g.url)));
    figures.forEach((f, g) => {
      const proc = stack.gateways[g]?.memory();
      seen[g]?.push({ rss: proc?.rss ?? f.rss, heapUsed: f.heapUsed });
    });
    await sleep(300);
  }
  return seen.map((list) => ({ rss: Math.min(...list.map((m) => m.rss)), heapUsed: Math.min(...list.map((m) => m.heapUsed)) }));
}

/** Each gateway's memory as it stands, then after a forced full GC (see inspector.ts). */
async function memory(stack: Stack): Promise<Reading[]> {
  const raw = await sample(stack, 4);
  if (!inspectorAvailable()) return raw.map((r) => ({ raw: r, gc: null }));
  const collected = await Promise.all(
    stack.gateways.map((g, i) => {
      const port = stack.inspectPorts[i];
      return g.pid !== undefined && port !== undefined ? collectGarbage(g.pid, port) : Promise.resolve(false);
    }),
  );
  const gc = await sample(stack, 3);
  return raw.map((r, i) => ({ raw: r, gc: collected[i] ? (gc[i] ?? null) : null }));
}

/** Growth over both gateways divided by the connections added; null when a reading is missing. */
function growth(list: GatewayMemory[], pick: (m: GatewayMemory) => [Memory | null, Memory | null, number]): PerConnection | null {
  let rss = 0;
  let heap = 0;
  let connections = 0;
  for (const m of list) {
    const [from, to, added] = pick(m);
    if (!from || !to) return null;
    rss += to.rss - from.rss;
    heap += to.heapUsed - from.heapUsed;
    connections += added;
  }
  return { rssBytes: Math.round(rss / Math.max(1, connections)), heapBytes: Math.round(heap / Math.max(1, connections)) };
}

/** A histogram's growth between two scrapes: how many, their mean, and quantiles read from the buckets (their upper bounds). */
export interface HistogramDelta {
  count: number;
  meanMs: number;
  p50UpToMs: number;
  p99UpToMs: number;
}

function histogramDelta(before: Metrics, after: Metrics, name: string): HistogramDelta {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const count = delta(`${name}_count`);
  const buckets = [...after.keys()]
    .flatMap((key) => {
      const le = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\}$`).exec(key)?.[1];
      return le === undefined ? [] : [{ le: le === '+Inf' ? Infinity : Number(le) * 1000, cumulative: delta(key) }];
    })
    .sort((a, b) => a.le - b.le);
  const upTo = (q: number) => buckets.find((b) => b.cumulative >= q * count)?.le ?? NaN;
  return { count, meanMs: count > 0 ? round((delta(`${name}_sum`) / count) * 1000, 1) : NaN, p50UpToMs: upTo(0.5), p99UpToMs: upTo(0.99) };
}

/**
 * Where a message's time goes, stage by stage: the write (its POST answered through the proxy), the
 * lease holder's emit after the answer (write-through, or the poll it woke), then the receipts at the
 * clients of the lease holder's gateway (no Redis hop) and of the other (through the Redis adapter):
 * first receipt (the emit reached a socket) and last (the fan-out over that gateway's sockets).
 */
export interface Stages {
  writeAnsweredMs: Distribution;
  /**
   * From the write's answer reaching the writer to each client's receipt, for every (client, message):
   * the realtime path alone, without the upstream's write (negative when the emit beat the answer back).
   */
  answerToReceiptMs: Distribution;
  /** The lease holder's gateway_write_to_emit_seconds over the chat window. */
  answerToEmit: HistogramDelta;
  /** gateway_write_through_total at the lease holder over the chat window, by outcome. */
  writeThrough: Record<string, number>;
  holderGateway: { firstReceiptMs: Distribution; lastReceiptMs: Distribution };
  otherGateway: { firstReceiptMs: Distribution; lastReceiptMs: Distribution };
}

export interface SocketDesign {
  connect: { started: number; failed: number; tookS: number; errors: string[] };
  connectionsPerGateway: number[];
  /** The gateway holding the event's poll lease (it polls and emits; the other relays through Redis). */
  leaseHolderGateway: number;
  idle: Rates;
  chat: Rates;
  writer: { posted: number; failed: number; errors: string[]; answerMs: Distribution };
  /** Before the final catch-up resync: what the live path alone delivered. */
  deliveryLive: DeliverySummary;
  /** After every client asked for the snapshot once more. */
  delivery: DeliverySummary;
  memory: MemoryFigures;
  gapsSeen: number;
  resyncs: number;
  invalidPayloads: number;
  cpu: CpuWindow;
  gatewayPolls: number[];
  stages: Stages;
}

export interface PollingDesign {
  clients: number;
  windowS: number;
  rates: Rates;
  pollsDuePerS: number;
  pollsSentPerS: number;
  pollsOkPerS: number;
  errors: number;
  timeouts: number;
  skipped: number;
  answerMs: Distribution;
  writer: { posted: number; failed: number; errors: string[]; answerMs: Distribution };
  delivery: DeliverySummary;
  cpu: CpuWindow;
}

export interface SteadyResult {
  n: number;
  durationS: number;
  chatPerS: number;
  socket: SocketDesign;
  polling: PollingDesign | null;
}

export async function steady(stack: Stack, o: SteadyOptions, log: (line: string) => void): Promise<SteadyResult> {
  const gateways = stack.gateways.map((g) => g.url);
  const eventId = stack.event.eventId;
  let workerPids: () => number[] = () => [];
  const meter = new CpuMeter(() => {
    const pids: Record<string, number | undefined> = { upstream: stack.upstream.pid, redis: stack.redisPid };
    stack.gateways.forEach((g, i) => (pids[`gateway${i}`] = g.pid));
    workerPids().forEach((pid, i) => (pids[`worker${i}`] = pid));
    return pids;
  });

  // ── The socket design ──────────────────────────────────────────────────
  const memBefore = await memory(stack);
  const clients: ClientSpec[] = Array.from({ length: o.n }, (_, i) => ({ index: i, tid: stack.tids[i] ?? '', gateway: i % gateways.length, mode: 'robust' }));
  const fleet = new WorkerFleet({ gateways, origin: stack.origin, clients, workers: o.workers, connectPerSecond: o.connectPerSecond });
  workerPids = () => fleet.pids();
  let socket: SocketDesign;
  try {
    const half = Math.floor(o.n / 2);
    log(`connecting ${o.n} socket clients (${o.connectPerSecond}/s, ${o.workers} worker processes): ${half} first, memory read, then the rest`);
    const first = await fleet.start(half);
    await sleep(3000);
    const memHalf = await memory(stack);
    const connectionsAtHalf = (await Promise.all(gateways.map((g) => gatewayState(g)))).map((f) => f.connectedSockets);
    const rest = await fleet.start();
    const started = { started: first.started + rest.started, failed: first.failed + rest.failed, errors: [...first.errors, ...rest.errors].slice(0, 5), tookMs: first.tookMs + rest.tookMs };
    log(`${started.started} subscribed, ${started.failed} failed, in ${(started.tookMs / 1000).toFixed(1)} s of connecting`);
    await sleep(5000);
    const memAfter = await memory(stack);
    const connectionsPerGateway = (await Promise.all(gateways.map((g) => gatewayState(g)))).map((f) => f.connectedSockets);
    const leaseHolderGateway = stack.instanceIds.indexOf((await stack.leaseHolder()) ?? '');

    const idle0 = stack.proxy.counts();
    const idleStart = preciseNow();
    await sleep(o.idleMs);
    const idle = rates(countsBetween(idle0, stack.proxy.counts()), eventId, (preciseNow() - idleStart) / 1000);
    log(`idle: ${idle.livePollsPerS} live polls/s of the event`);

    const polls0 = (await Promise.all(gateways.map((g) => gatewayState(g)))).map((f) => f.polls);
    const holderUrl = gateways[Math.max(0, leaseHolderGateway)] ?? '';
    const holderMetrics0 = await scrapeMetrics(holderUrl);
    const cpu0 = meter.mark();
    const chat0 = stack.proxy.counts();
    const chatStart = preciseNow();
    const writer = new ChatWriter({ gateways, eventId, writers: stack.writers, perSecond: o.perSecond, label: `bench ${o.n}` });
    writer.start();
    log(`posting ${o.perSecond} messages/s for ${o.durationMs / 1000} s`);
    await sleep(o.durationMs);
    const w = await writer.stop();
    await sleep(3000);
    const chatS = (preciseNow() - chatStart) / 1000;
    const chat = rates(countsBetween(chat0, stack.proxy.counts()), eventId, chatS);
    const cpuChat = meter.since(cpu0);
    const polls1 = (await Promise.all(gateways.map((g) => gatewayState(g)))).map((f) => f.polls);
    const holderMetrics1 = await scrapeMetrics(holderUrl);
    const receiptsAt = async (gateway: number) => {
      const r = summarise(await fleet.report(w.sent, { gateway }));
      return { firstReceiptMs: r.firstReceiptMs, lastReceiptMs: r.lastReceiptMs };
    };
    const holderIndex = Math.max(0, leaseHolderGateway);
    const stages: Stages = {
      writeAnsweredMs: distribution(w.answerMs),
      answerToReceiptMs: summarise(await fleet.report(w.answered)).latencyMs,
      answerToEmit: histogramDelta(holderMetrics0, holderMetrics1, 'gateway_write_to_emit_seconds'),
      writeThrough: Object.fromEntries(
        ['emitted', 'known', 'gap'].map((outcome) => {
          const key = `gateway_write_through_total{outcome="${outcome}"}`;
          return [outcome, (holderMetrics1.get(key) ?? 0) - (holderMetrics0.get(key) ?? 0)];
        }),
      ),
      holderGateway: await receiptsAt(holderIndex),
      otherGateway: await receiptsAt((holderIndex + 1) % gateways.length),
    };
    log(`chat: ${w.sent.length} posted; ${chat.livePollsPerS} live polls/s, ${chat.readsPerS} upstream reads/s`);

    const deliveryLive = summarise(await fleet.report(w.sent));
    const status = await fleet.status();
    await fleet.resync();
    await sleep(2000);
    const delivery = summarise(await fleet.report(w.sent));
    const memAfterChat = await memory(stack);

    const none: Reading = { raw: { rss: NaN, heapUsed: NaN }, gc: null };
    const perGateway: GatewayMemory[] = gateways.map((_, g) => ({
      gateway: g,
      connectionsAtHalf: connectionsAtHalf[g] ?? 0,
      connections: connectionsPerGateway[g] ?? 0,
      before: memBefore[g] ?? none,
      atHalf: memHalf[g] ?? none,
      after: memAfter[g] ?? none,
      afterChat: memAfterChat[g] ?? none,
    }));
    const nan = { rssBytes: NaN, heapBytes: NaN };
    const memoryFigures: MemoryFigures = {
      perGateway,
      fromZero: growth(perGateway, (m) => [m.before.raw, m.after.raw, m.connections]) ?? nan,
      fromZeroAfterGc: growth(perGateway, (m) => [m.before.gc, m.after.gc, m.connections]),
      marginal: growth(perGateway, (m) => [m.atHalf.raw, m.after.raw, m.connections - m.connectionsAtHalf]) ?? nan,
      marginalAfterGc: growth(perGateway, (m) => [m.atHalf.gc, m.after.gc, m.connections - m.connectionsAtHalf]),
    };
    socket = {
      connect: { started: started.started, failed: started.failed, tookS: round(started.tookMs / 1000, 1), errors: started.errors },
      connectionsPerGateway,
      leaseHolderGateway,
      idle,
      chat,
      writer: { posted: w.sent.length, failed: w.failed, errors: w.errors, answerMs: distribution(w.answerMs) },
      deliveryLive,
      delivery,
      memory: memoryFigures,
      gapsSeen: status.gaps,
      resyncs: status.resyncs,
      invalidPayloads: status.invalid,
      cpu: cpuChat,
      gatewayPolls: polls1.map((p, i) => p - (polls0[i] ?? 0)),
      stages,
    };
  } finally {
    await fleet.close();
  }
  await waitFor(async () => (await Promise.all(gateways.map((g) => gatewayState(g)))).every((f) => f.connectedSockets === 0 && f.liveEventsPolled === 0), 30_000, 250, 'gateways idle').catch(
    () => log('warning: the gateways still report sockets or pollers 30 s after the clients left'),
  );

  if (o.skipPolling) return { n: o.n, durationS: o.durationMs / 1000, chatPerS: o.perSecond, socket, polling: null };

  // ── The polling design: every client polls its token endpoint ─────────────
  const pollClients: PollSpec[] = Array.from({ length: o.n }, (_, i) => ({ index: i, tid: stack.tids[i] ?? '', gateway: i % gateways.length }));
  const polls = new WorkerPolls({ gateways, clients: pollClients, workers: o.workers, intervalMs: o.pollIntervalMs, maxInFlight: o.pollMaxInFlight, timeoutMs: o.pollTimeoutMs });
  workerPids = () => polls.pids();
  let polling: PollingDesign;
  try {
    await polls.init();
    log(`polling design: ${o.n} clients each polling every ${o.pollIntervalMs} ms (at most ${o.pollMaxInFlight} requests in flight, ${o.pollTimeoutMs} ms timeout)`);
    const cpu0 = meter.mark();
    const c0 = stack.proxy.counts();
    const began = preciseNow();
    await polls.start();
    await sleep(1000);
    const writer = new ChatWriter({ gateways, eventId, writers: stack.writers, perSecond: o.perSecond, label: `poll ${o.n}` });
    writer.start();
    await sleep(o.durationMs);
    const w = await writer.stop();
    await sleep(Math.max(3000, o.pollIntervalMs * 2));
    await polls.stop();
    const windowS = (preciseNow() - began) / 1000;
    const r = rates(countsBetween(c0, stack.proxy.counts()), eventId, windowS);
    const cpuPolling = meter.since(cpu0);
    await sleep(o.pollTimeoutMs);
    const report = await polls.report();
    const delivery = summarise(await polls.delivery(w.sent));
    polling = {
      clients: o.n,
      windowS: round(windowS, 1),
      rates: r,
      pollsDuePerS: round(report.due / windowS, 1),
      pollsSentPerS: round(report.sent / windowS, 1),
      pollsOkPerS: round(report.ok / windowS, 1),
      errors: report.errors,
      timeouts: report.timeouts,
      skipped: report.skipped,
      answerMs: distribution(report.answerMs),
      writer: { posted: w.sent.length, failed: w.failed, errors: w.errors, answerMs: distribution(w.answerMs) },
      delivery,
      cpu: cpuPolling,
    };
    log(`polling: ${polling.pollsOkPerS} answered polls/s of ${polling.pollsDuePerS} due; ${r.tokenReadsPerS} token reads/s reached the upstream`);
  } finally {
    await polls.close();
  }
  return { n: o.n, durationS: o.durationMs / 1000, chatPerS: o.perSecond, socket, polling };
}
