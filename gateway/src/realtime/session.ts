import { BUCKETS, CAPS } from '@tapcard/shared/constants';
import { resyncSchema, subscribeSchema } from '@tapcard/shared/realtime';
import type { SimpleAck, Subscribe, SubscribeAck } from '@tapcard/shared/realtime';
import { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE } from '@tapcard/shared/rules';
import type { Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientToServerEvents, ServerToClientEvents } from '@tapcard/shared/realtime';
import { claimKey } from './claims.js';
import type { Claim, ClaimVerifier, DoorRecheck, Recheck, Spend } from './claims.js';
import type { InterServerEvents, SocketData } from './emitter.js';
import { realtimeError } from './errors.js';
import type { LiveEvents } from './live-events.js';
import { TokenBucket } from './token-bucket.js';
import { buildView } from './views.js';

/**
 * One connected socket: its subscriptions, its rate limit and its three client events. Every
 * payload is parsed with the shared schemas; nothing a client sends can throw out of here.
 */

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type Ack<T> = (answer: T) => void;

/** Refused packets in a row before the socket is disconnected. */
const MAX_STRIKES = 20;

function ackOf<T>(candidate: unknown, log: FastifyBaseLogger): Ack<T> {
  if (typeof candidate !== 'function') return () => undefined;
  return (answer: T) => {
    try {
      candidate(answer);
    } catch (err) {
      log.debug({ err }, 'ack failed');
    }
  };
}

export interface SessionDeps {
  live: LiveEvents;
  claims: ClaimVerifier;
  /** Spends from this socket's client address's budget. */
  spend: Spend;
  log: FastifyBaseLogger;
}

