import { sql, type Kysely } from 'kysely';

// Event reminders: each event says which reminder mails its confirmed attendees get (24 hours and
// 1 hour before the start; both on by default), and reminder_sends records each one sent, one row per
// attendee and reminder: the periodic job that sends them inserts the row in the transaction that
// queues the mail, so a reminder is queued once however many upstreams look.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('remind_day_before', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
  await db.schema.alterTable('events').addColumn('remind_hour_before', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
  await db.schema
    .createTable('reminder_sends')
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('day', 'hour')`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_sends_pk', ['attendee_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_sends').execute();
  await db.schema.alterTable('events').dropColumn('remind_hour_before').execute();
  await db.schema.alterTable('events').dropColumn('remind_day_before').execute();
}
