import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';

/**
 * Cancelled registrations and their refunds. A confirmed registration is cancelled by one conditional
 * update (status 'confirmed' → 'cancelled'), so of any number of parallel cancels exactly one gets its
 * row back; a refund's state only moves forward (each update names the states it may leave).
 */

type DbLike = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
type RefundState = Row<'ticket_refunds'>['state'];

/**
 * Cancels the confirmed registration `attendeeId` of event `eventId`, stamped `seq`; answers its ticket,
 * or undefined when it was not confirmed. The attendee's own cancel also needs them not checked in (the
 * door has seen them come); the organiser's does not.
 */
export async function cancelConfirmed(trx: Trx, eventId: string, attendeeId: string, by: 'attendee' | 'organiser', now: Date, seq: number) {
  let q = trx
    .updateTable('attendees')
    .set({ status: 'cancelled', cancelled_at: now, cancelled_by: by, seq })
    .where('id', '=', attendeeId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'confirmed');
  if (by === 'attendee') q = q.where('checked_in', '=', false);
  return q.returning(['id', 'price_id']).executeTakeFirst();
}

/** Whether attendee `attendeeId` is confirmed and checked in. */
export async function confirmedCheckedIn(db: DbLike, attendeeId: string): Promise<boolean> {
  const row = await db.selectFrom('attendees').select('id').where('id', '=', attendeeId).where('status', '=', 'confirmed').where('checked_in', '=', true).executeTakeFirst();
  return row !== undefined;
}

/** Drops the access and release secrets a ticket payment still holds, so no later payment return confirms a cancelled ticket again. */
export async function endTicketPayments(trx: Trx, attendeeId: string): Promise<void> {
  await trx.updateTable('ticket_payments').set({ tid_pending: null, release_hash: null }).where('attendee_id', '=', attendeeId).execute();
}

/**
 * The paid order behind a registration (its reference and final total in naira), if it was paid and not
 * already due a refund. A transferred ticket's payment stays on the registration it began as
 * (`origin_id`), so the lookup goes there.
 */
export async function paidOrderOf(db: DbLike, attendeeId: string): Promise<{ reference: string; final_total: number } | undefined> {
  return db
    .selectFrom('attendees')
    .innerJoin('ticket_payments', (join) => join.on((eb) => eb('ticket_payments.attendee_id', '=', eb.fn.coalesce('attendees.origin_id', 'attendees.id'))))
    .innerJoin('orders', 'orders.reference', 'ticket_payments.reference')
    .select(['orders.reference', 'orders.final_total'])
    .where('attendees.id', '=', attendeeId)
    .where('orders.payment_status', '=', 'paid')
    .where('orders.refund_due_at', 'is', null)
    .where('orders.final_total', '>', 0)
    .orderBy('orders.created_at', 'desc')
    .executeTakeFirst();
}

export async function insertRefund(trx: Trx, row: { attendee_id: string; event_id: string; reference: string; amount: number; now: Date }): Promise<void> {
  await trx
    .insertInto('ticket_refunds')
    .values({ attendee_id: row.attendee_id, event_id: row.event_id, reference: row.reference, amount: row.amount, created_at: row.now, updated_at: row.now })
    .execute();
}

/**
 * Takes the refund request of `attendeeId` for one sender: a request still waiting for the provider
 * whose last attempt (if any) began at least `leaseMs` ago. Answers its reference and amount, or
 * undefined when it is not waiting or another sender holds it.
 */
