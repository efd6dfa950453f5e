import { applyUpdate, snapshotSchema, subscribeAckSchema, updateSchema } from '@tapcard/shared/realtime';
import type { ClientToServerEvents, DoorView, OrganiserView, ServerToClientEvents, Update } from '@tapcard/shared/realtime';
import type { Socket } from 'socket.io-client';
import { preciseNow, realtimeSocket } from '../../support/realtime-client.js';

/**
 * A live attendance screen as a Node socket: the organiser's attendees page (the organiser view, with
 * the organiser's bearer token in the handshake) or a staff phone's door page (the door view, proved
 * by its door session). It applies every update with the shared merge (as the web's live layer
 * does), asks for the snapshot on a gap, and notes when each attendee is first shown checked in and
 * when the shown count first reaches a number.
 */

export type ScreenSubscription = { kind: 'organiser'; eventId: string; authorization: string } | { kind: 'door'; eventId: string; session: string };
type AttendanceView = OrganiserView | DoorView;

export interface LiveScreenOptions {
  url: string;
  origin: string;
  subscription: ScreenSubscription;
  now?: () => number;
}

const ACK_TIMEOUT_MS = 10_000;

export class LiveScreen {
  /** Attendee id → epoch ms (fractional) when this screen first showed them checked in. */
  readonly shownAt = new Map<string, number>();
  /** Count shown → epoch ms when the screen first showed it. */
  private readonly countReachedAt = new Map<number, number>();
  private view: AttendanceView | undefined;
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private readonly now: () => number;
  private resyncing = false;
  gaps = 0;
  invalid = 0;
  reconnects = 0;

  constructor(private readonly o: LiveScreenOptions) {
    this.now = o.now ?? preciseNow;
    this.socket = realtimeSocket(o.url, o.origin, o.subscription.kind === 'organiser' ? o.subscription.authorization : undefined, { reconnectionDelay: 1000, reconnectionDelayMax: 5000 });
    this.socket.on('update', (raw: unknown) => this.onUpdate(raw));
    this.socket.on('snapshot', (raw: unknown) => {
      const parsed = snapshotSchema.safeParse(raw);
      const view = parsed.success ? parsed.data : undefined;
      if ((view?.kind === 'organiser' || view?.kind === 'door') && view.kind === o.subscription.kind) this.take(view);
      else this.invalid += 1;
    });
  }

  /** Connects and resolves once the view is subscribed (subscribing again on every reconnect). */
  start(timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.o.subscription.kind} screen on ${this.o.url}: not subscribed within ${timeoutMs} ms`)), timeoutMs);
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

  /** Attendees shown checked in, by who checked them in (a gate's name, 'organiser', …; 'unknown' when the view does not say). */
  perGate(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const a of this.view?.attendees ?? []) {
      if (!a.checked_in) continue;
      const by = a.checked_in_by ?? 'unknown';
      counts[by] = (counts[by] ?? 0) + 1;
    }
    return counts;
  }

  close(): void {
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private async subscribe(): Promise<void> {
    const s = this.o.subscription;
    const raw: unknown = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('subscribe', s.kind === 'organiser' ? { kind: 'organiser', eventId: s.eventId } : { kind: 'door', session: s.session });
    const ack = subscribeAckSchema.parse(raw);
    if (!ack.ok) throw new Error(`${s.kind} subscription refused: ${ack.error.code} ${ack.error.message}`);
    const view = ack.snapshot;
    if (view.kind !== s.kind || (view.kind !== 'organiser' && view.kind !== 'door')) throw new Error(`expected the ${s.kind} view, got ${view.kind}`);
    this.take(view);
  }

  private take(view: AttendanceView): void {
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
          .emitWithAck('resync', { eventId: this.o.subscription.eventId, version: this.view.version })
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
