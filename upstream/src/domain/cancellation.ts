import type { CancelledAttendee, TicketCancellation } from '@tapcard/shared/contract';
import { cancelRefundOutcome, formatInEventZone, refundDeadline, type CancelRefundOutcome } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { JobType } from '../jobs/queue.js';
import type { Row } from '../db/schema.js';
import { conflict } from '../lib/http-error.js';
import { refundFailedMail, refundProcessedMail, ticketCancelledMail, type CancelMailRefund } from '../mail/refund-mails.js';
import {
  advanceRefund,
  cancelConfirmed,
  confirmedCheckedIn,
  claimRefundRequest,
  endTicketPayments,
  insertRefund,
  paidOrderOf,
  refundRecipient,
  releaseRefundRequest,
  waitingRefundRequests,
  ticketStateByTidHash,
} from '../repositories/cancellations.js';
import type { cancelledAttendee } from '../repositories/cancellations.js';
import { eventDates, eventSummary } from '../repositories/event-wire.js';
import { giveBackSeat } from '../repositories/registrations.js';
import { unbindChipOf } from '../repositories/ticket-transfers.js';
import { inEventChange } from './event-sequence.js';
import { ProviderError, toKobo } from './payments.js';

/**
 * Cancelling a confirmed registration, by its attendee or the event's organiser, and refunding it.
 *
 * The cancel is one change of the event: the conditional update (confirmed → cancelled) decides it,
 * so of any number of parallel cancels of one ticket (the attendee's and the organiser's alike)
 * exactly one wins; the winner, in the same transaction, gives the seat back, drops the payment's
 * secrets and, when a refund is due, records it as a request waiting for the provider. Only then is the
 * provider asked (POST /refund), outside the transaction. A request that does not reach the provider
 * stays waiting ('pending_request') and `retryPendingRefunds` asks again; the job queue runs it.
 *
 * A refund is due for a paid ticket: in full when the organiser cancels, and by the event's refund
 * policy when the attendee does (a full refund while the window is open, none after). A transferred
 * ticket's payment is found on the registration it began as. The attendee may not cancel a ticket
 * already used at the door (409); the organiser may. Every cancel mails its attendee a confirmation
 * that says what happens to the money.
 */

/** How long one attempt at a refund request holds it before another sender may try again. */
export const REFUND_LEASE_MS = 2 * 60_000;

export type CancelledBy = 'attendee' | 'organiser';

/** Cancels the confirmed registration `attendeeId` of `event`; answers whether this call cancelled it, and whether a refund is due. */
export async function cancelRegistration(app: FastifyInstance, event: Row<'events'>, attendeeId: string, by: CancelledBy): Promise<{ cancelled: boolean; refund: boolean }> {
  const now = app.now();
  const policy = { start_date: event.start_date.toISOString(), refund_policy: event.refund_policy, refund_hours: event.refund_hours };
  const outcome = await inEventChange(app.db, event.id, async (trx, seq) => {
    const cancelled = await cancelConfirmed(trx, event.id, attendeeId, by, now, seq);
    if (!cancelled) {
      if (by === 'attendee' && (await confirmedCheckedIn(trx, attendeeId))) throw conflict(messages.ticketCheckedInNoCancel);
      return undefined;
    }
    await giveBackSeat(trx, cancelled.price_id);
    await endTicketPayments(trx, attendeeId);
    await unbindChipOf(trx, attendeeId, seq);
    const paid = await paidOrderOf(trx, attendeeId);
    const refund: CancelMailRefund = !paid
      ? { kind: 'free' }
      : by === 'organiser'
        ? { kind: 'refund', amount: paid.final_total }
        : mailRefundOf(cancelRefundOutcome(policy, paid.final_total, now), paid.final_total, event);
    if (paid && refund.kind === 'refund') await insertRefund(trx, { attendee_id: attendeeId, event_id: event.id, reference: paid.reference, amount: paid.final_total, now });
    return refund;
  });
  if (!outcome) return { cancelled: false, refund: false };
  await mailCancelled(app, attendeeId, by, outcome);
  if (outcome.kind === 'refund' && (await requestRefund(app, attendeeId)) === 'waiting') await refundJobs.get(app)?.send({ attendee_id: attendeeId }, { startAfter: new Date(Date.now() + REFUND_RETRY.delaySeconds * 1000) });
  return { cancelled: true, refund: outcome.kind === 'refund' };
}

/** The shared rule's outcome of an attendee's cancel as its mail says it: the window's end in the event's time zone. */
function mailRefundOf(kind: CancelRefundOutcome, amount: number, event: Row<'events'>): CancelMailRefund {
  if (kind === 'refund') return { kind, amount };
  if (kind === 'window_closed') {
    const written = eventDates(event).start_date;
    const deadline = refundDeadline({ start_date: event.start_date.toISOString(), refund_policy: event.refund_policy, refund_hours: event.refund_hours });
    return { kind, ended: deadline ? formatInEventZone(deadline, written) : written };
  }
  return { kind };
}

/** Mails the attendee that their ticket is cancelled, and what happens to the money; a mail that cannot be queued is logged, never fatal. */
async function mailCancelled(app: FastifyInstance, attendeeId: string, by: CancelledBy, refund: CancelMailRefund): Promise<void> {
  try {
    const to = await refundRecipient(app.db, attendeeId);
    if (to) await app.mailer.send({ to: to.email, ...ticketCancelledMail({ name: to.name, eventTitle: to.event_title, ticket: to.ticket, by, refund }) });
  } catch (err) {
    app.log.error({ err, attendeeId }, 'could not mail the cancel confirmation');
  }
}

