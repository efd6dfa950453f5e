import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { io as connectSocket, Socket } from 'socket.io-client';
import { POLL_INTERVAL_MS } from '@tapcard/shared/constants';
import {
  REALTIME_PATH,
  endedSchema,
  snapshotSchema,
  statusSchema,
  subscribeAckSchema,
  updateSchema,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
  type Snapshot,
  type Subscribe,
  type Update,
} from '@tapcard/shared/realtime';
import { applyUpdate, mergeContent, snapshotMatches, type Kind, type ViewOf } from './live-state.js';
import { pollArena, pollChip, pollOrganiser, type PollResult } from './live-polls.js';
import { currentAuthorization } from './session.js';

/**
 * The socket client of the live pages (arena, chats, chip page, organiser attendees and admin chat).
 *
 * One Socket.IO connection per page (same origin, REALTIME_PATH, websocket first) carries every
 * subscription of the page. A subscription emits `subscribe` and takes the ack's snapshot as its view,
 * applies `update`s (a gap in the versions emits `resync` and the `snapshot` that follows replaces the
 * view), shows `status { stale }`, and subscribes again after every reconnect, which resyncs it.
 *
 * When the socket cannot connect, or drops and is not back within `connectGraceMs`, the subscription
 * polls the spec's REST endpoint every POLL_INTERVAL_MS instead (connection 'polling') while Socket.IO
 * keeps retrying with backoff; the first successful subscribe after that returns it to 'live'.
 *
 * The browser's offline event shows 'offline' at once (a dead socket would otherwise look live until its
 * ping times out) and closes the socket; the online event reconnects at once, which resyncs the view.
 */

export type Connection = 'live' | 'polling' | 'connecting' | 'offline';