/** Rechecks an organiser's claim (shared by the sockets of one round, so each token and event is asked once). */
export type OrganiserCheck = (eventId: string, token: string | undefined) => Promise<Recheck>;
/** Rechecks a door session (shared by the sockets of one round, so each session is asked once). */
export type DoorCheck = (session: string) => Promise<DoorRecheck>;

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** The longest delay a timer takes; a staff link expiring later is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class SocketSession {
  private readonly subscriptions = new Map<string, Claim>();
  private readonly pending = new Set<string>();
  /** The expiry timers of door subscriptions, by subscription key. */
  private readonly expiries = new Map<string, NodeJS.Timeout>();
  private readonly bucket = new TokenBucket(BUCKETS.socketPackets.capacity, BUCKETS.socketPackets.perSecond);
  private strikes = 0;
  private closed = false;
  /** The client events being handled, one after another (see inOrder). */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: RealtimeSocket,
    private readonly d: SessionDeps,
  ) {
    socket.use((packet, next) => this.limit(packet, next));
    socket.on('subscribe', (payload: unknown, ack: unknown) => {
      const reply = ackOf<SubscribeAck>(ack, d.log);
      this.inOrder(() => this.subscribe(payload, reply), reply);
    });
    socket.on('unsubscribe', (payload: unknown, ack: unknown) => {
      const reply = ackOf<SimpleAck>(ack, d.log);
      this.inOrder(() => this.unsubscribe(payload, reply), reply);
    });
    socket.on('resync', (payload: unknown, ack: unknown) => {
      const reply = ackOf<SimpleAck>(ack, d.log);
      this.inOrder(() => this.resync(payload, reply), reply);
    });
    socket.on('disconnect', () => this.close());
  }

  /**
   * Runs a client event after the ones before it have been handled. The web unsubscribes and at once
   * subscribes again when one page hands a subscription to the next: taken out of order (the subscribe
   * answered from the old subscription, then the unsubscribe removing it; or a subscribe refused as
   * "being set up"), the page would wait for updates that never come.
   */
  private inOrder(task: () => Promise<void> | void, reply: Ack<ReturnType<typeof realtimeError>>): void {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    this.guard(run, reply);
  }

  /** A handler that fails for a reason of ours still answers, and never leaves a rejection behind. */
  private guard(task: Promise<void>, reply: Ack<ReturnType<typeof realtimeError>>): void {
    task.catch((err: unknown) => {
      this.d.log.error({ err }, 'realtime handler failed');
      reply(realtimeError('unavailable'));
    });
  }

  private limit(packet: unknown[], next: (err?: Error) => void): void {
    if (this.bucket.take()) {
      this.strikes = 0;
      next();
      return;
    }
    this.strikes += 1;
    ackOf<SimpleAck>(packet.at(-1), this.d.log)(realtimeError('rate_limited'));
    if (this.strikes >= MAX_STRIKES) this.socket.disconnect(true);
  }

  private async subscribe(payload: unknown, ack: Ack<SubscribeAck>): Promise<void> {
    const parsed = subscribeSchema.safeParse(payload);
    if (!parsed.success) return ack(realtimeError('invalid'));
    const key = claimKey(parsed.data);
    const existing = this.subscriptions.get(key);
    if (existing) {
      await this.answerWithView(existing, ack);
      return;
    }
    if (this.pending.has(key)) return ack(realtimeError('invalid', 'This subscription is already being set up.'));
    if (this.subscriptions.size + this.pending.size >= CAPS.subscriptionsPerSocket.max) {
      return ack(realtimeError('invalid', 'Too many subscriptions on one connection.'));
    }
    this.pending.add(key);
    try {
      const verified = await this.d.claims.verify(parsed.data, this.socket.data.token, this.d.spend);
      if (!verified.ok) return ack(realtimeError(verified.code, verified.message));
      if (this.closed) return;
      const { claim } = verified;
      await this.socket.join(claim.rooms);
      if (this.closed) return;
      // A staff link revoked while its session was being checked: from the next line on, a revocation finds the subscription.
      if (claim.audience.kind === 'door' && this.d.claims.isRevoked(claim.audience.linkId)) {
        this.leaveUnused(claim.rooms);
        return ack(realtimeError('forbidden', STAFF_LINK_REVOKED_MESSAGE));
      }
      // Registered in the same turn as attach, so a disconnect from here on detaches it.
      this.subscriptions.set(key, claim);
      if (claim.audience.kind === 'door') this.expireAt(key, claim, claim.audience.expiresAt);
      await this.d.live.attach(claim.eventId);
      if (this.closed) return;
      // Ended (its staff link revoked) while the event was being attached.
      if (this.subscriptions.get(key) !== claim) return ack(realtimeError('forbidden', STAFF_LINK_REVOKED_MESSAGE));
      const answered = await this.answerWithView(claim, ack);
      if (!answered) this.remove(key);
    } finally {
      this.pending.delete(key);
    }
  }

  private async answerWithView(claim: Claim, ack: Ack<SubscribeAck>): Promise<boolean> {
    const current = await this.d.live.current(claim.eventId);
    if (!current) {
      ack(realtimeError('unavailable'));
      return false;
    }
    ack({ ok: true, snapshot: buildView(current.state, claim.audience) });
    if (current.stale) this.socket.emit('status', { eventId: claim.eventId, stale: true });
    return true;
  }

  private unsubscribe(payload: unknown, ack: Ack<SimpleAck>): void {
    const parsed = subscribeSchema.safeParse(payload);
    if (!parsed.success) return ack(realtimeError('invalid'));
    const key = claimKey(parsed.data);
    if (!this.subscriptions.has(key)) return ack(realtimeError('not_found'));
    this.remove(key);
    ack({ ok: true });
  }

  private async resync(payload: unknown, ack: Ack<SimpleAck>): Promise<void> {
    const parsed = resyncSchema.safeParse(payload);
    if (!parsed.success) return ack(realtimeError('invalid'));
    const { eventId } = parsed.data;
    const claims = [...this.subscriptions.values()].filter((c) => c.eventId === eventId);
    if (claims.length === 0) return ack(realtimeError('not_found'));
    const current = await this.d.live.current(eventId);
    if (!current) return ack(realtimeError('unavailable'));
    if (this.closed) return;
    for (const claim of claims) this.socket.emit('snapshot', buildView(current.state, claim.audience));
    this.socket.emit('status', { eventId, stale: current.stale });
    ack({ ok: true });
  }

  /**
   * Checks this socket's organiser subscriptions again and ends those whose session (or event) the
   * upstream no longer accepts: their rooms are left, and the client is told with 'ended'. Queued
   * behind the client's own events, so a subscription being set up is checked once it is in place.
   */
  recheckOrganisers(check: OrganiserCheck): Promise<void> {
    return new Promise((resolve) => {
      this.inOrder(async () => {
        try {
          await this.recheckNow(check);
        } finally {
          resolve();
        }
      }, () => resolve());
    });
  }

  private async recheckNow(check: OrganiserCheck): Promise<void> {
    const organiser = [...this.subscriptions].filter(([, claim]) => claim.audience.kind === 'organiser');
    if (organiser.length === 0) return;
    const token = this.socket.data.token;
    const results = await Promise.all(organiser.map(async ([key, claim]) => ({ key, claim, result: await check(claim.eventId, token) })));
    for (const { key, claim, result } of results) {
      if (result !== 'ended' || this.subscriptions.get(key) !== claim) continue;
      this.end(key, { kind: 'organiser', eventId: claim.eventId }, SESSION_ENDED);
    }
  }

  /** Checks this socket's door subscriptions again and ends, with 'ended', those the upstream now refuses. */
  async recheckDoors(check: DoorCheck): Promise<void> {
    const doors = [...this.subscriptions].flatMap(([key, claim]) => (claim.audience.kind === 'door' ? [{ key, claim, session: claim.audience.session }] : []));
    const results = await Promise.all(doors.map(async (door) => ({ ...door, result: await check(door.session) })));
    for (const { key, claim, session, result } of results) {
      if (result.ended && this.subscriptions.get(key) === claim) this.end(key, { kind: 'door', session }, result.message);
    }
  }

  /** Ends at once, with 'ended', every door subscription of this socket opened with the staff link. */
  endDoorLink(linkId: string): void {
    for (const [key, claim] of [...this.subscriptions]) {
      const { audience } = claim;
      if (audience.kind === 'door' && audience.linkId === linkId) this.end(key, { kind: 'door', session: audience.session }, STAFF_LINK_REVOKED_MESSAGE);
    }
  }

  /** Ends the door subscription when its staff link expires (a timer can wait only so long: then it looks again). */
  private expireAt(key: string, claim: Claim, expiresAt: number): void {
    const timer = setTimeout(() => {
      this.expiries.delete(key);
      if (this.subscriptions.get(key) !== claim || claim.audience.kind !== 'door') return;
      if (Date.now() < expiresAt) this.expireAt(key, claim, expiresAt);
      else this.end(key, { kind: 'door', session: claim.audience.session }, STAFF_LINK_EXPIRED_MESSAGE);
    }, Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
    timer.unref();
    this.expiries.set(key, timer);
  }

  /** Removes a subscription the client still holds and tells it why, as 'ended'. */
  private end(key: string, subscription: Subscribe, message: string): void {
    if (this.closed || !this.subscriptions.has(key)) return;
    this.remove(key);
    this.socket.emit('ended', { subscription, error: realtimeError('forbidden', message).error });
  }

  private remove(key: string): void {
    const claim = this.subscriptions.get(key);
    if (!claim) return;
    this.subscriptions.delete(key);
    clearTimeout(this.expiries.get(key));
    this.expiries.delete(key);
    this.leaveUnused(claim.rooms);
    this.d.live.detach(claim.eventId);
  }

  /** Leaves those of `rooms` that no remaining subscription of this socket is in. */
  private leaveUnused(rooms: readonly string[]): void {
    const stillUsed = new Set([...this.subscriptions.values()].flatMap((c) => c.rooms));
    for (const room of rooms) if (!stillUsed.has(room)) void this.socket.leave(room);
  }

  private close(): void {
    this.closed = true;
    for (const claim of this.subscriptions.values()) this.d.live.detach(claim.eventId);
    this.subscriptions.clear();
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
  }
}
