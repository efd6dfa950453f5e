import type { ClientSpec, DeliveryReport, Fleet, SentMessage } from './fleet.js';
import { gatewayState } from './metrics.js';
import type { GatewayFigures } from './metrics.js';
import { sleep, waitFor } from '@tapcard/testkit/wait';
import { preciseNow } from './realtime-client.js';
import type { ClientMode } from './realtime-client.js';
import type { Stack } from './stack.js';
import { distribution } from './stats.js';
import type { Distribution } from './stats.js';
import { ChatWriter } from './writer.js';
import type { WriterReport } from './writer.js';

/**
 * "Realtime under faults", written once and run at two scales: by the benchmark
 * (tests/bench/realtime, clients in worker processes) and, smaller, by the integration tests
 * (tests/integration/realtime-faults.test.ts, clients in the test process).
 */

export interface ScenarioContext {
  stack: Stack;
  /** A fleet over these clients (in this process, or spread over workers). */
  fleet(clients: ClientSpec[], connectPerSecond: number): Fleet;
  log(line: string): void;
}

export interface DeliverySummary {
  clients: number;
  expected: number;
  delivered: number;
  lost: number;
  clientsWithLoss: number;
  clientsOutOfOrder: number;
  viaSnapshot: number;
  latencyMs: Distribution;
  /** Per message: its first receipt by any client (the write-to-emit pipeline) and its last (plus the fan-out). */
  firstReceiptMs: Distribution;
  lastReceiptMs: Distribution;
}

export function summarise(r: DeliveryReport): DeliverySummary {
  return {
    clients: r.clients,
    expected: r.expected,
    delivered: r.delivered,
    lost: r.lost,
    clientsWithLoss: r.clientsWithLoss,
    clientsOutOfOrder: r.clientsOutOfOrder,
    viaSnapshot: r.viaSnapshot,
    latencyMs: distribution(r.latencies),
    firstReceiptMs: distribution(r.firstMs.filter((v) => !Number.isNaN(v))),
    lastReceiptMs: distribution(r.lastMs.filter((v) => !Number.isNaN(v))),
  };
}

function specs(stack: Stack, count: number, mode: (i: number) => ClientMode): ClientSpec[] {
  if (count > stack.tids.length) throw new Error(`only ${stack.tids.length} attendees for ${count} clients`);
  return Array.from({ length: count }, (_, i) => ({ index: i, tid: stack.tids[i] ?? '', gateway: i % stack.gateways.length, mode: mode(i) }));
}

function writerFor(stack: Stack, perSecond: number, label: string): ChatWriter {
  return new ChatWriter({ gateways: stack.gateways.map((g) => g.url), eventId: stack.event.eventId, writers: stack.writers, perSecond, label });
}

function writerSummary(w: WriterReport) {
  return { posted: w.sent.length, failed: w.failed, retriedOnOtherGateway: w.retried, errors: w.errors, answerMs: distribution(w.answerMs) };
}

async function allLive(fleet: Fleet, timeoutMs: number): Promise<boolean> {
  try {
    await waitFor(async () => {
      const s = await fleet.status();
      return s.live === s.clients;
    }, timeoutMs, 250, 'every client live');
    return true;
  } catch {
    return false;
  }
}

/** Waits until the robust clients hold every sent message (they catch up through resyncs), or the timeout. */
async function settle(fleet: Fleet, sent: readonly SentMessage[], timeoutMs: number): Promise<number> {
  const began = preciseNow();
  for (;;) {
    const r = await fleet.report(sent, { mode: 'robust' });
    if (r.lost === 0 || preciseNow() - began > timeoutMs) return preciseNow() - began;
    await sleep(500);
  }
}

// ── (a) Forced disconnects while messages flow, robust vs naive in the same run ──

export interface DisconnectOptions {
  clients: number;
  everyMs: number;
  durationMs: number;
  perSecond: number;
  connectPerSecond: number;
}

export interface DisconnectResult {
  clients: number;
  drops: number;
  durationMs: number;
  everyMs: number;
  writer: ReturnType<typeof writerSummary>;
  /** Every client live again after the last drop. */
  allLiveAgain: boolean;
  settleMs: number;
  robust: DeliverySummary;
  naive: DeliverySummary;
  robustInOrder: boolean;
  status: Awaited<ReturnType<Fleet['status']>>;
}