/** A refund request that did not reach the provider is asked again after 30 s, then doubling, a dozen times (about 34 hours). */
export const REFUND_RETRY = { limit: 12, delaySeconds: 30, backoff: true } as const;
/** The sweep that asks again for any refund still waiting (one whose retry job was lost with its process). */
export const REFUND_SWEEP_CRON = '*/10 * * * *';

const refundPayload = z.object({ attendee_id: z.string() });
const refundJobs = new WeakMap<FastifyInstance, JobType<typeof refundPayload>>();

/**
 * The refund jobs: `refunds.request` asks the provider again for one refund, retried with back-off while
 * the provider cannot be reached; `refunds.sweep` asks again for every waiting refund every 10 minutes.
 */
export function scheduleRefundRetries(app: FastifyInstance): void {
  refundJobs.set(
    app,
    app.jobs.define({
      name: 'refunds.request',
      payload: refundPayload,
      retry: REFUND_RETRY,
      async run({ attendee_id }) {
        if ((await requestRefund(app, attendee_id)) === 'waiting') throw new Error('the refund request did not reach the payment provider');
      },
    }),
  );
  app.jobs.periodic('refunds.sweep', REFUND_SWEEP_CRON, async () => {
    const { sent, waiting } = await retryPendingRefunds(app);
    if (sent + waiting > 0) app.log.info({ sent, waiting }, 'asked again for waiting refunds');
  });
}

/**
 * Asks the provider for the waiting refund of `attendeeId`, once per lease: answers 'sent' (the
 * provider took it, or refused it: 'failed'), 'waiting' (it did not reach the provider; it waits for
 * the next retry) or 'skipped' (not waiting, or another sender holds it).
 */
export async function requestRefund(app: FastifyInstance, attendeeId: string): Promise<'sent' | 'waiting' | 'skipped'> {
  const claimed = await claimRefundRequest(app.db, attendeeId, app.now(), REFUND_LEASE_MS);
  if (!claimed) return 'skipped';
  try {
    const taken = await app.payments.refund(claimed.reference, toKobo(claimed.amount));
    await moveRefund(app, { attendeeId }, taken.state === 'pending' ? 'pending' : taken.state, { providerRefundId: taken.id });
    return 'sent';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof ProviderError && !err.retryable) {
      app.log.error({ err, attendeeId }, 'the payment provider refused a refund');
      await moveRefund(app, { attendeeId }, 'failed', { error: message });
      return 'sent';
    }
    app.log.warn({ err, attendeeId }, 'a refund request did not reach the payment provider; it waits for a retry');
    await releaseRefundRequest(app.db, attendeeId, message, app.now());
    return 'waiting';
  }
}

/**
 * Asks the provider again for every refund still waiting for it (at most `limit`, oldest first, each
 * only when no other sender holds it). Safe to run on several upstreams at once. Answers how many the
 * provider took and how many still wait.
 */
export async function retryPendingRefunds(app: FastifyInstance, options: { limit?: number } = {}): Promise<{ sent: number; waiting: number }> {
  const waiting = await waitingRefundRequests(app.db, app.now(), REFUND_LEASE_MS, options.limit ?? 100);
  let sent = 0;
  let still = 0;
  for (const attendeeId of waiting) {
    const result = await requestRefund(app, attendeeId);
    if (result === 'sent') sent += 1;
    if (result === 'waiting') still += 1;
  }
  return { sent, waiting: still };
}

/**
 * Moves a refund forward (never back) and, when this call made it final, mails the attendee once:
 * 'processed' or 'failed'. Answers whether it moved.
 */
export async function moveRefund(
  app: FastifyInstance,
  by: { attendeeId: string } | { reference: string },
  state: 'pending' | 'processed' | 'failed',
  extra: { providerRefundId?: string; error?: string } = {},
): Promise<boolean> {
  const moved = await advanceRefund(app.db, by, state, app.now(), extra);
  if (!moved) return false;
  if (state === 'processed' || state === 'failed') {
    try {
      const to = await refundRecipient(app.db, moved.attendee_id);
      if (to) {
        const mail = { name: to.name, eventTitle: to.event_title, ticket: to.ticket, amount: moved.amount };
        await app.mailer.send({ to: to.email, ...(state === 'processed' ? refundProcessedMail(mail) : refundFailedMail(mail)) });
      }
    } catch (err) {
      app.log.error({ err, attendeeId: moved.attendee_id }, 'could not mail the refund state');
    }
  }
  return true;
}

const refundOf = (row: { refund_state: Row<'ticket_refunds'>['state'] | null; refund_amount: number | null }) =>
  row.refund_state ? { state: row.refund_state, amount: row.refund_amount ?? 0 } : null;

/** A ticket as its cancel step shows it, by its access token's hash; undefined when the token names no confirmed or cancelled ticket. */
export async function ticketCancellationOf(app: FastifyInstance, tidHash: string, eventOf: (id: string) => Promise<Row<'events'>>): Promise<TicketCancellation | undefined> {
  const row = await ticketStateByTidHash(app.db, tidHash);
  if (!row) return undefined;
  const event = await eventOf(row.event_id);
  return {
    status: row.status === 'confirmed' ? 'confirmed' : 'cancelled',
    name: row.name,
    ticket: row.ticket,
    amount: Number(row.amount),
    event: eventSummary(event),
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    cancelled_by: row.cancelled_by,
    refund: refundOf(row),
  };
}

type CancelledRow = NonNullable<Awaited<ReturnType<typeof cancelledAttendee>>>;

export function cancelledAttendeeWire(row: CancelledRow): CancelledAttendee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ticket: row.ticket,
    amount: Number(row.amount),
    cancelled_at: (row.cancelled_at ?? new Date(0)).toISOString(),
    cancelled_by: row.cancelled_by ?? 'attendee',
    refund: refundOf(row),
  };
}
