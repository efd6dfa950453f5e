import type { Socket } from 'socket.io-client';
import {
  applyUpdate,
  backoffDelay,
  mergeContent,
  snapshotMatches,
  subscribeAckSchema,
  type Backoff,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
  type Snapshot,
  type Subscribe,
  type Update,
  type ViewKind,
  type ViewOf,
} from '@tapcard/shared/realtime';
import type { PollResult } from './polls.js';

/**
 * One subscription of a live page (see client.ts for the socket that carries it). It emits `subscribe`
 * and takes the ack's snapshot as its view, applies `update`s with the shared merge (a gap in the
 * versions emits `resync` and the `snapshot` that follows replaces the view), shows `status { stale }`,
 * and subscribes again after every reconnect, which resyncs it. When nothing is live within the grace
 * period it polls the REST endpoint (connection 'polling') until a subscribe succeeds again.
 */

export type Connection = 'live' | 'polling' | 'connecting' | 'offline';

export interface LiveError {
  code: ErrorCode;
  message: string;
}

export interface LiveEventState<V> {
  view: V | null;
  connection: Connection;
  /** The gateway says the view may be behind (upstream slow or failing), or polling is failing. */
  stale: boolean;
  /** Set when the subscription was refused for good (unknown token, chip or event; not the viewer's). */
  error: LiveError | null;
}

/** Backoff of a subscribe (and of the socket's own reconnect) that may work later. */
export const RETRY_MIN_MS = 1000;
export const RETRY_MAX_MS = 15_000;
export const RETRY_BACKOFF: Backoff = { baseMs: RETRY_MIN_MS, maxMs: RETRY_MAX_MS };
const FATAL_CODES: readonly ErrorCode[] = ['invalid', 'forbidden', 'not_found'];

export type Poller<V> = (signal: AbortSignal) => Promise<PollResult<V>>;
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What a subscription reads of the client that holds it. */
export interface SubscriptionHost {
  readonly options: { connectGraceMs: number; pollIntervalMs: number; ackTimeoutMs: number };
  /** The browser said it went offline. */
  readonly offline: boolean;
}

/** The key a subscription is shared under: one per arena token, chip or organiser event. */
export function keyOf(request: Subscribe): string {
  switch (request.kind) {
    case 'arena':
      return `arena:${request.tid}`;
    case 'chip':
      return `chip:${request.chipId}`;
    case 'organiser':
      return `organiser:${request.eventId}`;
    case 'door':
      return `door:${request.session}`;
  }
}

/** One subscription of the page, shared by every hook that asks for the same thing. */
export class LiveSubscription<K extends ViewKind = ViewKind> {
  private state: LiveEventState<ViewOf<K>> = { view: null, connection: 'connecting', stale: false, error: null };
  private readonly listeners = new Set<() => void>();
  refs = 0;
  private closed = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Subscribes retried since the last one that succeeded. */
  private retries = 0;
  private polling = false;
  private pollAbort: AbortController | null = null;
  private resyncing = false;
  /** Bumped on every subscribe attempt, so a late ack of an older attempt is ignored. */
  private attempt = 0;

  /** `cached`: the view this device kept from an earlier visit, shown until a live or polled one replaces it. */
  constructor(
    private readonly client: SubscriptionHost,
    readonly request: Extract<Subscribe, { kind: K }>,
    readonly poller: Poller<ViewOf<K>>,
    cached: ViewOf<K> | null = null,
  ) {
    this.state = { ...this.state, view: cached };
  }