export async function claimRefundRequest(db: DbLike, attendeeId: string, now: Date, leaseMs: number) {
  return db
    .updateTable('ticket_refunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), attempt_at: now, updated_at: now }))
    .where('attendee_id', '=', attendeeId)
    .where('state', '=', 'pending_request')
    .where((eb) => eb.or([eb('attempt_at', 'is', null), eb('attempt_at', '<=', new Date(now.getTime() - leaseMs))]))
    .returning(['reference', 'amount'])
    .executeTakeFirst();
}

/** Gives a request back after an attempt that did not reach the provider, with why. */
export async function releaseRefundRequest(db: DbLike, attendeeId: string, error: string, now: Date): Promise<void> {
  await db
    .updateTable('ticket_refunds')
    .set({ attempt_at: null, last_error: error.slice(0, 500), updated_at: now })
    .where('attendee_id', '=', attendeeId)
    .where('state', '=', 'pending_request')
    .execute();
}

/** The refund requests waiting for the provider that no sender holds, oldest first. */
export async function waitingRefundRequests(db: DbLike, now: Date, leaseMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('ticket_refunds')
    .select('attendee_id')
    .where('state', '=', 'pending_request')
    .where((eb) => eb.or([eb('attempt_at', 'is', null), eb('attempt_at', '<=', new Date(now.getTime() - leaseMs))]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.attendee_id);
}

/** The states a refund may move to `state` from: only forward. */
const EARLIER: Record<RefundState, RefundState[]> = {
  pending_request: [],
  pending: ['pending_request'],
  processed: ['pending_request', 'pending'],
  failed: ['pending_request', 'pending'],
};

/**
 * Moves a refund (by its attendee, or by its payment reference as the provider's webhooks name it)
 * forward to `state`; answers the refund when this call moved it, undefined when it was there or beyond.
 */
export async function advanceRefund(
  db: DbLike,
  by: { attendeeId: string } | { reference: string },
  state: RefundState,
  now: Date,
  extra: { providerRefundId?: string; error?: string } = {},
) {
  const earlier = EARLIER[state];
  if (earlier.length === 0) return undefined;
  let q = db
    .updateTable('ticket_refunds')
    .set({
      state,
      updated_at: now,
      attempt_at: null,
      ...(extra.providerRefundId === undefined ? {} : { provider_refund_id: extra.providerRefundId }),
      ...(extra.error === undefined ? {} : { last_error: extra.error.slice(0, 500) }),
    })
    .where('state', 'in', earlier);
  q = 'attendeeId' in by ? q.where('attendee_id', '=', by.attendeeId) : q.where('reference', '=', by.reference);
  return q.returning(['attendee_id', 'event_id', 'amount', 'state']).executeTakeFirst();
}

/** Who a refund's mail goes to: the attendee's name and email, their ticket and the event's title. */
export async function refundRecipient(db: DbLike, attendeeId: string) {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .innerJoin('events', 'events.id', 'attendees.event_id')
    .select(['attendees.name', 'attendees.email', 'event_prices.title as ticket', 'events.title as event_title'])
    .where('attendees.id', '=', attendeeId)
    .executeTakeFirst();
}

/** The paid amount of a registration in naira: its paid order's final total (on the registration a transferred ticket began as); 0 for a free one. */
const paidAmount = sql<number>`coalesce((
  select o.final_total from ticket_payments tp join orders o on o.reference = tp.reference
  where tp.attendee_id = coalesce(attendees.origin_id, attendees.id) and o.payment_status = 'paid' order by o.created_at desc limit 1
), 0)`;

/** Registrations with their ticket, what was paid and their refund. */
function refundableQuery(db: DbLike) {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .leftJoin('ticket_refunds', 'ticket_refunds.attendee_id', 'attendees.id')
    .select([
      'attendees.id',
      'attendees.name',
      'attendees.cancelled_at',
      'attendees.cancelled_by',
      'event_prices.title as ticket',
      paidAmount.as('amount'),
      'ticket_refunds.state as refund_state',
      'ticket_refunds.amount as refund_amount',
    ]);
}

/** A confirmed or cancelled registration by its access token's hash, with its ticket, what was paid and its refund. */
export async function ticketStateByTidHash(db: DbLike, tidHash: string) {
  return refundableQuery(db)
    .select(['attendees.event_id', 'attendees.status'])
    .where('attendees.tid_hash', '=', tidHash)
    .where((eb) => eb.or([eb('attendees.status', '=', 'confirmed'), eb('attendees.cancelled_at', 'is not', null)]))
    .executeTakeFirst();
}

/** One cancelled registration of an event (or all of them, newest first), with what was paid and its refund. */
function cancelledQuery(db: DbLike, eventId: string) {
  return refundableQuery(db)
    .select('attendees.email')
    .where('attendees.event_id', '=', eventId)
    .where('attendees.status', '=', 'cancelled')
    .where('attendees.cancelled_at', 'is not', null);
}

export async function cancelledAttendeesOf(db: DbLike, eventId: string) {
  return cancelledQuery(db, eventId).orderBy('attendees.cancelled_at', 'desc').orderBy('attendees.id').execute();
}

export async function cancelledAttendee(db: DbLike, eventId: string, attendeeId: string) {
  return cancelledQuery(db, eventId).where('attendees.id', '=', attendeeId).executeTakeFirst();
}
