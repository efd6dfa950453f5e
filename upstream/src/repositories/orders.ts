import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.js';

/** Orders (card orders and paid tickets) with their payment columns. */

type DbLike = Kysely<Database> | Transaction<Database>;

export async function insertOrderRow(db: DbLike, order: NewRow<'orders'>): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

/** Records the provider's page and access code on an order once its payment has started. */
export async function recordPaymentStart(db: DbLike, reference: string, url: string, accessCode: string): Promise<void> {
  await db.updateTable('orders').set({ payment_url: url, payment_access_code: accessCode }).where('reference', '=', reference).execute();
}

/** Removes an order whose payment never started (its ticket payment goes with it: on delete cascade). */
export async function deleteOrder(db: DbLike, reference: string): Promise<void> {
  await db.deleteFrom('orders').where('reference', '=', reference).execute();
}

export async function orderByReference(db: DbLike, reference: string): Promise<Row<'orders'> | undefined> {
  return db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/**
 * Records the provider's verdict on a still pending order, in one conditional update: of concurrent
 * callers exactly one gets the row back; undefined when it was no longer pending. `refundDue` marks a
 * declined order whose money moved anyway (a payment of the wrong amount).
 */
export async function recordVerdict(
  db: DbLike,
  reference: string,
  status: 'paid' | 'declined',
  metadata: string | null,
  now: Date,
  refundDue = false,
): Promise<Row<'orders'> | undefined> {
  return db
    .updateTable('orders')
    .set({ payment_status: status, payment_metadata: metadata, updated_at: now, ...(refundDue ? { refund_due_at: now } : {}) })
    .where('reference', '=', reference)
    .where('payment_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** The test provider's view of a payment: its order's amount, buyer, callback and decision so far. */
export async function testPaymentOf(db: DbLike, reference: string) {
  return db
    .selectFrom('orders')
    .select(['reference', 'final_total', 'email', 'callback_url', 'payment_status', 'payment_metadata'])
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** Records the test provider's transaction data once, on a pending order without any; false otherwise. */
export async function recordTestDecision(db: DbLike, reference: string, metadata: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ payment_metadata: metadata })
    .where('reference', '=', reference)
    .where('payment_status', '=', 'pending')
    .where('payment_metadata', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
