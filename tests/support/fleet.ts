import { Agent, request as httpRequest } from 'node:http';
import { buildPath, calls } from '@tapcard/shared/contract';
import { sleep } from '@tapcard/testkit/wait';
import { preciseNow, RealtimeClient } from './realtime-client.js';
import type { ClientMode } from './realtime-client.js';

/**
 * Many realtime clients driven together: a `ClientGroup` holds them in this process (integration
 * tests); the benchmark spreads the same groups over worker processes (tests/bench/realtime) behind
 * the same `Fleet` interface, so every scenario runs unchanged at either scale.
 */

export interface ClientSpec {
  /** Global index of the client in the fleet. */
  index: number;
  tid: string;
  /** Index into the gateway list. */
  gateway: number;
  mode: ClientMode;
}

export interface FleetFilter {
  gateway?: number;
  mode?: ClientMode;
  indices?: number[];
  /** Every client but these. */
  exclude?: number[];
}

export interface FleetStatus {
  clients: number;
  live: number;
  connected: number;
  fatal: number;
  connects: number;
  disconnects: number;
  subscribeFailures: number;
  /** Of the failures: no answer within the ack timeout; answered with an error. */
  subscribeTimeouts: number;
  subscribeRefusals: number;
  gaps: number;
  resyncs: number;
  snapshots: number;
  updates: number;
  invalid: number;
  outOfOrder: number;
  /** Removed messages that came with their text (a removal must carry none). */
  removedWithText: number;
}

export interface SentMessage {
  id: string;
  seq: number;
  sentAt: number;
}

export interface DeliveryReport {
  clients: number;
  expected: number;
  delivered: number;
  lost: number;
  /** Clients that miss at least one message. */
  clientsWithLoss: number;
  /** Deliveries that came in a snapshot (after a reconnect or a resync) rather than an update. */
  viaSnapshot: number;
  /** Clients that saw a message for the first time after one with a higher seq. */
  clientsOutOfOrder: number;
  /** Write-to-receipt latency of every delivery, ms. */
  latencies: Float64Array;
  /** Per sent message (in the order given): the earliest and the latest receipt over these clients, ms after the write (NaN: nobody). */
  firstMs: Float64Array;
  lastMs: Float64Array;
}

/** What a delivery report counts: messages arriving, or their removals arriving. */
export type ReportedEvent = 'seen' | 'removed';

export interface ReconnectReport {
  /** Clients that were disconnected at or after `since`. */
  disconnected: number;
  /** Of those, live again. */
  reconnected: number;
  /** From `since` to live again, ms, per reconnected client. */
  times: Float64Array;
}

export interface StartReport {
  started: number;
  failed: number;
  errors: string[];
  /** ms from the first connect to the last subscription. */
  tookMs: number;
}

export interface Fleet {
  readonly size: number;
  /** Connects the clients not connected yet (only those with an index below `upTo`, when given). */
  start(upTo?: number): Promise<StartReport>;
  status(filter?: FleetFilter): Promise<FleetStatus>;
  /** Cuts the connections of the matching clients (Socket.IO reconnects them). */
  drop(filter?: FleetFilter): Promise<number>;
  /** The matching clients stop reading from their TCP sockets. */
  pause(filter: FleetFilter): Promise<number>;
  /** The matching clients ask for the snapshot every `everyMs`, answers unread (see RealtimeClient.requestSnapshots). */
  flood(filter: FleetFilter, everyMs: number): Promise<number>;
  /**
   * Who received `sent` and when: each message's first sighting, or (`what: 'removed'`) the first
   * sighting of its removal, `sentAt` being when the removal was asked for.
   */
  report(sent: readonly SentMessage[], filter?: FleetFilter, what?: ReportedEvent): Promise<DeliveryReport>;
  reconnects(since: number, filter?: FleetFilter): Promise<ReconnectReport>;
  /** The matching robust clients ask for the snapshot now (a catch-up, as after a gap). */
  resync(filter?: FleetFilter): Promise<number>;
  /** Opens, subscribes and closes short-lived sockets (not kept in the fleet); see `StormOptions`. */
  storm(options: StormOptions): Promise<StormReport>;
  close(): Promise<void>;
}