export async function forcedDisconnects(ctx: ScenarioContext, o: DisconnectOptions): Promise<DisconnectResult> {
  const { stack } = ctx;
  // Half robust, half naive, on both gateways.
  const fleet = ctx.fleet(specs(stack, o.clients, (i) => (Math.floor(i / 2) % 2 === 0 ? 'robust' : 'naive')), o.connectPerSecond);
  try {
    const started = await fleet.start();
    if (started.failed > 0) throw new Error(`${started.failed} clients did not subscribe: ${started.errors.join('; ')}`);
    ctx.log(`(a) ${o.clients} clients live; dropping them all every ${o.everyMs / 1000} s for ${o.durationMs / 1000} s`);
    const writer = writerFor(stack, o.perSecond, 'drops');
    writer.start();
    const began = preciseNow();
    let drops = 0;
    for (let at = o.everyMs; at <= o.durationMs; at += o.everyMs) {
      const wait = began + at - preciseNow();
      if (wait > 0) await sleep(wait);
      const dropped = await fleet.drop();
      drops += 1;
      ctx.log(`(a) drop ${drops}: ${dropped} connections cut`);
    }
    const rest = began + o.durationMs - preciseNow();
    if (rest > 0) await sleep(rest);
    const w = await writer.stop();
    const allLiveAgain = await allLive(fleet, 30_000);
    await sleep(2000);
    const settleMs = await settle(fleet, w.sent, 20_000);
    const robust = summarise(await fleet.report(w.sent, { mode: 'robust' }));
    const naive = summarise(await fleet.report(w.sent, { mode: 'naive' }));
    const status = await fleet.status();
    return {
      clients: o.clients,
      drops,
      durationMs: o.durationMs,
      everyMs: o.everyMs,
      writer: writerSummary(w),
      allLiveAgain,
      settleMs: Math.round(settleMs),
      robust,
      naive,
      robustInOrder: robust.clientsOutOfOrder === 0,
      status,
    };
  } finally {
    await fleet.close();
  }
}

// ── (b) One gateway restarted (SIGTERM, started again on its port) under load ──

export interface RestartOptions {
  clients: number;
  perSecond: number;
  connectPerSecond: number;
  /** Messages keep flowing this long before the restart and after every client is back. */
  aroundMs: number;
}

export interface RestartResult {
  clients: number;
  restarted: { gateway: number; instanceId: string; wasLeaseHolder: boolean; exitCode: string; downMs: number };
  clientsOfRestarted: number;
  reconnected: number;
  /** From SIGTERM to live again, per client of the restarted gateway. */
  reconnectMs: Distribution;
  allWithin10s: boolean;
  otherGatewayDisconnects: number;
  leaseHolderAfter: string | null;
  writer: ReturnType<typeof writerSummary>;
  settleMs: number;
  delivery: DeliverySummary;
}

export async function gatewayRestart(ctx: ScenarioContext, o: RestartOptions): Promise<RestartResult> {
  const { stack } = ctx;
  const fleet = ctx.fleet(specs(stack, o.clients, () => 'robust'), o.connectPerSecond);
  try {
    const started = await fleet.start();
    if (started.failed > 0) throw new Error(`${started.failed} clients did not subscribe: ${started.errors.join('; ')}`);
    const writer = writerFor(stack, o.perSecond, 'restart');
    writer.start();
    await sleep(o.aroundMs);
    const holder = await stack.leaseHolder();
    const leaderIndex = stack.instanceIds.indexOf(holder ?? '');
    const index = leaderIndex >= 0 ? leaderIndex : 0;
    const gateway = stack.gateways[index];
    if (!gateway) throw new Error('no gateway to restart');
    const other = (index + 1) % stack.gateways.length;
    const otherBefore = (await fleet.status({ gateway: other })).disconnects;
    ctx.log(`(b) restarting gateway ${index} (${stack.instanceIds[index]}${leaderIndex >= 0 ? ', the lease holder' : ''}) under ${o.clients} clients`);
    const killedAt = preciseNow();
    const exit = await gateway.stop('SIGTERM');
    await gateway.start(120_000);
    const downMs = preciseNow() - killedAt;
    ctx.log(`(b) gateway ${index} exited (${String(exit)}) and answered again after ${Math.round(downMs)} ms`);
    await waitFor(async () => {
      const s = await fleet.status({ gateway: index });
      return s.live === s.clients;
    }, 30_000, 100, 'clients of the restarted gateway live').catch(() => undefined);
    const back = await fleet.reconnects(killedAt, { gateway: index });
    const clientsOfRestarted = (await fleet.status({ gateway: index })).clients;
    await sleep(o.aroundMs);
    const w = await writer.stop();
    await sleep(2000);
    const settleMs = await settle(fleet, w.sent, 20_000);
    const delivery = summarise(await fleet.report(w.sent));
    const reconnectMs = distribution(back.times);
    return {
      clients: o.clients,
      restarted: { gateway: index, instanceId: stack.instanceIds[index] ?? '', wasLeaseHolder: leaderIndex >= 0, exitCode: String(exit), downMs: Math.round(downMs) },
      clientsOfRestarted,
      reconnected: back.reconnected,
      reconnectMs,
      allWithin10s: back.reconnected === clientsOfRestarted && (back.times.length === 0 || reconnectMs.max <= 10_000),
      otherGatewayDisconnects: (await fleet.status({ gateway: other })).disconnects - otherBefore,
      leaseHolderAfter: await stack.leaseHolder(),
      writer: writerSummary(w),
      settleMs: Math.round(settleMs),
      delivery,
    };
  } finally {
    await fleet.close();
  }
}

