import type { WrittenMessage } from '@tapcard/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics.js';
import type { UpstreamClient } from '../clients/upstream.js';
import type { Coordination } from './coordination/types.js';
import { EventCoordinator } from './coordinator.js';
import type { Emitter } from './emitter.js';
import { Poller } from './poller.js';
import { stateFromLive } from './state.js';
import type { EventState } from './state.js';

/**
 * The events this instance has subscribers for: each has a coordinator (lease) and a poller, and the
 * way to the event's current state for a new subscriber or a resync.
 */

export interface Current {
  state: EventState;
  stale: boolean;
}

interface Runtime {
  subscribers: number;
  poller: Poller;
  coordinator: EventCoordinator;
  /** The last state read as a follower, to resume from if this instance starts polling. */
  known: EventState | undefined;
}

export interface LiveEventsDeps {
  coordination: Coordination;
  upstream: UpstreamClient;
  emitter: Emitter;
  metrics: Metrics;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  leaseTtlMs: number;
}

/** How long a follower waits for the lease holder's first state before reading the upstream itself. */
const LEADER_STATE_WAIT_MS = 2000;
const LEADER_STATE_STEP_MS = 100;
const FIRST_STATE_TIMEOUT_MS = 10_000;

export class LiveEvents {
  private readonly runtimes = new Map<string, Runtime>();
  private readonly reads = new Map<string, Promise<Current | undefined>>();
  /** Coordinators still giving their lease back; a new one for the event starts after. */
  private readonly stopping = new Map<string, Promise<void>>();

  constructor(private readonly d: LiveEventsDeps) {
    d.coordination.onPoke((poke) => this.runtimes.get(poke.eventId)?.poller.poke(poke.at, poke.written));
  }

  /** One more local subscriber; settles once this instance knows whether it polls the event. */
  attach(eventId: string): Promise<void> {
    let runtime = this.runtimes.get(eventId);
    if (!runtime) {
      const created = this.create(eventId);
      this.runtimes.set(eventId, created);
      void (this.stopping.get(eventId) ?? Promise.resolve()).then(() => created.coordinator.start());
      runtime = created;
    }
    runtime.subscribers += 1;
    return runtime.coordinator.decided;
  }

  detach(eventId: string): void {
    const runtime = this.runtimes.get(eventId);
    if (!runtime) return;
    runtime.subscribers -= 1;
    if (runtime.subscribers > 0) return;
    this.runtimes.delete(eventId);
    const stopped = runtime.coordinator.stop();
    this.stopping.set(eventId, stopped);
    void stopped.then(() => {
      if (this.stopping.get(eventId) === stopped) this.stopping.delete(eventId);
    });
  }

  /**
   * A write for this event went through the proxy: its lease holder, here or elsewhere, emits the
   * stored message the answer carried when it is the event's next change, else polls now.
   */
  poke(eventId: string, at: number, written?: WrittenMessage): void {
    this.runtimes.get(eventId)?.poller.poke(at, written);
    if (this.d.coordination.distributed) {
      void this.d.coordination.publishPoke({ eventId, at, from: this.d.coordination.instanceId, ...(written ? { written } : {}) });
    }
  }

  /** The event's current state for a new subscriber or a resync (shared by concurrent callers). */
  current(eventId: string): Promise<Current | undefined> {
    const runtime = this.runtimes.get(eventId);
    if (runtime?.coordinator.mode()) {
      const { poller } = runtime;
      if (poller.state) return Promise.resolve({ state: poller.state, stale: poller.stale });
      return poller.waitForState(FIRST_STATE_TIMEOUT_MS).then((state) => (state ? { state, stale: poller.stale } : undefined));
    }
    let read = this.reads.get(eventId);
    if (!read) {
      read = this.readShared(eventId).finally(() => this.reads.delete(eventId));
      this.reads.set(eventId, read);
    }
    return read;
  }

  stats(): { polled: number; inError: number } {
    let polled = 0;
    let inError = 0;
    for (const runtime of this.runtimes.values()) {
      if (runtime.poller.active) polled += 1;
      if (runtime.poller.failing) inError += 1;
    }
    return { polled, inError };
  }

  /** Stops every poller and releases this instance's leases. */
  async close(): Promise<void> {
    const runtimes = [...this.runtimes.values()];
    this.runtimes.clear();
    await Promise.all([...runtimes.map((r) => r.coordinator.stop()), ...this.stopping.values()]);
  }

  private create(eventId: string): Runtime {
    const { coordination, upstream, emitter, metrics, log, pollIntervalMs, leaseTtlMs } = this.d;
    const runtime: Pick<Runtime, 'subscribers' | 'known'> = { subscribers: 0, known: undefined };
    const coordinator = new EventCoordinator({
      eventId,
      coordination,
      leaseTtlMs,
      log,
      createPoller: (mode) =>
        new Poller({ eventId, upstream, coordination, emitter, metrics, log, intervalMs: pollIntervalMs, mode, known: () => runtime.known }),
    });
    return Object.assign(runtime, { coordinator, poller: coordinator.poller });
  }

  /** A follower's read: the holder's stored state, or the upstream's once when none appears. */
  private async readShared(eventId: string): Promise<Current | undefined> {
    let stored = await this.d.coordination.loadState(eventId);
    if (stored === null) {
      const holder = await this.d.coordination.holder(eventId);
      if (holder && holder !== this.d.coordination.instanceId) {
        for (let waited = 0; stored === null && waited < LEADER_STATE_WAIT_MS; waited += LEADER_STATE_STEP_MS) {
          await new Promise((resolve) => setTimeout(resolve, LEADER_STATE_STEP_MS));
          stored = await this.d.coordination.loadState(eventId);
        }
      }
    }
    const runtime = this.runtimes.get(eventId);
    if (stored) {
      if (runtime) runtime.known = stored.state;
      return stored;
    }
    const live = await this.d.upstream.liveState(eventId, undefined);
    if (!live.ok) return runtime?.known ? { state: runtime.known, stale: true } : undefined;
    const state = stateFromLive(eventId, live.data);
    if (runtime) runtime.known = state;
    await this.d.coordination.saveState(eventId, { state, stale: false }, 'absent');
    return { state, stale: false };
  }
}