export interface StormOptions {
  clients: ClientSpec[];
  /** Sockets opened per second across the fleet. */
  perSecond: number;
  /** Share of the sockets closed as soon as they connect, while their subscription is being set up. */
  abortShare: number;
  /** The others stay subscribed up to this long (random) before closing. */
  holdMaxMs: number;
}

export interface StormReport {
  opened: number;
  subscribed: number;
  aborted: number;
  failed: number;
}

export interface GroupOptions {
  gateways: string[];
  origin: string;
  clients: ClientSpec[];
  /** Connections opened per second (staggered), across this group. */
  connectPerSecond: number;
  startTimeoutMs?: number;
}

function matches(spec: ClientSpec, filter: FleetFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.gateway !== undefined && spec.gateway !== filter.gateway) return false;
  if (filter.mode !== undefined && spec.mode !== filter.mode) return false;
  if (filter.indices !== undefined && !filter.indices.includes(spec.index)) return false;
  if (filter.exclude !== undefined && filter.exclude.includes(spec.index)) return false;
  return true;
}

/** The counters of a fleet's status that are each client's own counter, added up. */
const CLIENT_COUNTERS = ['connects', 'disconnects', 'subscribeFailures', 'subscribeTimeouts', 'subscribeRefusals', 'gaps', 'resyncs', 'snapshots', 'updates', 'invalid', 'outOfOrder', 'removedWithText'] as const satisfies readonly (keyof FleetStatus & keyof RealtimeClient)[];

export function emptyStatus(): FleetStatus {
  return { clients: 0, live: 0, connected: 0, fatal: 0, connects: 0, disconnects: 0, subscribeFailures: 0, subscribeTimeouts: 0, subscribeRefusals: 0, gaps: 0, resyncs: 0, snapshots: 0, updates: 0, invalid: 0, outOfOrder: 0, removedWithText: 0 };
}

export function addStatus(a: FleetStatus, b: FleetStatus): FleetStatus {
  const out = emptyStatus();
  for (const key of Object.keys(out) as (keyof FleetStatus)[]) out[key] = a[key] + b[key];
  return out;
}

export function emptyDelivery(): DeliveryReport {
  return { clients: 0, expected: 0, delivered: 0, lost: 0, clientsWithLoss: 0, viaSnapshot: 0, clientsOutOfOrder: 0, latencies: new Float64Array(0), firstMs: new Float64Array(0), lastMs: new Float64Array(0) };
}

function pairwise(a: Float64Array, b: Float64Array, pick: (x: number, y: number) => number): Float64Array {
  if (a.length === 0) return Float64Array.from(b);
  if (b.length === 0) return Float64Array.from(a);
  return a.map((x, i) => {
    const y = b[i] ?? NaN;
    if (Number.isNaN(x)) return y;
    if (Number.isNaN(y)) return x;
    return pick(x, y);
  });
}

/** Fills first/last receipt per message from one client's receipt times. */
function track(first: Float64Array, last: Float64Array, index: number, latency: number): void {
  const f = first[index] ?? NaN;
  const l = last[index] ?? NaN;
  if (Number.isNaN(f) || latency < f) first[index] = latency;
  if (Number.isNaN(l) || latency > l) last[index] = latency;
}

/** The samples of two reports, one after the other. */
function joined(a: Float64Array, b: Float64Array): Float64Array {
  const all = new Float64Array(a.length + b.length);
  all.set(a, 0);
  all.set(b, a.length);
  return all;
}

/** The counts `keys` of two reports, added up. */
function sums<K extends string, T extends Record<K, number>>(a: T, b: T, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, a[key] + b[key]])) as Record<K, number>;
}

export function addDelivery(a: DeliveryReport, b: DeliveryReport): DeliveryReport {
  return {
    ...sums(a, b, ['clients', 'expected', 'delivered', 'lost', 'clientsWithLoss', 'viaSnapshot', 'clientsOutOfOrder']),
    latencies: joined(a.latencies, b.latencies),
    firstMs: pairwise(a.firstMs, b.firstMs, Math.min),
    lastMs: pairwise(a.lastMs, b.lastMs, Math.max),
  };
}

