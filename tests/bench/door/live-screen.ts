import { applyUpdate, REALTIME_PATH, snapshotSchema, subscribeAckSchema, updateSchema } from '@tapcard/shared/realtime';
import type { ClientToServerEvents, OrganiserView, ServerToClientEvents, Update } from '@tapcard/shared/realtime';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { preciseNow } from '../../support/realtime-client.js';

/**
 * The organiser's attendees page as a Node socket: it subscribes to the event's organiser view with
 * the organiser's bearer token, applies every update with the shared merge (as the web's live layer
 * does), asks for the snapshot on a gap, and notes when each attendee is first shown checked in and
 * when the shown count first reaches a number.
 */

export interface OrganiserScreenOptions {
  url: string;
  origin: string;
  eventId: string;
  authorization: string;
  now?: () => number;
}

const ACK_TIMEOUT_MS = 10_000;

export class OrganiserScreen {
  /** Attendee id → epoch ms (fractional) when this screen first showed them checked in. */
  readonly shownAt = new Map<string, number>();
  /** Count shown → epoch ms when the screen first showed it. */
  private readonly countReachedAt = new Map<number, number>();
  private view: OrganiserView | undefined;
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private readonly now: () => number;
  private resyncing = false;
  gaps = 0;
  invalid = 0;
  reconnects = 0;

  constructor(private readonly o: OrganiserScreenOptions) {
    this.now = o.now ?? preciseNow;
    this.socket = io(o.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      autoConnect: false,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      auth: { token: o.authorization },
      extraHeaders: { origin: o.origin },
    });
    this.socket.on('update', (raw: unknown) => this.onUpdate(raw));
    this.socket.on('snapshot', (raw: unknown) => {
      const parsed = snapshotSchema.safeParse(raw);
      if (parsed.success && parsed.data.kind === 'organiser') this.take(parsed.data);
      else this.invalid += 1;
    });
  }

  /** Connects and resolves once the organiser view is subscribed (and again on every reconnect). */
  start(timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`organiser screen on ${this.o.url}: not subscribed within ${timeoutMs} ms`)), timeoutMs);
      this.socket.on('connect', () => {
        if (this.view) this.reconnects += 1;
        this.subscribe().then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      });
      this.socket.connect();
    });
  }

  /** Attendees the screen shows checked in now. */
  get count(): number {
    return this.shownAt.size;
  }

  /** When the shown count first reached `n` (epoch ms), if it has. */
  reachedAt(n: number): number | undefined {
    for (const [count, at] of this.countReachedAt) if (count >= n) return at;
    return undefined;
  }

  close(): void {
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private async subscribe(): Promise<void> {
    const raw: unknown = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('subscribe', { kind: 'organiser', eventId: this.o.eventId });
    const ack = subscribeAckSchema.parse(raw);
    if (!ack.ok) throw new Error(`organiser subscription refused: ${ack.error.code} ${ack.error.message}`);
    if (ack.snapshot.kind !== 'organiser') throw new Error(`expected the organiser view, got ${ack.snapshot.kind}`);
    this.take(ack.snapshot);
  }

  private take(view: OrganiserView): void {
    if (this.view && view.version < this.view.version) return;
    this.view = view;
    this.mark(view.attendees);
  }

  private onUpdate(raw: unknown): void {
    const parsed = updateSchema.safeParse(raw);
    if (!parsed.success) {
      this.invalid += 1;
      return;
    }
    const update: Update = parsed.data;
    if (!this.view) return;
    const result = applyUpdate(this.view, update);
    this.view = result.view;
    if (result.kind === 'gap') {
      this.gaps += 1;
      if (!this.resyncing) {
        this.resyncing = true;
        void this.socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('resync', { eventId: this.o.eventId, version: this.view.version })
          .catch(() => undefined)
          .finally(() => (this.resyncing = false));
      }
      return;
    }
    if (update.attendees) this.mark(update.attendees);
  }

  /** Notes newly shown check-ins; a check-in the view no longer shows (a check-out) is dropped. */
  private mark(attendees: readonly { id: string; checked_in: boolean }[]): void {
    const at = this.now();
    for (const a of attendees) {
      if (a.checked_in && !this.shownAt.has(a.id)) this.shownAt.set(a.id, at);
      else if (!a.checked_in) this.shownAt.delete(a.id);
    }
    if (!this.countReachedAt.has(this.shownAt.size)) this.countReachedAt.set(this.shownAt.size, at);
  }
}
