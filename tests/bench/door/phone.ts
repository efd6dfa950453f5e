import { randomUUID } from 'node:crypto';
import { doorCalls } from '@tapcard/shared/contract';
import type { DoorCheckIn } from '@tapcard/shared/contract';
import { send } from '../../support/event-setup.js';
import type { LiveEvent } from '../../support/event-setup.js';
import { mapLimit } from '../../support/map-limit.js';
import { sleep } from '@tapcard/testkit/wait';
import { preciseNow } from '../../support/realtime-client.js';

/**
 * A staff phone at the door: it opens a staff link for its gate (a door session), then checks
 * attendees in through the gateways' proxy as the door page does, one scan after another. Offline, it
 * admits locally and queues each scan ({ client_id, attendee_id, scanned_at }); back online it syncs
 * the queue with the scan times.
 */

const REQUEST_TIMEOUT_MS = 10_000;

export interface DoorSessionOpened {
  gate: string;
  session: string;
  linkId: string;
}

/** The organiser creates a staff link for `gate`; a phone opens it and gets its door session. */
export async function openDoor(upstreamUrl: string, event: LiveEvent, gate: string): Promise<DoorSessionOpened> {
  const created = await send(upstreamUrl, doorCalls.createStaffLink, {
    params: { id: event.eventId },
    body: { label: gate, expiry: 'event_end' },
    authorization: event.authorization,
  });
  if (created.success !== 'true') throw new Error(`staff link for ${gate}: ${JSON.stringify(created)}`);
  const secret = decodeURIComponent(created.data.path.replace(/^\/door\//, ''));
  const opened = await send(upstreamUrl, doorCalls.openStaffLink, { body: { secret } });
  if (opened.success !== 'true') throw new Error(`opening the staff link of ${gate}: ${JSON.stringify(opened)}`);
  return { gate: opened.data.gate, session: opened.data.session, linkId: opened.data.link_id };
}

export interface Scan {
  clientId: string;
  attendeeId: string;
  /** ISO time of an offline scan. */
  scannedAt?: string;
}

export interface ScanResult {
  phone: number;
  scan: Scan;
  /** Index of the gateway the request went through. */
  gateway: number;
  sentAt: number;
  answeredAt: number;
  answer?: DoorCheckIn;
  error?: string;
  /** A deliberate repeat of an earlier request (same client id), as after a lost answer. */
  retry: boolean;
}

export class DoorPhone {
  readonly results: ScanResult[] = [];
  readonly queue: Scan[] = [];
  private sent = 0;

  constructor(
    readonly index: number,
    readonly door: DoorSessionOpened,
    private readonly gateways: readonly string[],
  ) {}

  /** The next gateway in turn: a phone's requests alternate between the gateways. */
  private nextGateway(): number {
    const g = (this.index + this.sent) % this.gateways.length;
    this.sent += 1;
    return g;
  }

  /** Sends one check-in through gateway `gateway` and records it. */
  async checkIn(scan: Scan, gateway = this.nextGateway(), retry = false): Promise<ScanResult> {
    const sentAt = preciseNow();
    const base = { phone: this.index, scan, gateway, sentAt, retry };
    let result: ScanResult;
    try {
      const answer = await send(`${this.gateways[gateway]}/api`, doorCalls.doorCheckIn, {
        body: { session: this.door.session, attendee_id: scan.attendeeId, client_id: scan.clientId, ...(scan.scannedAt ? { scanned_at: scan.scannedAt } : {}) },
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      result = answer.success === 'true' ? { ...base, answeredAt: preciseNow(), answer: answer.data } : { ...base, answeredAt: preciseNow(), error: answer.message };
    } catch (err) {
      result = { ...base, answeredAt: preciseNow(), error: err instanceof Error ? err.message : String(err) };
    }
    this.results.push(result);
    return result;
  }

  /** Online: scans `attendeeIds` in order, waiting a door's pace (`gapMs()`) before each. */
  async scanOnline(attendeeIds: readonly string[], gapMs: () => number, onSent?: (r: ScanResult) => void): Promise<void> {
    for (const attendeeId of attendeeIds) {
      await sleep(gapMs());
      const result = await this.checkIn({ clientId: randomUUID(), attendeeId });
      onSent?.(result);
    }
  }

  /** Offline until `until`: admits `attendeeIds` locally at a door's pace, queueing each scan with its time; answers those not reached. */
  async scanOffline(attendeeIds: readonly string[], gapMs: () => number, until: number): Promise<string[]> {
    let next = 0;
    for (const attendeeId of attendeeIds) {
      const gap = gapMs();
      if (Date.now() + gap >= until) break;
      await sleep(gap);
      this.queue.push({ clientId: randomUUID(), attendeeId, scannedAt: new Date().toISOString() });
      next += 1;
    }
    return attendeeIds.slice(next);
  }

  /**
   * Back online: sends the queue (`concurrency` at a time). The scans in `lostAnswers` are sent twice
   * with the same client id, as after an answer lost on the way: half one after the other, half both
   * at once.
   */
  async sync(concurrency: number, lostAnswers: ReadonlySet<string>): Promise<void> {
    let repeated = 0;
    await mapLimit(this.queue, concurrency, async (scan) => {
      const gateway = this.nextGateway();
      if (!lostAnswers.has(scan.clientId)) return void (await this.checkIn(scan, gateway));
      repeated += 1;
      const other = (gateway + 1) % this.gateways.length;
      if (repeated % 2 === 0) {
        await this.checkIn(scan, gateway);
        await this.checkIn(scan, other, true);
      } else {
        await Promise.all([this.checkIn(scan, gateway), this.checkIn(scan, other, true)]);
      }
    });
  }
}