export function addReconnects(a: ReconnectReport, b: ReconnectReport): ReconnectReport {
  return { ...sums(a, b, ['disconnected', 'reconnected']), times: joined(a.times, b.times) };
}

/** Realtime clients in this process. */
export class ClientGroup implements Fleet {
  private readonly clients: { spec: ClientSpec; client: RealtimeClient }[] = [];

  constructor(private readonly o: GroupOptions) {}

  get size(): number {
    return this.o.clients.length;
  }

  /** Connects the clients not connected yet (only those with an index below `upTo`, when given). */
  async start(upTo = Infinity): Promise<StartReport> {
    const began = preciseNow();
    const gapMs = 1000 / Math.max(1, this.o.connectPerSecond);
    const starts: Promise<void>[] = [];
    const errors: string[] = [];
    let failed = 0;
    let next = began;
    const before = this.clients.length;
    const todo = this.o.clients.filter((spec) => spec.index < upTo && !this.clients.some((c) => c.spec.index === spec.index));
    for (const spec of todo) {
      const url = this.o.gateways[spec.gateway];
      if (url === undefined) throw new Error(`no gateway ${spec.gateway}`);
      const client = new RealtimeClient({ url, origin: this.o.origin, subscription: { kind: 'arena', tid: spec.tid }, mode: spec.mode });
      this.clients.push({ spec, client });
      starts.push(
        client.start(this.o.startTimeoutMs ?? 60_000).catch((err: unknown) => {
          failed += 1;
          if (errors.length < 5) errors.push(err instanceof Error ? err.message : String(err));
        }),
      );
      next += gapMs;
      const wait = next - preciseNow();
      if (wait >= 1) await sleep(wait);
    }
    await Promise.all(starts);
    return { started: this.clients.length - before - failed, failed, errors, tookMs: preciseNow() - began };
  }

  private selected(filter?: FleetFilter): RealtimeClient[] {
    return this.clients.filter((c) => matches(c.spec, filter)).map((c) => c.client);
  }

  async status(filter?: FleetFilter): Promise<FleetStatus> {
    const s = emptyStatus();
    for (const c of this.selected(filter)) {
      s.clients += 1;
      if (c.live) s.live += 1;
      if (c.connected) s.connected += 1;
      if (c.fatal) s.fatal += 1;
      for (const key of CLIENT_COUNTERS) s[key] += c[key];
    }
    return s;
  }

  async drop(filter?: FleetFilter): Promise<number> {
    const chosen = this.selected(filter);
    for (const c of chosen) c.drop();
    return chosen.length;
  }

  async pause(filter: FleetFilter): Promise<number> {
    let paused = 0;
    for (const c of this.selected(filter)) if (c.pauseReading()) paused += 1;
    return paused;
  }

  async flood(filter: FleetFilter, everyMs: number): Promise<number> {
    const chosen = this.selected(filter);
    for (const c of chosen) c.requestSnapshots(everyMs);
    return chosen.length;
  }

  async report(sent: readonly SentMessage[], filter?: FleetFilter, what: ReportedEvent = 'seen'): Promise<DeliveryReport> {
    const r = emptyDelivery();
    const latencies: number[] = [];
    const first = new Float64Array(sent.length).fill(NaN);
    const last = new Float64Array(sent.length).fill(NaN);
    for (const c of this.selected(filter)) {
      r.clients += 1;
      let missing = 0;
      for (const [i, m] of sent.entries()) {
        r.expected += 1;
        const seen = (what === 'removed' ? c.removed : c.seen).get(m.id);
        if (!seen) {
          missing += 1;
          continue;
        }
        r.delivered += 1;
        if (seen.via === 'snapshot') r.viaSnapshot += 1;
        latencies.push(seen.at - m.sentAt);
        track(first, last, i, seen.at - m.sentAt);
      }
      r.lost += missing;
      if (missing > 0) r.clientsWithLoss += 1;
      if (c.outOfOrder > 0) r.clientsOutOfOrder += 1;
    }
    r.latencies = Float64Array.from(latencies);
    r.firstMs = first;
    r.lastMs = last;
    return r;
  }

