import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/**
 * Registrations: attendee rows from pending to confirmed or cancelled, the seats they take from their
 * ticket category, and the ticket payments waiting for the provider. Writers that take row locks
 * (forUpdate) are called inside the caller's transaction, in the lock order domain/registration.ts keeps.
 */

type DbLike = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** A ticket category of the event. */
export async function priceOfEvent(db: DbLike, priceId: string, eventId: string): Promise<Row<'event_prices'> | undefined> {
  return db.selectFrom('event_prices').selectAll().where('id', '=', priceId).where('event_id', '=', eventId).executeTakeFirst();
}

export async function insertAttendee(trx: Trx, attendee: NewRow<'attendees'>): Promise<void> {
  await trx.insertInto('attendees').values(attendee).execute();
}

export async function insertTicketPayment(trx: Trx, payment: NewRow<'ticket_payments'>): Promise<void> {
  await trx.insertInto('ticket_payments').values(payment).execute();
}

/** The registration a ticket payment is for, with its ticket's title and the event's clean name. */
export async function ticketPaymentByReference(db: DbLike, reference: string) {
  return db
    .selectFrom('ticket_payments')
    .innerJoin('attendees', 'attendees.id', 'ticket_payments.attendee_id')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .innerJoin('events', 'events.id', 'attendees.event_id')
    .select(['attendees.id as attendee_id', 'attendees.event_id', 'attendees.price_id', 'attendees.name', 'attendees.email', 'event_prices.title as ticket', 'events.clean_name'])
    .where('ticket_payments.reference', '=', reference)
    .executeTakeFirst();
}

/** The registration a free registration's confirmation token is for, with its ticket's title. */
export async function registrationByConfirmTokenHash(db: DbLike, tokenHash: string) {
  return db
    .selectFrom('attendees')
    .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
    .select(['attendees.id', 'attendees.event_id', 'attendees.name', 'attendees.email', 'attendees.status', 'attendees.hold_until', 'event_prices.title as ticket'])
    .where('attendees.confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Locks the event row (registrations of the event queue behind it); answers its per-email limit. */
export async function lockEventForRegistration(trx: Trx, eventId: string): Promise<{ max_registrations_per_email: number } | undefined> {
  return trx.selectFrom('events').select('max_registrations_per_email').where('id', '=', eventId).forUpdate().executeTakeFirst();
}

/** Locks the event row only. */
export async function lockEvent(trx: Trx, eventId: string): Promise<void> {
  await trx.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
}

/** Registrations of an email for an event that count against its limit: confirmed ones and pending ones still held (case-insensitive). */
export async function activeRegistrationsOfEmail(trx: Trx, eventId: string, email: string, now: Date): Promise<number> {
  const { n } = await trx
    .selectFrom('attendees')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', eventId)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .where((eb) => eb.or([eb('status', '=', 'confirmed'), eb.and([eb('status', '=', 'pending'), eb('hold_until', '>', now)])]))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Takes one seat of a ticket category when `sold < stock` (checked by the update itself); answers its amount, undefined when sold out. */
export async function takeSeat(trx: Trx, priceId: string): Promise<{ amount: number } | undefined> {
  return trx
    .updateTable('event_prices')
    .set((eb) => ({ sold: eb('sold', '+', 1) }))
    .where('id', '=', priceId)
    .where((eb) => eb('sold', '<', eb.ref('stock')))
    .returning(['amount'])
    .executeTakeFirst();
}

/** Gives one seat back (never below 0). */
export async function giveBackSeat(trx: Trx, priceId: string): Promise<void> {
  await trx
    .updateTable('event_prices')
    .set((eb) => ({ sold: eb('sold', '-', 1) }))
    .where('id', '=', priceId)
    .where('sold', '>', 0)
    .execute();
}

/** Gives `n` seats back (never below 0). */
export async function giveBackSeats(trx: Trx, priceId: string, n: number): Promise<void> {
  await trx
    .updateTable('event_prices')
    .set({ sold: sql<number>`greatest(sold - ${n}, 0)` })
    .where('id', '=', priceId)
    .execute();
}

/** Cancels the pending registrations (of one event, or all when null) whose hold has passed; answers those it cancelled. */
export async function cancelExpiredHolds(trx: Trx, eventId: string | null, now: Date): Promise<{ id: string; price_id: string }[]> {
  let q = trx
    .updateTable('attendees')
    .set({ status: 'cancelled', hold_until: null })
    .where('status', '=', 'pending')
    .where('hold_until', '<=', now);
  if (eventId !== null) q = q.where('event_id', '=', eventId);
  return q.returning(['id', 'price_id']).execute();
}

/** Marks the pending orders of these attendees' ticket payments expired. */
export async function expireOrdersOfAttendees(trx: Trx, attendeeIds: readonly string[], now: Date): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ expired_at: now })
    .where('payment_status', '=', 'pending')
    .where('expired_at', 'is', null)
    .where('reference', 'in', trx.selectFrom('ticket_payments').select('reference').where('attendee_id', 'in', attendeeIds))
    .execute();
}