  get snapshot(): LiveEventState<ViewOf<K>> {
    return this.state;
  }

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<LiveEventState<ViewOf<K>>>): void {
    const next = { ...this.state, ...patch };
    if (Object.keys(patch).every((k) => next[k as keyof typeof next] === this.state[k as keyof typeof next])) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Starts: subscribe now if the socket is up, and poll if nothing is live within the grace period. */
  start(socket: RealtimeSocket | null): void {
    if (this.client.offline) return this.set({ connection: 'offline' });
    if (socket?.connected) this.subscribe(socket);
    this.armGrace();
  }

  /** Merges a local change (a check-in answer, a sent message) into the view without moving its version. */
  applyLocal(change: Partial<Update>): void {
    if (this.state.view) this.set({ view: mergeContent(this.state.view, change) });
  }

  /** Polls if nothing is live within the grace period; a pending grace period is not restarted by repeated errors. */
  private armGrace(): void {
    if (this.graceTimer !== undefined) return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = undefined;
      if (!this.closed && this.state.connection !== 'live' && this.state.error === null && !this.client.offline) this.startPolling();
    }, this.client.options.connectGraceMs);
  }

  private clearGrace(): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }

  onConnect(socket: RealtimeSocket): void {
    if (!this.closed && this.state.error === null && !this.client.offline) this.subscribe(socket);
  }

  /** The browser lost the network: say so now, and stop polling and retrying until it is back. */
  onOffline(): void {
    if (this.closed || this.state.error !== null) return;
    this.attempt += 1;
    this.resyncing = false;
    this.stopPolling();
    this.clearGrace();
    clearTimeout(this.retryTimer);
    this.set({ connection: 'offline', stale: false });
  }

  /** The network is back: connecting again (the socket reconnects now), polling if that takes too long. */
  onOnline(): void {
    if (this.closed || this.state.error !== null || this.state.connection !== 'offline') return;
    this.set({ connection: 'connecting' });
    this.armGrace();
  }

  onDisconnect(): void {
    if (this.closed || this.state.error !== null || this.client.offline) return;
    this.attempt += 1;
    this.resyncing = false;
    if (this.state.connection === 'live') this.set({ connection: 'connecting' });
    if (!this.polling) this.armGrace();
  }

  private subscribe(socket: RealtimeSocket): void {
    const attempt = ++this.attempt;
    clearTimeout(this.retryTimer);
    socket.timeout(this.client.options.ackTimeoutMs).emit('subscribe', this.request, (err: Error | null, raw?: unknown) => {
      if (this.closed || attempt !== this.attempt) return;
      if (err) return this.retryLater(socket);
      const ack = subscribeAckSchema.safeParse(raw);
      if (!ack.success) return this.retryLater(socket);
      if (!ack.data.ok) {
        if (FATAL_CODES.includes(ack.data.error.code)) return this.fail(ack.data.error);
        return this.retryLater(socket);
      }
      if (ack.data.snapshot.kind !== this.request.kind) return this.retryLater(socket);
      this.retries = 0;
      this.resyncing = false;
      this.stopPolling();
      this.clearGrace();
      this.set({ view: ack.data.snapshot as ViewOf<K>, connection: 'live', stale: false, error: null });
    });
  }

  /** A refused or unanswered subscribe that may work later: poll meanwhile, try the socket again with backoff. */
  private retryLater(socket: RealtimeSocket): void {
    this.startPolling();
    clearTimeout(this.retryTimer);
    const delay = backoffDelay(this.retries++, RETRY_BACKOFF);
    this.retryTimer = setTimeout(() => {
      if (!this.closed && socket.connected && this.state.connection !== 'live' && !this.client.offline) this.subscribe(socket);
    }, delay);
  }

  private fail(error: LiveError): void {
    this.stopPolling();
    this.clearGrace();
    this.set({ error });
  }

  onUpdate(socket: RealtimeSocket, update: Update): void {
    const { view, connection } = this.state;
    if (this.closed || connection !== 'live' || !view || update.eventId !== view.eventId) return;
    const result = applyUpdate(view, update);
    if (result.kind === 'applied') {
      if (result.view !== view) this.set({ view: result.view });
      return;
    }
    if (this.resyncing) return;
    this.resyncing = true;
    socket.emit('resync', { eventId: view.eventId, version: view.version });
  }

  onSnapshot(snapshot: Snapshot): void {
    if (this.closed || this.state.connection !== 'live') return;
    const request = this.request as Subscribe;
    const want = request.kind === 'organiser' ? { kind: request.kind, eventId: request.eventId } : request.kind === 'chip' ? { kind: request.kind, chipId: request.chipId } : { kind: request.kind };
    if (!snapshotMatches(snapshot, want, this.state.view)) return;
    this.resyncing = false;
    this.set({ view: snapshot as ViewOf<K> });
  }

  /** The gateway ended this subscription (the organiser's session ended): shown as a refusal, not retried. */
  onEnded(error: LiveError): void {
    if (this.closed) return;
    this.attempt += 1;
    this.fail(error);
  }

  onStatus(eventId: string, stale: boolean): void {
    if (this.closed || this.state.view?.eventId !== eventId || this.state.connection !== 'live') return;
    this.set({ stale });
  }

  private startPolling(): void {
    if (this.polling || this.closed || this.state.error !== null || this.client.offline) return;
    this.polling = true;
    this.set({ connection: 'polling', stale: false });
    void this.pollOnce();
  }

  private stopPolling(): void {
    this.polling = false;
    clearTimeout(this.pollTimer);
    this.pollAbort?.abort();
    this.pollAbort = null;
  }

  private async pollOnce(): Promise<void> {
    if (!this.polling) return;
    const abort = new AbortController();
    this.pollAbort = abort;
    let result: PollResult<ViewOf<K>>;
    try {
      result = await this.poller(abort.signal);
    } catch {
      if (abort.signal.aborted) return;
      result = { ok: false, fatal: false, status: 0, message: 'Network Error' };
    }
    // The socket came back while this request was out: its snapshot is newer.
    if (!this.polling || abort.signal.aborted) return;
    if (result.ok) this.set({ view: result.view, stale: false });
    else if (result.fatal) return this.fail({ code: result.status === 404 ? 'not_found' : result.status === 400 ? 'invalid' : 'forbidden', message: result.message });
    else this.set({ stale: this.state.view !== null });
    this.pollTimer = setTimeout(() => void this.pollOnce(), this.client.options.pollIntervalMs);
  }

  close(socket: RealtimeSocket | null): void {
    this.closed = true;
    this.stopPolling();
    this.clearGrace();
    clearTimeout(this.retryTimer);
    if (socket?.connected && this.state.connection === 'live') socket.emit('unsubscribe', this.request);
    this.listeners.clear();
  }
}