  async reconnects(since: number, filter?: FleetFilter): Promise<ReconnectReport> {
    let disconnected = 0;
    const times: number[] = [];
    for (const c of this.selected(filter)) {
      if (c.lastDisconnectAt === undefined || c.lastDisconnectAt < since) continue;
      disconnected += 1;
      if (c.live && c.lastSubscribedAt !== undefined && c.lastSubscribedAt >= c.lastDisconnectAt) times.push(c.lastSubscribedAt - since);
    }
    return { disconnected, reconnected: times.length, times: Float64Array.from(times) };
  }

  async resync(filter?: FleetFilter): Promise<number> {
    const chosen = this.selected(filter).filter((c) => c.mode === 'robust' && c.live);
    await Promise.all(chosen.map((c) => c.resync().catch(() => undefined)));
    return chosen.length;
  }

  async storm(o: StormOptions): Promise<StormReport> {
    const report: StormReport = { opened: 0, subscribed: 0, aborted: 0, failed: 0 };
    const gapMs = 1000 / Math.max(1, o.perSecond);
    const runs: Promise<void>[] = [];
    let next = preciseNow();
    for (const [i, spec] of o.clients.entries()) {
      const url = this.o.gateways[spec.gateway];
      if (url === undefined) throw new Error(`no gateway ${spec.gateway}`);
      const client = new RealtimeClient({ url, origin: this.o.origin, subscription: { kind: 'arena', tid: spec.tid }, mode: spec.mode });
      report.opened += 1;
      // Spread the aborted ones evenly through the storm.
      const abort = Math.floor((i + 1) * o.abortShare) > Math.floor(i * o.abortShare);
      if (abort) {
        client.socket.once('connect', () => setImmediate(() => client.close()));
        client.start(15_000).catch(() => undefined);
        report.aborted += 1;
        runs.push(sleep(1000).then(() => client.close()));
      } else {
        runs.push(
          client.start(30_000).then(
            async () => {
              report.subscribed += 1;
              await sleep(Math.random() * o.holdMaxMs);
              client.close();
            },
            () => {
              report.failed += 1;
              client.close();
            },
          ),
        );
      }
      next += gapMs;
      const wait = next - preciseNow();
      if (wait >= 1) await sleep(wait);
    }
    await Promise.all(runs);
    return report;
  }

  async close(): Promise<void> {
    for (const { client } of this.clients) client.close();
  }
}

// ── The polling design: every client polls the token endpoint ────────────

export interface PollSpec {
  index: number;
  tid: string;
  gateway: number;
}

export interface PollOptions {
  gateways: string[];
  clients: PollSpec[];
  intervalMs: number;
  /** Requests in flight at most, across this group; a poll due while the cap is reached is skipped. */
  maxInFlight: number;
  timeoutMs: number;
}

export interface PollReport {
  clients: number;
  /** Polls due (one per client per interval). */
  due: number;
  sent: number;
  ok: number;
  errors: number;
  timeouts: number;
  /** Not sent: the client's previous poll was still out, or the in-flight cap was reached. */
  skipped: number;
  /** Answer time of the polls that completed, ms. */
  answerMs: Float64Array;
}

interface Poller {
  spec: PollSpec;
  busy: boolean;
  seen: Map<string, number>;
}

/**
 * N clients each asking GET /api/event/public/api/token/<tid> every interval, as an arena without
 * the gateway's socket would, recording when each group message first appears. Bounded: at most `maxInFlight` requests
 * out, each timed out after `timeoutMs`.
 */
export class PollGroup {
  private readonly pollers: Poller[];
  private readonly agents: Agent[];
  private timers: NodeJS.Timeout[] = [];
  private inFlight = 0;
  private readonly r: PollReport = { clients: 0, due: 0, sent: 0, ok: 0, errors: 0, timeouts: 0, skipped: 0, answerMs: new Float64Array(0) };
  private readonly answerMs: number[] = [];
  private running = false;

