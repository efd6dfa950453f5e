import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addDelivery, addPollReports, addReconnects, addStatus, emptyDelivery, emptyStatus } from '../../support/fleet.js';
import type {
  ClientSpec,
  DeliveryReport,
  Fleet,
  FleetFilter,
  FleetStatus,
  PollReport,
  PollSpec,
  ReconnectReport,
  ReportedEvent,
  SentMessage,
  StartReport,
  StormOptions,
  StormReport,
} from '../../support/fleet.js';

/** The Fleet interface over worker processes (client-worker.ts), each holding a share of the clients. */

const WORKER = fileURLToPath(new URL('./client-worker.ts', import.meta.url));

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

class Worker {
  private readonly child: ChildProcess;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly ready: Promise<void>;

  constructor(maxOldSpaceMb: number) {
    this.child = spawn(process.execPath, [`--max-old-space-size=${maxOldSpaceMb}`, '--conditions=source', '--import', 'tsx', WORKER], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.ready = new Promise((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
    this.child.on('message', (raw) => {
      const reply = raw as Reply;
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(`worker: ${reply.error ?? 'failed'}`));
    });
    this.child.once('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`worker exited (${code})`));
      this.pending.clear();
    });
  }

  call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.next;
    this.next += 1;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject });
      this.child.send({ id, op, ...args });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

function split<T>(items: readonly T[], parts: number): T[][] {
  const out: T[][] = Array.from({ length: parts }, () => []);
  items.forEach((item, i) => out[i % parts]?.push(item));
  return out;
}

/** `count` worker processes, each handed its share of `clients` by `init` once ready; `started` settles when all are. */
function spawnWorkers<T>(clients: readonly T[], count: number, init: (worker: Worker, share: T[] | undefined) => Promise<unknown>): { workers: Worker[]; started: Promise<void> } {
  const shares = split(clients, count);
  const workers = shares.map(() => new Worker(2048));
  const started = (async () => {
    await Promise.all(workers.map((w) => w.ready));
    await Promise.all(workers.map((w, i) => init(w, shares[i])));
  })();
  return { workers, started };
}

export interface WorkerFleetOptions {
  gateways: string[];
  origin: string;
  clients: ClientSpec[];
  workers: number;
  connectPerSecond: number;
  startTimeoutMs?: number;
}

export class WorkerFleet implements Fleet {
  private workers: Worker[] = [];

  constructor(private readonly o: WorkerFleetOptions) {}

  get size(): number {
    return this.o.clients.length;
  }

  async start(upTo?: number): Promise<StartReport> {
    if (this.workers.length === 0) await this.spawn();
    const reports = await Promise.all(this.workers.map((w) => w.call<StartReport>('start', upTo === undefined ? {} : { upTo })));
    return {
      started: reports.reduce((s, r) => s + r.started, 0),
      failed: reports.reduce((s, r) => s + r.failed, 0),
      errors: reports.flatMap((r) => r.errors).slice(0, 5),
      tookMs: Math.max(...reports.map((r) => r.tookMs)),
    };
  }

  private async spawn(): Promise<void> {
    const { workers, started } = spawnWorkers(this.o.clients, this.o.workers, (w, clients) =>
      w.call('init-sockets', {
        options: {
          gateways: this.o.gateways,
          origin: this.o.origin,
          clients,
          connectPerSecond: this.o.connectPerSecond / this.o.workers,
          startTimeoutMs: this.o.startTimeoutMs ?? 120_000,
        },
      }),
    );
    this.workers = workers;
    await started;
  }

  /** The worker processes' ids (for CPU accounting). */
  pids(): number[] {
    return this.workers.flatMap((w) => (w.pid === undefined ? [] : [w.pid]));
  }

  async status(filter?: FleetFilter): Promise<FleetStatus> {
    const all = await Promise.all(this.workers.map((w) => w.call<FleetStatus>('status', { filter })));
    return all.reduce(addStatus, emptyStatus());
  }

  async drop(filter?: FleetFilter): Promise<number> {
    const all = await Promise.all(this.workers.map((w) => w.call<number>('drop', { filter })));
    return all.reduce((a, b) => a + b, 0);
  }

  async pause(filter: FleetFilter): Promise<number> {
    const all = await Promise.all(this.workers.map((w) => w.call<number>('pause', { filter })));
    return all.reduce((a, b) => a + b, 0);
  }

  async flood(filter: FleetFilter, everyMs: number): Promise<number> {
    const all = await Promise.all(this.workers.map((w) => w.call<number>('flood', { filter, everyMs })));
    return all.reduce((a, b) => a + b, 0);
  }

  async report(sent: readonly SentMessage[], filter?: FleetFilter, what: ReportedEvent = 'seen'): Promise<DeliveryReport> {
    const all = await Promise.all(this.workers.map((w) => w.call<DeliveryReport>('report', { sent, filter, what })));
    return all.reduce(addDelivery, emptyDelivery());
  }

  async reconnects(since: number, filter?: FleetFilter): Promise<ReconnectReport> {
    const all = await Promise.all(this.workers.map((w) => w.call<ReconnectReport>('reconnects', { since, filter })));
    return all.reduce(addReconnects, { disconnected: 0, reconnected: 0, times: new Float64Array(0) });
  }

  async resync(filter?: FleetFilter): Promise<number> {
    const all = await Promise.all(this.workers.map((w) => w.call<number>('resync', { filter })));
    return all.reduce((a, b) => a + b, 0);
  }

  async storm(o: StormOptions): Promise<StormReport> {
    const shares = split(o.clients, this.workers.length);
    const all = await Promise.all(
      this.workers.map((w, i) => w.call<StormReport>('storm', { options: { ...o, clients: shares[i], perSecond: o.perSecond / this.workers.length } })),
    );
    return all.reduce((a, b) => ({ opened: a.opened + b.opened, subscribed: a.subscribed + b.subscribed, aborted: a.aborted + b.aborted, failed: a.failed + b.failed }));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call('close').catch(() => undefined)));
    for (const w of this.workers) w.kill();
    this.workers = [];
  }
}

export interface WorkerPollOptions {
  gateways: string[];
  clients: PollSpec[];
  workers: number;
  intervalMs: number;
  maxInFlight: number;
  timeoutMs: number;
}

/** The polling clients of the polling design, over worker processes. */
export class WorkerPolls {
  private workers: Worker[] = [];

  constructor(private readonly o: WorkerPollOptions) {}

  async init(): Promise<void> {
    const { workers, started } = spawnWorkers(this.o.clients, this.o.workers, (w, clients) =>
      w.call('init-polls', {
        options: {
          gateways: this.o.gateways,
          clients,
          intervalMs: this.o.intervalMs,
          maxInFlight: Math.max(1, Math.floor(this.o.maxInFlight / this.o.workers)),
          timeoutMs: this.o.timeoutMs,
        },
      }),
    );
    this.workers = workers;
    await started;
  }

  async start(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call('poll-start')));
  }

  pids(): number[] {
    return this.workers.flatMap((w) => (w.pid === undefined ? [] : [w.pid]));
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call('poll-stop')));
  }

  async report(): Promise<PollReport> {
    const all = await Promise.all(this.workers.map((w) => w.call<PollReport>('poll-report')));
    return all.reduce(addPollReports);
  }

  async delivery(sent: readonly SentMessage[]): Promise<DeliveryReport> {
    const all = await Promise.all(this.workers.map((w) => w.call<DeliveryReport>('poll-delivery', { sent })));
    return all.reduce(addDelivery, emptyDelivery());
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call('close').catch(() => undefined)));
    for (const w of this.workers) w.kill();
    this.workers = [];
  }
}