/** Whether the browser says it is online (true where it cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `onChange` when the browser goes offline or online; answers the unsubscribe. */
export function listenNetwork(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's online state, following its offline and online events. */
export function useOnline(): boolean {
  return useSyncExternalStore(listenNetwork, isOnline, () => true);
}

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

export interface RealtimeOptions {
  /** Socket.IO server origin; the page's own origin when absent. */
  url?: string;
  /** How long a connect (or reconnect) may take before the page falls back to polling. */
  connectGraceMs?: number;
  pollIntervalMs?: number;
  /** How long a subscribe ack may take. */
  ackTimeoutMs?: number;
  /** How long the socket stays open after its last subscription ends (a page change keeps it). */
  lingerMs?: number;
  /** The handshake's bearer token (the stored session by default). */
  token?: () => string | null;
}

const DEFAULTS = { connectGraceMs: 3000, pollIntervalMs: POLL_INTERVAL_MS, ackTimeoutMs: 5000, lingerMs: 2000 };
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 15_000;
const FATAL_CODES: readonly ErrorCode[] = ['invalid', 'forbidden', 'not_found'];

type Poller<V> = (signal: AbortSignal) => Promise<PollResult<V>>;
type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// Socket.IO is fetched when a page first subscribes, after its first render (issue 8's JS budget).
let socketIo: Promise<{ io: typeof connectSocket }> | null = null;
const loadSocketIo = () => (socketIo ??= import('socket.io-client'));

function keyOf(request: Subscribe): string {
  switch (request.kind) {
    case 'arena':
      return `arena:${request.tid}`;
    case 'chip':
      return `chip:${request.chipId}`;
    case 'organiser':
      return `organiser:${request.eventId}`;
  }
}

/** One subscription of the page, shared by every hook that asks for the same thing. */
export class LiveSubscription<K extends Kind = Kind> {
  private state: LiveEventState<ViewOf<K>> = { view: null, connection: 'connecting', stale: false, error: null };
  private readonly listeners = new Set<() => void>();
  refs = 0;
  private closed = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = RETRY_MIN_MS;
  private polling = false;
  private pollAbort: AbortController | null = null;
  private resyncing = false;
  /** Bumped on every subscribe attempt, so a late ack of an older attempt is ignored. */
  private attempt = 0;

  constructor(
    private readonly client: RealtimeClient,
    readonly request: Extract<Subscribe, { kind: K }>,
    readonly poller: Poller<ViewOf<K>>,
  ) {}

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
      this.retryDelay = RETRY_MIN_MS;
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
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
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

/** The page's socket and its subscriptions. */
export class RealtimeClient {
  readonly options: Required<Omit<RealtimeOptions, 'url' | 'token'>> & Pick<RealtimeOptions, 'url' | 'token'>;
  private socket: RealtimeSocket | null = null;
  private opening = false;
  private readonly subscriptions = new Map<string, LiveSubscription>();
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectDelay = RETRY_MIN_MS;
  private unlistenNetwork: (() => void) | null = null;
  /** The browser said it went offline (its offline event), until its online event. */
  offline = false;

  constructor(options: RealtimeOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  private readonly onNetwork = (): void => {
    const offline = !isOnline();
    if (offline === this.offline) return;
    this.offline = offline;
    const socket = this.socket;
    if (offline) {
      for (const subscription of [...this.subscriptions.values()]) subscription.onOffline();
      clearTimeout(this.reconnectTimer);
      // A dead socket would look connected until its ping times out: close it now.
      socket?.disconnect();
      return;
    }
    for (const subscription of [...this.subscriptions.values()]) subscription.onOnline();
    this.reconnectDelay = RETRY_MIN_MS;
    if (socket && !socket.connected) socket.connect();
    else if (!socket) this.ensureSocket();
  };

  /** A subscription for `request` (shared with other holders of the same one); release it when done. */
  acquire<K extends Kind>(request: Extract<Subscribe, { kind: K }>, poller: Poller<ViewOf<K>>): LiveSubscription<K> {
    clearTimeout(this.lingerTimer);
    if (!this.unlistenNetwork) {
      this.unlistenNetwork = listenNetwork(this.onNetwork);
      this.offline = !isOnline();
    }
    const key = keyOf(request);
    let subscription = this.subscriptions.get(key) as LiveSubscription<K> | undefined;
    if (!subscription) {
      subscription = new LiveSubscription<K>(this, request, poller);
      this.subscriptions.set(key, subscription as unknown as LiveSubscription);
      subscription.start(this.ensureSocket());
    }
    subscription.refs += 1;
    return subscription;
  }

  release(subscription: LiveSubscription): void {
    subscription.refs -= 1;
    if (subscription.refs > 0) return;
    const key = keyOf(subscription.request);
    if (this.subscriptions.get(key) === subscription) this.subscriptions.delete(key);
    subscription.close(this.socket);
    if (this.subscriptions.size === 0) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => this.shutdown(), this.options.lingerMs);
    }
  }

  /** Closes the socket and every subscription (tests, and a page that no longer needs live data). */
  shutdown(): void {
    clearTimeout(this.lingerTimer);
    clearTimeout(this.reconnectTimer);
    this.unlistenNetwork?.();
    this.unlistenNetwork = null;
    for (const subscription of this.subscriptions.values()) subscription.close(this.socket);
    this.subscriptions.clear();
    const socket = this.socket;
    this.socket = null;
    this.opening = false;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
  }

  /** The socket when it is open; otherwise opens it, and its `connect` subscribes every subscription. */
  private ensureSocket(): RealtimeSocket | null {
    if (this.socket || this.opening) return this.socket;
    this.opening = true;
    void loadSocketIo().then(
      ({ io }) => {
        if (!this.opening) return;
        this.opening = false;
        if (this.subscriptions.size > 0) this.openSocket(io);
      },
      () => {
        // The download failed: the subscriptions poll after their grace period; the next subscription tries again.
        this.opening = false;
        socketIo = null;
      },
    );
    return null;
  }

  private openSocket(io: typeof connectSocket): void {
    const tokenOf = this.options.token ?? currentAuthorization;
    const settings = {
      path: REALTIME_PATH,
      transports: ['websocket', 'polling'],
      // A proxy that refuses websockets still lets the socket through over HTTP long-polling.
      tryAllTransports: true,
      reconnectionDelay: RETRY_MIN_MS,
      reconnectionDelayMax: RETRY_MAX_MS / 3,
      timeout: this.options.ackTimeoutMs,
      auth: (cb: (data: object) => void) => {
        const token = tokenOf();
        cb(token ? { token } : {});
      },
    };
    const socket: RealtimeSocket = this.options.url ? io(this.options.url, settings) : io(settings);
    this.socket = socket;
    const each = (fn: (s: LiveSubscription) => void) => {
      for (const subscription of [...this.subscriptions.values()]) fn(subscription);
    };
    socket.on('connect', () => {
      this.reconnectDelay = RETRY_MIN_MS;
      each((s) => s.onConnect(socket));
    });
    socket.on('disconnect', (reason) => {
      each((s) => s.onDisconnect());
      // The server closed the connection on purpose: Socket.IO does not retry by itself.
      if (reason === 'io server disconnect') this.reconnectLater(socket);
    });
    socket.on('connect_error', () => {
      each((s) => s.onDisconnect());
      // A refused handshake is not retried by Socket.IO; a network failure is.
      if (!socket.active) this.reconnectLater(socket);
    });
    socket.on('update', (raw: unknown) => {
      const parsed = updateSchema.safeParse(raw);
      if (parsed.success) each((s) => s.onUpdate(socket, parsed.data));
    });
    socket.on('snapshot', (raw: unknown) => {
      const parsed = snapshotSchema.safeParse(raw);
      if (parsed.success) each((s) => s.onSnapshot(parsed.data));
    });
    socket.on('status', (raw: unknown) => {
      const parsed = statusSchema.safeParse(raw);
      if (parsed.success) each((s) => s.onStatus(parsed.data.eventId, parsed.data.stale));
    });
    socket.on('ended', (raw: unknown) => {
      const parsed = endedSchema.safeParse(raw);
      if (parsed.success) this.subscriptions.get(keyOf(parsed.data.subscription))?.onEnded(parsed.data.error);
    });
  }

  private reconnectLater(socket: RealtimeSocket): void {
    clearTimeout(this.reconnectTimer);
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RETRY_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      if (this.socket === socket && !socket.connected && !this.offline) socket.connect();
    }, delay);
  }
}

