import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics.js';
import type { UpstreamClient } from '../clients/upstream.js';
import type { Coordination } from './coordination/types.js';
import type { EmitMode, Emitter } from './emitter.js';
import type { WrittenMessage } from '@tapcard/shared/contract';
import { backoffDelay } from '@tapcard/shared/realtime';
import { applyLiveState, applyWritten } from './state.js';
import type { Changes, EventState } from './state.js';
import { buildUpdates } from './updates.js';

/**
 * Polls one event's live state while this instance may (`mode()`), folds each answer into the last
 * state and emits what changed. A written message (a chat write's answer) that is the event's next
 * change is folded in and emitted at once, and the regular poll confirms it; one that does not follow
 * waits briefly for the messages before it, then a poll reads the gap. A poke without a message polls
 * at once; failures keep the last state, mark the view stale and back off until a poll succeeds again.
 * Folding and emitting run one at a time, so every version is emitted once, in order.
 */

const MAX_BACKOFF_MS = 10_000;
/** Pokes closer together than this share one poll. */
const MIN_POLL_GAP_MS = 25;
/** A quiet event's stored state is rewritten this often, so it never expires while polled. */
const STATE_REFRESH_MS = 60_000;
/** The longest an emit waits for its state to be stored (Redis slow or going down). */
const SAVE_BEFORE_EMIT_MS = 250;
/** A written message that does not follow the state waits this long for those before it, then a poll reads the gap. */
const GAP_WAIT_MS = 50;

export interface PollerDeps {
  eventId: string;
  upstream: UpstreamClient;
  coordination: Coordination;
  emitter: Emitter;
  metrics: Metrics;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** How this instance may poll and emit now; null: another instance leads the event. */
  mode: () => EmitMode | null;
  /** A state this instance learnt otherwise (e.g. fetched as a follower), to resume from. */
  known: () => EventState | undefined;
}

export class Poller {
  state: EventState | undefined;
  stale = false;
  private failures = 0;
  private running = false;
  private loaded = false;
  private inFlight = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastStart = 0;
  private lastSaved = 0;
  private writeAt: number | undefined;
  private waiters: ((state: EventState | undefined) => void)[] = [];
  /** The upstream's version went backwards: the next store replaces the newer one stored before. */
  private replaceStored = false;
  /** Written messages not yet folded in, by seq, with when their write was answered. */
  private readonly held = new Map<number, { written: WrittenMessage; at: number }>();
  private gapTimer: NodeJS.Timeout | undefined;
  /** The tail of the fold-and-emit steps, which run one after the other. */
  private steps: Promise<void> = Promise.resolve();

  constructor(private readonly d: PollerDeps) {}

  get active(): boolean {
    return this.running;
  }

  get failing(): boolean {
    return this.running && this.failures > 0;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loaded = false;
    this.held.clear();
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    this.again = false;
    clearTimeout(this.timer);
    this.clearGap();
    this.held.clear();
    this.settleWaiters();
  }

  /**
   * A write reached the upstream: emit the stored message it answered when it is the next change,
   * else poll now (or right after the poll in flight).
   */
  poke(at: number, written?: WrittenMessage): void {
    if (!this.running) return;
    if (written?.message.event_id !== this.d.eventId) {
      this.pollSoon(at);
      return;
    }
    this.held.set(written.message.seq, { written, at });
    void this.step(() => this.foldWritten());
  }

  private pollSoon(at: number): void {
    this.writeAt = Math.min(this.writeAt ?? at, at);
    if (this.inFlight) this.again = true;
    else this.schedule(this.lastStart + MIN_POLL_GAP_MS - Date.now());
  }