// ── (c) A reconnect storm leaves no leaked rooms or pollers ──────────────────

export interface StormScenarioOptions {
  sockets: number;
  rounds: number;
  perSecond: number;
  abortShare: number;
  holdMaxMs: number;
}

export interface StormResult {
  sockets: number;
  rounds: number;
  perSecond: number;
  opened: number;
  subscribed: number;
  aborted: number;
  failed: number;
  before: GatewayFigures[];
  /** At the busiest moment we saw (sockets connected across the gateways). */
  peakConnected: number;
  after: GatewayFigures[];
  leaseKeysAfter: number;
  cleanAfterMs: number;
  clean: boolean;
}

export async function reconnectStorm(ctx: ScenarioContext, o: StormScenarioOptions): Promise<StormResult> {
  const { stack } = ctx;
  const fleet = ctx.fleet([], 1);
  try {
    await fleet.start();
    const before = await Promise.all(stack.gateways.map((g) => gatewayState(g.url)));
    const totals = { opened: 0, subscribed: 0, aborted: 0, failed: 0 };
    let peakConnected = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await Promise.all(stack.gateways.map((g) => gatewayState(g.url).catch(() => undefined)));
        peakConnected = Math.max(peakConnected, now.reduce((s, f) => s + (f?.connectedSockets ?? 0), 0));
        await sleep(250);
      }
    })();
    for (let round = 0; round < o.rounds; round += 1) {
      const clients = specs(stack, o.sockets, () => 'robust');
      const r = await fleet.storm({ clients, perSecond: o.perSecond, abortShare: o.abortShare, holdMaxMs: o.holdMaxMs });
      totals.opened += r.opened;
      totals.subscribed += r.subscribed;
      totals.aborted += r.aborted;
      totals.failed += r.failed;
      ctx.log(`(c) storm round ${round + 1}: ${r.opened} opened, ${r.subscribed} subscribed, ${r.aborted} closed while subscribing, ${r.failed} failed`);
    }
    sampling = false;
    await sampler;
    const stormEnded = preciseNow();
    const baseline = before.map((f) => f.connectedSockets);
    let after: GatewayFigures[] = [];
    let leaseKeysAfter = -1;
    let clean = false;
    for (;;) {
      after = await Promise.all(stack.gateways.map((g) => gatewayState(g.url)));
      leaseKeysAfter = (await stack.leaseKeys()).length;
      clean = after.every((f, i) => f.connectedSockets === baseline[i] && f.liveEventsPolled === 0) && leaseKeysAfter === 0;
      if (clean || preciseNow() - stormEnded > 20_000) break;
      await sleep(250);
    }
    return {
      sockets: o.sockets,
      rounds: o.rounds,
      perSecond: o.perSecond,
      ...totals,
      before,
      peakConnected,
      after,
      leaseKeysAfter,
      cleanAfterMs: Math.round(preciseNow() - stormEnded),
      clean,
    };
  } finally {
    await fleet.close();
  }
}

// ── (d) A client that stops reading is dropped without slowing the others ────

export interface SlowReaderOptions {
  clients: number;
  perSecond: number;
  connectPerSecond: number;
  /** The length of the window measured before the stall (the one during it is at least as long). */
  windowMs: number;
  /** How long to wait for the server to drop the stalled sockets. */
  maxDropWaitMs: number;
  /** A second stalled client asks for a snapshot this often, so data piles up for it (0: no such client). */
  floodEveryMs: number;
}