let defaultClient: RealtimeClient | null = null;

/** The page's client (created on first use). */
export function realtimeClient(): RealtimeClient {
  defaultClient ??= new RealtimeClient();
  return defaultClient;
}

/** Replaces the page's client (tests point it at their own server). */
export function setRealtimeClient(client: RealtimeClient | null): void {
  defaultClient?.shutdown();
  defaultClient = client;
}

const IDLE: LiveEventState<never> = { view: null, connection: 'connecting', stale: false, error: null };

export interface LiveEvent<V> extends LiveEventState<V> {
  /** Merges a local change into the view (see LiveSubscription.applyLocal). */
  applyLocal: (change: Partial<Update>) => void;
}

/**
 * The live view of a subscription, or of nothing while `request` is null. `poller` reads the same view
 * over REST for the fallback; it must be a stable function (module level).
 */
export function useLiveEvent<K extends Kind>(
  request: Extract<Subscribe, { kind: K }> | null,
  poller: (request: Extract<Subscribe, { kind: K }>, signal: AbortSignal) => Promise<PollResult<ViewOf<K>>>,
): LiveEvent<ViewOf<K>> {
  // The request is rebuilt from its JSON, so a new object with the same content changes nothing.
  const json = request ? JSON.stringify(request) : null;
  const subscriptionRef = useRef<LiveSubscription<K> | null>(null);

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!json) return () => undefined;
      const current = JSON.parse(json) as Extract<Subscribe, { kind: K }>;
      const client = realtimeClient();
      const subscription = client.acquire<K>(current, (signal) => poller(current, signal));
      subscriptionRef.current = subscription;
      const unlisten = subscription.listen(onChange);
      onChange();
      return () => {
        unlisten();
        if (subscriptionRef.current === subscription) subscriptionRef.current = null;
        client.release(subscription as unknown as LiveSubscription);
      };
    },
    [json, poller],
  );
  const getSnapshot = useCallback(() => (json && subscriptionRef.current ? subscriptionRef.current.snapshot : (IDLE as LiveEventState<ViewOf<K>>)), [json]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const applyLocal = useCallback((change: Partial<Update>) => subscriptionRef.current?.applyLocal(change), []);
  return { ...state, applyLocal };
}

const arenaPoll = (request: { tid: string }, signal: AbortSignal) => pollArena(request.tid, signal);
const chipPoll = (request: { chipId: string }, signal: AbortSignal) => pollChip(request.chipId, signal);
const organiserPoll = (request: { eventId: string }, signal: AbortSignal) => pollOrganiser(request.eventId, signal);

/** An attendee's arena and chats, by access token. */
export function useArenaLive(tid: string | undefined): LiveEvent<ViewOf<'arena'>> {
  return useLiveEvent<'arena'>(tid ? { kind: 'arena', tid } : null, arenaPoll);
}

/** A chip page, by chip id. */
export function useChipLive(chipId: string | undefined): LiveEvent<ViewOf<'chip'>> {
  return useLiveEvent<'chip'>(chipId ? { kind: 'chip', chipId } : null, chipPoll);
}

/** An organiser's event (attendance and admin chats), by event id; the bearer token goes in the handshake. */
export function useOrganiserLive(eventId: string | undefined): LiveEvent<ViewOf<'organiser'>> {
  return useLiveEvent<'organiser'>(eventId ? { kind: 'organiser', eventId } : null, organiserPoll);
}

export type { ViewOf } from './live-state.js';
