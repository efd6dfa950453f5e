import { sql, type Kysely } from 'kysely';

// Cancellation and refunds:
// - events.refund_policy, refund_hours: the organiser's refund policy ('none', or a full refund until
//   refund_hours before the start). Every event made before has 'none'.
// - attendees.cancelled_at, cancelled_by: when a confirmed registration was cancelled and by whom
//   ('attendee' or 'organiser'); its status turns 'cancelled' in the same update.
// - ticket_refunds: one row per refunded cancellation (the attendee is its key, so a ticket is
//   refunded once). state moves forward only: pending_request (the provider has not taken it yet; a
//   request that could not reach it is retried), pending, then processed or failed (from the
//   provider's webhooks). attempt_at leases a request to one sender at a time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('refund_policy', 'text', (c) => c.notNull().defaultTo('none').check(sql`refund_policy in ('none', 'before_start')`))
    .addColumn('refund_hours', 'integer', (c) => c.notNull().defaultTo(48).check(sql`refund_hours between 0 and 720`))
    .execute();
  await db.schema
    .alterTable('attendees')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('attendee', 'organiser')`))
    .execute();
  await db.schema
    .createTable('ticket_refunds')
    .addColumn('attendee_id', 'text', (c) => c.primaryKey().references('attendees.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending_request').check(sql`state in ('pending_request', 'pending', 'processed', 'failed')`))
    .addColumn('provider_refund_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ticket_refunds_event').on('ticket_refunds').column('event_id').execute();
  await db.schema.createIndex('ticket_refunds_state').on('ticket_refunds').column('state').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_refunds').execute();
  await db.schema.alterTable('attendees').dropColumn('cancelled_at').dropColumn('cancelled_by').execute();
  await db.schema.alterTable('events').dropColumn('refund_policy').dropColumn('refund_hours').execute();
}