export interface SlowReaderResult {
  clients: number;
  stalledGateway: number;
  /**
   * A client that simply stops reading (little is sent to it): from the stall to the server's
   * disconnect, ms (its connected-sockets gauge going down); null when not within the wait.
   */
  quietDroppedAfterMs: number | null;
  /** A client that stops reading while asking for snapshots (data piles up for it): dropped by the unsent-bytes limit. */
  floodDroppedAfterMs: number | null;
  slowConsumersDropped: number;
  before: DeliverySummary;
  during: DeliverySummary;
  /** The others' p99 during the stall against before it. */
  p99Ratio: number;
  /** During the stall, in the same window: the clients of the stalled sockets' gateway, and of the other one (a control free of the machine's load changing over time). */
  duringSameGateway: DeliverySummary;
  duringOtherGateway: DeliverySummary;
}

export async function slowReader(ctx: ScenarioContext, o: SlowReaderOptions): Promise<SlowReaderResult> {
  const { stack } = ctx;
  const clients = specs(stack, o.clients, () => 'robust');
  const fleet = ctx.fleet(clients, o.connectPerSecond);
  // Two clients of the same gateway (indices of one parity share a gateway).
  const quiet = 0;
  const flooder = o.floodEveryMs > 0 ? stack.gateways.length : undefined;
  const stalled = flooder === undefined ? [quiet] : [quiet, flooder];
  try {
    const started = await fleet.start();
    if (started.failed > 0) throw new Error(`${started.failed} clients did not subscribe: ${started.errors.join('; ')}`);
    const gateway = clients[quiet]?.gateway ?? 0;
    const gatewayUrl = stack.gateways[gateway]?.url ?? '';
    const writer1 = writerFor(stack, o.perSecond, 'before-stall');
    writer1.start();
    await sleep(o.windowMs);
    const w1 = await writer1.stop();
    await sleep(1000);
    const figuresBefore = await gatewayState(gatewayUrl);
    const writer2 = writerFor(stack, o.perSecond, 'during-stall');
    writer2.start();
    const paused = await fleet.pause({ indices: stalled });
    if (paused !== stalled.length) throw new Error('could not stall the clients');
    const stalledAt = preciseNow();
    if (flooder !== undefined) await fleet.flood({ indices: [flooder] }, o.floodEveryMs);
    ctx.log(
      `(d) client${stalled.length > 1 ? 's' : ''} ${stalled.join(' and ')} stopped reading on gateway ${gateway}${flooder === undefined ? '' : ` (client ${flooder} also asks for a snapshot every ${o.floodEveryMs} ms)`}; messages keep flowing to the others`,
    );
    let quietDroppedAfterMs: number | null = null;
    let floodDroppedAfterMs: number | null = null;
    let slowConsumersDropped = 0;
    while (preciseNow() - stalledAt < o.maxDropWaitMs && (quietDroppedAfterMs === null || (flooder !== undefined && floodDroppedAfterMs === null))) {
      const now = await gatewayState(gatewayUrl);
      const gone = figuresBefore.connectedSockets - now.connectedSockets;
      slowConsumersDropped = now.slowConsumersDropped - figuresBefore.slowConsumersDropped;
      const at = Math.round(preciseNow() - stalledAt);
      if (floodDroppedAfterMs === null && slowConsumersDropped >= 1) floodDroppedAfterMs = at;
      if (quietDroppedAfterMs === null && gone - slowConsumersDropped >= 1) quietDroppedAfterMs = at;
      await sleep(200);
    }
    // Keep measuring the others at least as long as the first window.
    const rest = stalledAt + o.windowMs - preciseNow();
    if (rest > 0) await sleep(rest);
    const w2 = await writer2.stop();
    await sleep(1500);
    const before = summarise(await fleet.report(w1.sent, { exclude: stalled }));
    const during = summarise(await fleet.report(w2.sent, { exclude: stalled }));
    const duringSameGateway = summarise(await fleet.report(w2.sent, { exclude: stalled, gateway }));
    const duringOtherGateway = summarise(await fleet.report(w2.sent, { exclude: stalled, gateway: (gateway + 1) % stack.gateways.length }));
    const shown = (v: number | null) => (v === null ? 'NOT dropped' : `dropped after ${v} ms`);
    ctx.log(`(d) quiet stalled socket ${shown(quietDroppedAfterMs)}${flooder === undefined ? '' : `; flooding stalled socket ${shown(floodDroppedAfterMs)}`}`);
    return {
      clients: o.clients,
      stalledGateway: gateway,
      quietDroppedAfterMs,
      floodDroppedAfterMs,
      slowConsumersDropped,
      before,
      during,
      p99Ratio: Math.round((during.latencyMs.p99 / before.latencyMs.p99) * 100) / 100,
      duringSameGateway,
      duringOtherGateway,
    };
  } finally {
    await fleet.close();
  }
}
