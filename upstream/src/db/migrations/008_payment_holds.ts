import { sql, type Kysely } from 'kysely';

// Payment holds. A paid ticket waiting for its payment holds its seat until the attendee's
// `hold_until` (15 minutes), then is released like an unconfirmed free one: the attendee cancelled,
// the seat back in stock, and its order marked `expired_at` (the payment was abandoned). A payment the
// provider completes after that gets the ticket when the category still has a seat; otherwise no
// ticket is issued and the order is marked `refund_due_at` for the operator to refund.
//
// Pending paid registrations made before this migration had no hold: they get one from their creation.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('expired_at', 'timestamptz').execute();
  await db.schema.alterTable('orders').addColumn('refund_due_at', 'timestamptz').execute();
  await sql`update attendees set hold_until = created_at + interval '15 minutes' where status = 'pending' and hold_until is null`.execute(db);
  await db.schema.createIndex('attendees_pending_hold').on('attendees').column('hold_until').where(sql<boolean>`status = 'pending'`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendees_pending_hold').execute();
  await db.schema.alterTable('orders').dropColumn('refund_due_at').execute();
  await db.schema.alterTable('orders').dropColumn('expired_at').execute();
}
