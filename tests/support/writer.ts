import { postChat } from './event-setup.js';
import type { Attendee, PostResult } from './event-setup.js';
import type { SentMessage } from './fleet.js';
import { sleep } from '@tapcard/testkit/wait';
import { preciseNow } from './realtime-client.js';

/**
 * Posts group chat messages through the gateways' proxy at a steady rate: writers and gateways in
 * turn, each post stamped with the time it was sent (the start of write-to-receipt).
 */

export interface WriterOptions {
  gateways: string[];
  eventId: string;
  writers: Attendee[];
  perSecond: number;
  /** At most this many posts in flight; a post due while they are out waits. */
  maxInFlight?: number;
  label?: string;
}

export interface WriterReport {
  sent: SentMessage[];
  attempted: number;
  failed: number;
  errors: string[];
  /** Post answer time through the proxy, ms. */
  answerMs: number[];
  /** The messages of `sent`, each timed from when its answer reached the writer instead of when it was sent. */
  answered: SentMessage[];
  /** Posts sent again through the other gateway after one failed to answer. */
  retried: number;
}

export class ChatWriter {
  private stopped = false;
  private count = 0;
  private retried = 0;
  private readonly results: PostResult[] = [];
  private loop: Promise<void> | undefined;

  constructor(private readonly o: WriterOptions) {}

  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Stops posting and waits for the posts in flight. */
  async stop(): Promise<WriterReport> {
    this.stopped = true;
    await this.loop;
    return this.report();
  }

  /** Posts `n` messages now, one after the other. */
  async postNow(n: number): Promise<PostResult[]> {
    const out: PostResult[] = [];
    for (let i = 0; i < n; i += 1) out.push(await this.postOne());
    return out;
  }

  report(): WriterReport {
    const sent: SentMessage[] = [];
    const answered: SentMessage[] = [];
    const errors: string[] = [];
    let failed = 0;
    for (const r of this.results) {
      if (r.ok && r.message) {
        sent.push({ id: r.message.id, seq: r.message.seq, sentAt: r.sentAt });
        answered.push({ id: r.message.id, seq: r.message.seq, sentAt: r.answeredAt });
      } else {
        failed += 1;
        if (errors.length < 5) errors.push(`${r.status} ${r.error ?? ''}`);
      }
    }
    sent.sort((a, b) => a.seq - b.seq);
    answered.sort((a, b) => a.seq - b.seq);
    return { sent, answered, attempted: this.results.length, failed, errors, answerMs: this.results.filter((r) => r.ok).map((r) => r.answeredAt - r.sentAt), retried: this.retried };
  }

  /** One post; a gateway that cannot be reached or is shutting down (no answer, 5xx) is skipped for the next, as a load balancer would. */
  private async postOne(): Promise<PostResult> {
    const i = this.count;
    this.count += 1;
    const writer = this.o.writers[i % this.o.writers.length];
    if (!writer) throw new Error('no writer');
    const text = `${this.o.label ?? 'bench'} message ${i + 1}`;
    let result: PostResult | undefined;
    for (let attempt = 0; attempt < this.o.gateways.length; attempt += 1) {
      const gateway = this.o.gateways[(i + attempt) % this.o.gateways.length] ?? '';
      const r = await postChat(gateway, this.o.eventId, writer, text, preciseNow);
      // The write-to-receipt clock starts at the first attempt.
      result = result ? { ...r, sentAt: result.sentAt } : r;
      if (r.ok || (r.status > 0 && r.status < 500)) break;
      this.retried += 1;
    }
    if (!result) throw new Error('no gateway');
    this.results.push(result);
    return result;
  }

  private async run(): Promise<void> {
    const gapMs = 1000 / this.o.perSecond;
    const maxInFlight = this.o.maxInFlight ?? 8;
    const inFlight = new Set<Promise<unknown>>();
    let next = preciseNow();
    while (!this.stopped) {
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      const p: Promise<unknown> = this.postOne().finally(() => inFlight.delete(p));
      inFlight.add(p);
      next += gapMs;
      const wait = next - preciseNow();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(inFlight);
  }
}