/** Cancels a registration that is still pending; false when it was not pending any more. */
export async function cancelPending(trx: Trx, attendeeId: string): Promise<boolean> {
  const cancelled = await trx
    .updateTable('attendees')
    .set({ status: 'cancelled', hold_until: null })
    .where('id', '=', attendeeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return cancelled.numUpdatedRows > 0n;
}

/** Ends a pending registration's hold now, so the next release gives its seat back. */
export async function endHold(trx: Trx, attendeeId: string, now: Date): Promise<void> {
  await trx.updateTable('attendees').set({ hold_until: now }).where('id', '=', attendeeId).where('status', '=', 'pending').execute();
}

/** Locks a ticket payment; answers the access token still waiting to be handed out (null once handed out or dropped). */
export async function lockTicketPayment(trx: Trx, reference: string): Promise<{ tid_pending: string | null } | undefined> {
  return trx.selectFrom('ticket_payments').select('tid_pending').where('reference', '=', reference).forUpdate().executeTakeFirst();
}

/** Drops the access token a ticket payment was holding. */
export async function clearPendingTid(trx: Trx, reference: string): Promise<void> {
  await trx.updateTable('ticket_payments').set({ tid_pending: null }).where('reference', '=', reference).execute();
}

/** Locks an attendee row; answers its status and hold. */
export async function lockAttendee(trx: Trx, attendeeId: string): Promise<Pick<Row<'attendees'>, 'status' | 'hold_until'>> {
  return trx.selectFrom('attendees').select(['status', 'hold_until']).where('id', '=', attendeeId).forUpdate().executeTakeFirstOrThrow();
}

/** Confirms a registration as one change of its event (stamped `seq`), with a new access token hash when given. */
export async function confirmAttendee(trx: Trx, attendeeId: string, seq: number, tidHash?: string): Promise<void> {
  await trx
    .updateTable('attendees')
    .set({ status: 'confirmed', seq, hold_until: null, ...(tidHash === undefined ? {} : { tid_hash: tidHash }) })
    .where('id', '=', attendeeId)
    .execute();
}

/** Marks an order for a refund (a payment that arrived after its seat was sold). */
export async function markRefundDue(trx: Trx, reference: string, now: Date): Promise<void> {
  await trx.updateTable('orders').set({ refund_due_at: now, updated_at: now }).where('reference', '=', reference).execute();
}

/** The held payment a release secret names: its reference, attendee and ticket. */
export async function ticketPaymentByReleaseHash(db: DbLike, releaseHash: string) {
  return db
    .selectFrom('ticket_payments')
    .innerJoin('attendees', 'attendees.id', 'ticket_payments.attendee_id')
    .select(['ticket_payments.reference', 'attendees.id as attendee_id', 'attendees.event_id', 'attendees.price_id'])
    .where('ticket_payments.release_hash', '=', releaseHash)
    .executeTakeFirst();
}

/** Drops a ticket payment's release secret (the seat was given back, or the payment settled). */
export async function clearReleaseHash(trx: Trx, reference: string): Promise<void> {
  await trx.updateTable('ticket_payments').set({ release_hash: null }).where('reference', '=', reference).execute();
}
