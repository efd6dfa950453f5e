import { contractClient, moderationCalls } from '@tapcard/shared/contract';
import type { ClientSpec, SentMessage } from '../../support/fleet.js';
import { gatewayState } from '../../support/metrics.js';
import { sleep, waitFor } from '@tapcard/testkit/wait';
import { preciseNow } from '../../support/realtime-client.js';
import { summarise } from '../../support/scenarios.js';
import type { DeliverySummary } from '../../support/scenarios.js';
import type { Stack } from '../../support/stack.js';
import { distribution, round } from '../../support/stats.js';
import type { Distribution } from '../../support/stats.js';
import { ChatWriter } from '../../support/writer.js';
import { WorkerFleet } from './worker-fleet.js';

/**
 * The moderation benchmark: N socket clients watch one event's arena across two gateways; attendees
 * post messages, every client receives them, then the organiser removes them one by one through a
 * gateway's proxy (`moderationCalls.removeMessage`). Measured, for every (client, removed message):
 * from the moment the organiser's request is sent to the moment the client handles the frame that
 * carries the removal. The removal travels as a chat message of its own (the same id, `removed`, no
 * text, the removal's seq) on the path every chat message takes: the write wakes the event's poll,
 * the lease holder reads the change and emits it, Redis carries it to the other gateway.
 */

export interface ModerationOptions {
  n: number;
  /** Messages posted, then removed. */
  removals: number;
  /** Pause between two removals. */
  gapMs: number;
  connectPerSecond: number;
  workers: number;
}

export interface ModerationResult {
  n: number;
  connect: { started: number; failed: number; tookS: number; errors: string[] };
  connectionsPerGateway: number[];
  /** The messages' own delivery, before any removal (every client must hold them). */
  posted: DeliverySummary;
  /** Removal request to the client handling it, every (client, message). */
  removal: DeliverySummary;
  /** The removal requests' answers through the proxy. */
  removeAnswerMs: Distribution;
  removeFailed: number;
  removeErrors: string[];
  /** Removed messages that reached a client with their text (must be 0). */
  removedWithText: number;
  gapsSeen: number;
  invalidPayloads: number;
}

/** Removes one group message as the event's organiser, through a gateway's proxy; answers when the request was sent and how it went. */
async function removeMessage(gatewayUrl: string, stack: Stack, messageId: string): Promise<{ sentAt: number; answeredAt: number; ok: boolean; error?: string }> {
  const sentAt = preciseNow();
  try {
    const result = await contractClient({ baseUrl: `${gatewayUrl}/api`, timeoutMs: 10_000 }).send(moderationCalls.removeMessage, {
      params: { id: stack.event.eventId },
      body: { message_id: messageId, room: 'group' },
      authorization: stack.event.authorization,
    });
    const answeredAt = preciseNow();
    if (result.ok) return { sentAt, answeredAt, ok: true };
    return { sentAt, answeredAt, ok: false, error: (result.kind === 'failure' ? JSON.stringify(result.answer) : result.text).slice(0, 200) };
  } catch (err) {
    return { sentAt, answeredAt: preciseNow(), ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

export async function moderation(stack: Stack, o: ModerationOptions, log: (line: string) => void): Promise<ModerationResult> {
  const gateways = stack.gateways.map((g) => g.url);
  const clients: ClientSpec[] = Array.from({ length: o.n }, (_, i) => ({ index: i, tid: stack.tids[i] ?? '', gateway: i % gateways.length, mode: 'robust' }));
  const fleet = new WorkerFleet({ gateways, origin: stack.origin, clients, workers: o.workers, connectPerSecond: o.connectPerSecond });
  try {
    log(`connecting ${o.n} socket clients (${o.connectPerSecond}/s, ${o.workers} worker processes)`);
    const started = await fleet.start();
    log(`${started.started} subscribed, ${started.failed} failed, in ${(started.tookMs / 1000).toFixed(1)} s`);
    await sleep(2000);
    const connectionsPerGateway = (await Promise.all(gateways.map((g) => gatewayState(g)))).map((f) => f.connectedSockets);

    // The messages to remove: posted one by one, then held by every client.
    const writer = new ChatWriter({ gateways, eventId: stack.event.eventId, writers: stack.writers, perSecond: 5, label: `moderation ${o.n}` });
    const posts = await writer.postNow(o.removals);
    const sent: SentMessage[] = posts.flatMap((p) => (p.ok && p.message ? [{ id: p.message.id, seq: p.message.seq, sentAt: p.sentAt }] : []));
    if (sent.length < o.removals) throw new Error(`only ${sent.length} of ${o.removals} posts were stored: ${posts.find((p) => !p.ok)?.error ?? ''}`);
    await waitFor(async () => (await fleet.report(sent)).lost === 0, 30_000, 250, 'every client holds the posted messages').catch(() => log('warning: some clients never received a posted message'));
    const posted = summarise(await fleet.report(sent));
    log(`${sent.length} messages posted and held by ${posted.clients - posted.clientsWithLoss} of ${posted.clients} clients`);

    // The organiser removes them, one at a time, through the gateways in turn.
    const removed: SentMessage[] = [];
    const answers: number[] = [];
    const errors: string[] = [];
    let failed = 0;
    for (const [i, message] of sent.entries()) {
      const result = await removeMessage(gateways[i % gateways.length] ?? '', stack, message.id);
      if (result.ok) {
        removed.push({ id: message.id, seq: message.seq, sentAt: result.sentAt });
        answers.push(result.answeredAt - result.sentAt);
      } else {
        failed += 1;
        if (errors.length < 5 && result.error) errors.push(result.error);
      }
      await sleep(o.gapMs);
    }
    await waitFor(async () => (await fleet.report(removed, undefined, 'removed')).lost === 0, 15_000, 250, 'every client saw every removal').catch(() =>
      log('warning: some clients never saw a removal within 15 s'),
    );
    const removal = summarise(await fleet.report(removed, undefined, 'removed'));
    const status = await fleet.status();
    log(`removal p50 ${removal.latencyMs.p50} ms, p99 ${removal.latencyMs.p99} ms, lost ${removal.lost} of ${removal.expected}`);
    return {
      n: o.n,
      connect: { started: started.started, failed: started.failed, tookS: round(started.tookMs / 1000, 1), errors: started.errors },
      connectionsPerGateway,
      posted,
      removal,
      removeAnswerMs: distribution(answers),
      removeFailed: failed,
      removeErrors: errors,
      removedWithText: status.removedWithText,
      gapsSeen: status.gaps,
      invalidPayloads: status.invalid,
    };
  } finally {
    await fleet.close();
  }
}