  /** The current state, or the outcome of the next poll when there is none yet. */
  waitForState(timeoutMs: number): Promise<EventState | undefined> {
    if (this.state || !this.running) return Promise.resolve(this.state);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.state), timeoutMs);
      this.waiters.push((state) => {
        clearTimeout(timer);
        resolve(state);
      });
    });
  }

  /** Runs `work` after the steps before it. */
  private step(work: () => Promise<void>): Promise<void> {
    const next = this.steps.then(work).catch((err: unknown) => this.d.log.error({ err, eventId: this.d.eventId }, 'realtime step failed'));
    this.steps = next;
    return next;
  }

  /**
   * Folds the held messages that follow the state, stores the state and emits them as one update.
   * Messages already in the state are dropped; those after a gap wait GAP_WAIT_MS, then a poll.
   */
  private async foldWritten(): Promise<void> {
    const mode = this.d.mode();
    if (!this.running || !mode || !this.loaded || !this.state) return;
    const before = this.state;
    let state = before;
    const folded: Changes[] = [];
    let firstAt = Infinity;
    for (;;) {
      for (const seq of this.held.keys()) {
        if (seq <= state.version) {
          this.held.delete(seq);
          this.d.metrics.writeThrough.inc({ outcome: 'known' });
        }
      }
      const next = this.held.get(state.version + 1);
      const applied = next && applyWritten(state, next.written);
      if (!next || !applied) break;
      this.held.delete(state.version + 1);
      state = applied.state;
      folded.push(applied.changes);
      firstAt = Math.min(firstAt, next.at);
    }
    if (this.held.size === 0) this.clearGap();
    else this.awaitGap();
    if (folded.length === 0) return;
    this.state = state;
    await atMost(this.save(mode), SAVE_BEFORE_EMIT_MS);
    const changes: Changes = {
      ...(folded[0] as Changes),
      version: state.version,
      chats: folded.flatMap((c) => c.chats),
      privateChats: folded.flatMap((c) => c.privateChats),
    };
    for (const addressed of buildUpdates(state, changes)) this.d.emitter.update(addressed, mode);
    this.d.metrics.writeToEmitLag.observe((Date.now() - firstAt) / 1000);
    this.d.metrics.writeThrough.inc({ outcome: 'emitted' }, folded.length);
  }

  private clearGap(): void {
    clearTimeout(this.gapTimer);
    this.gapTimer = undefined;
  }

  /** Messages after a gap: a poll reads what is missing unless it comes as a written message first. */
  private awaitGap(): void {
    if (this.gapTimer) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      if (!this.running || this.held.size === 0) return;
      this.d.metrics.writeThrough.inc({ outcome: 'gap' });
      this.pollSoon(Math.min(...[...this.held.values()].map((h) => h.at)));
    }, GAP_WAIT_MS);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), Math.max(0, delayMs));
  }

  private async run(): Promise<void> {
    if (!this.running || this.inFlight) return;
    this.inFlight = true;
    this.again = false;
    // The cadence counts from here even when this turn may not poll (the lease is being renewed).
    this.lastStart = Date.now();
    try {
      await this.pollOnce();
    } catch (err) {
      this.d.log.error({ err, eventId: this.d.eventId }, 'poll failed unexpectedly');
    } finally {
      this.inFlight = false;
    }
    if (!this.running) return;
    if (this.again) this.schedule(this.lastStart + MIN_POLL_GAP_MS - Date.now());
    else if (this.failures > 0) this.schedule(backoffDelay(this.failures, { baseMs: this.d.intervalMs, maxMs: MAX_BACKOFF_MS }));
    else this.schedule(this.lastStart + this.d.intervalMs - Date.now());
  }

  private async pollOnce(): Promise<void> {
    if (!this.d.mode()) return;
    if (!this.loaded) await this.resume();
    const started = Date.now();
    const timeout = Math.min(Math.max(3 * this.d.intervalMs, 3000), MAX_BACKOFF_MS);
    const since = this.state?.version;
    const result = await this.d.upstream.liveState(this.d.eventId, since, timeout);
    this.d.metrics.pollDuration.observe((Date.now() - started) / 1000);
    const mode = this.d.mode();
    // The lease moved while the request was out: the new holder reports this change.
    if (!this.running || !mode) return;
    if (result.ok) {
      await this.step(async () => {
        await this.succeed(result.data, mode, started, since);
        // Held messages that follow what the poll brought.
        if (this.held.size > 0) await this.foldWritten();
      });
    } else {
      this.fail(mode, result.code);
    }
    this.settleWaiters();
  }

  /** Starts from the newest state known here or stored by the previous holder of the lease. */
  private async resume(): Promise<void> {
    const stored = await this.d.coordination.loadState(this.d.eventId);
    this.loaded = true;
    for (const candidate of [stored?.state, this.d.known()]) {
      if (candidate && (!this.state || candidate.version > this.state.version)) this.state = candidate;
    }
  }

  private async succeed(live: Parameters<typeof applyLiveState>[2], mode: EmitMode, started: number, since: number | undefined): Promise<void> {
    // Written messages folded in while the poll was out may have taken the state past its answer.
    const overtaken = this.state !== undefined && since !== undefined && live.version >= since && live.version <= this.state.version;
    const result: ReturnType<typeof applyLiveState> = overtaken && this.state ? { kind: 'unchanged', state: this.state } : applyLiveState(this.d.eventId, this.state, live);
    if (result.kind === 'reset') {
      this.d.log.warn({ eventId: this.d.eventId }, 'upstream version went backwards; reading the full state again');
      this.state = result.state;
      this.replaceStored = true;
      if (!this.state) this.again = true;
      return;
    }
    const recovered = this.failures > 0 || this.stale;
    this.failures = 0;
    this.state = result.state;
    if (recovered) this.stale = false;
    // Stored before it is emitted: another instance answers its new subscribers from the stored state,
    // and a phone that has already received an update must never be handed an older snapshot after it.
    if (result.kind !== 'unchanged' || recovered || Date.now() - this.lastSaved > STATE_REFRESH_MS) {
      await atMost(this.save(mode), SAVE_BEFORE_EMIT_MS);
    }
    if (recovered) this.d.emitter.status(this.d.eventId, false, mode);
    if (result.kind === 'changed') {
      for (const addressed of buildUpdates(result.state, result.changes)) this.d.emitter.update(addressed, mode);
      if (this.writeAt !== undefined) this.d.metrics.writeToEmitLag.observe((Date.now() - this.writeAt) / 1000);
      this.writeAt = undefined;
    } else if (this.writeAt !== undefined && started >= this.writeAt) {
      // The write was already visible to an earlier poll, whose emit carried it.
      this.writeAt = undefined;
    }
  }

  private fail(mode: EmitMode, code: string): void {
    this.failures += 1;
    this.d.metrics.pollFailures.inc();
    if (this.failures === 1) this.d.log.warn({ eventId: this.d.eventId, code }, 'live-state poll failed; the view is stale until it recovers');
    if (!this.stale) {
      this.stale = true;
      this.d.emitter.status(this.d.eventId, true, mode);
      void this.save(mode);
    }
  }

  private async save(mode: EmitMode): Promise<void> {
    // Only the lease holder writes the shared state; a local-only poller may be behind the leader.
    if (mode !== 'cluster' || !this.state) return;
    this.lastSaved = Date.now();
    const when = this.replaceStored ? 'replace' : 'not-older';
    this.replaceStored = false;
    await this.d.coordination.saveState(this.d.eventId, { state: this.state, stale: this.stale }, when);
  }

  private settleWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(this.state);
  }
}

/** Waits for `work`, but no longer than `ms`. */
async function atMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