  constructor(private readonly o: PollOptions) {
    this.pollers = o.clients.map((spec) => ({ spec, busy: false, seen: new Map() }));
    this.agents = o.gateways.map(() => new Agent({ keepAlive: true, maxSockets: Math.max(1, Math.ceil(o.maxInFlight / o.gateways.length)) }));
    this.r.clients = this.pollers.length;
  }

  /** Starts every client's timer, their phases spread evenly over one interval. */
  start(): void {
    this.running = true;
    const n = this.pollers.length;
    this.pollers.forEach((poller, i) => {
      const first = setTimeout(() => {
        this.poll(poller);
        const every = setInterval(() => this.poll(poller), this.o.intervalMs);
        this.timers.push(every);
      }, (i * this.o.intervalMs) / Math.max(1, n));
      this.timers.push(first);
    });
  }

  stop(): void {
    this.running = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private poll(poller: Poller): void {
    if (!this.running) return;
    this.r.due += 1;
    if (poller.busy || this.inFlight >= this.o.maxInFlight) {
      this.r.skipped += 1;
      return;
    }
    const base = new URL(this.o.gateways[poller.spec.gateway] ?? '');
    const agent = this.agents[poller.spec.gateway];
    poller.busy = true;
    this.inFlight += 1;
    this.r.sent += 1;
    const began = preciseNow();
    let settled = false;
    const done = (outcome: 'ok' | 'error' | 'timeout', body?: string) => {
      if (settled) return;
      settled = true;
      poller.busy = false;
      this.inFlight -= 1;
      const at = preciseNow();
      if (outcome === 'timeout') this.r.timeouts += 1;
      else if (outcome === 'error') this.r.errors += 1;
      else if (this.take(poller, body ?? '', at)) {
        this.r.ok += 1;
        this.answerMs.push(at - began);
      } else {
        this.r.errors += 1;
      }
    };
    const req = httpRequest(
      { host: base.hostname, port: base.port, path: `/api${buildPath(calls.eventToken.path, { id: poller.spec.tid })}`, method: 'GET', agent, headers: { accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(res.statusCode === 200 ? 'ok' : 'error', Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => done('error'));
      },
    );
    req.setTimeout(this.o.timeoutMs, () => {
      done('timeout');
      req.destroy();
    });
    req.on('error', () => done('error'));
    req.end();
  }

  /** Reads the group messages of one answer (validated with the contract's schema). */
  private take(poller: Poller, body: string, at: number): boolean {
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch {
      return false;
    }
    const parsed = calls.eventToken.answer.safeParse(raw);
    if (!parsed.success || parsed.data.success !== 'true') return false;
    for (const m of parsed.data.data.attendee.chats) if (!poller.seen.has(m.id)) poller.seen.set(m.id, at);
    return true;
  }

  report(): PollReport {
    return { ...this.r, answerMs: Float64Array.from(this.answerMs) };
  }

  delivery(sent: readonly SentMessage[]): DeliveryReport {
    const r = emptyDelivery();
    const latencies: number[] = [];
    const first = new Float64Array(sent.length).fill(NaN);
    const last = new Float64Array(sent.length).fill(NaN);
    for (const p of this.pollers) {
      r.clients += 1;
      let missing = 0;
      for (const [i, m] of sent.entries()) {
        r.expected += 1;
        const at = p.seen.get(m.id);
        if (at === undefined) {
          missing += 1;
          continue;
        }
        r.delivered += 1;
        latencies.push(at - m.sentAt);
        track(first, last, i, at - m.sentAt);
      }
      r.lost += missing;
      if (missing > 0) r.clientsWithLoss += 1;
    }
    r.latencies = Float64Array.from(latencies);
    r.firstMs = first;
    r.lastMs = last;
    return r;
  }

  close(): void {
    this.stop();
    for (const a of this.agents) a.destroy();
  }
}

export function addPollReports(a: PollReport, b: PollReport): PollReport {
  return { ...sums(a, b, ['clients', 'due', 'sent', 'ok', 'errors', 'timeouts', 'skipped']), answerMs: joined(a.answerMs, b.answerMs) };
}
