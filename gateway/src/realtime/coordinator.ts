import type { FastifyBaseLogger } from 'fastify';
import type { Coordination } from './coordination/types.js';
import type { EmitMode } from './emitter.js';
import type { Poller } from './poller.js';

/**
 * Decides whether this instance polls one event. It competes for the event's lease while it has
 * local subscribers: the holder polls and renews well inside the ttl; the others retry often enough
 * to replace a dead holder within the takeover target. When the lease cannot be checked (Redis away)
 * the instance polls for its own subscribers only.
 */

type Role = 'pending' | 'leader' | 'follower' | 'degraded';

export interface CoordinatorDeps {
  eventId: string;
  coordination: Coordination;
  /** Builds the event's poller, which asks `mode` before every poll and emit. */
  createPoller: (mode: () => EmitMode | null) => Poller;
  leaseTtlMs: number;
  log: FastifyBaseLogger;
}

export class EventCoordinator {
  private role: Role = 'pending';
  private validUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private inStep: Promise<unknown> = Promise.resolve();
  private markDecided: () => void = () => undefined;
  /** Settles once the first lease attempt has an answer. */
  readonly decided = new Promise<void>((resolve) => (this.markDecided = resolve));

  readonly poller: Poller;

  constructor(private readonly d: CoordinatorDeps) {
    this.poller = d.createPoller(() => this.mode());
  }

  private get renewEveryMs(): number {
    return Math.floor(this.d.leaseTtlMs / 3);
  }

  private get retryEveryMs(): number {
    return Math.min(500, Math.floor(this.d.leaseTtlMs / 4));
  }

  start(): void {
    if (!this.stopped) void this.tick();
  }

  mode(): EmitMode | null {
    if (this.stopped) return null;
    if (this.role === 'leader') return Date.now() < this.validUntil ? 'cluster' : null;
    return this.role === 'degraded' ? 'local' : null;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.poller.stop();
    this.markDecided();
    // A lease attempt in flight finishes first (and gives back what it won).
    await this.inStep;
    if (this.role === 'leader') await this.d.coordination.release(this.d.eventId);
  }

  private become(role: Role): void {
    if (role !== this.role) this.d.log.debug({ eventId: this.d.eventId, from: this.role, to: role }, 'poll lease role');
    this.role = role;
    if (role === 'follower') this.poller.stop();
    else this.poller.start();
  }

  private async tick(): Promise<void> {
    let next = this.retryEveryMs;
    try {
      const step = this.step();
      this.inStep = step.catch(() => undefined);
      next = await step;
    } catch (err) {
      this.d.log.error({ err, eventId: this.d.eventId }, 'lease step failed');
    }
    this.markDecided();
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), next);
  }

  /** One lease attempt or renewal; answers when to take the next step. */
  private async step(): Promise<number> {
    const sentAt = Date.now();
    if (this.role === 'leader') {
      const renewed = await this.d.coordination.renew(this.d.eventId);
      if (this.stopped) return 0;
      if (renewed === 'renewed') {
        this.validUntil = sentAt + this.d.leaseTtlMs;
        return this.renewEveryMs;
      }
      this.become(renewed === 'lost' ? 'follower' : 'degraded');
      return this.retryEveryMs;
    }
    const acquired = await this.d.coordination.acquire(this.d.eventId);
    if (this.stopped) {
      if (acquired === 'acquired') await this.d.coordination.release(this.d.eventId);
      return 0;
    }
    if (acquired === 'acquired') {
      this.validUntil = sentAt + this.d.leaseTtlMs;
      this.become('leader');
      return this.renewEveryMs;
    }
    this.become(acquired === 'held' ? 'follower' : 'degraded');
    return this.retryEveryMs;
  }
}
