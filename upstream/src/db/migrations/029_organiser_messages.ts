import { sql, type Kysely } from 'kysely';

// The organiser's messages to an event's attendees.
//
// - event_messages: one message (subject, plain-text body, audience as JSON) and its state:
//   'scheduled' until send_at, then claimed once ('sending', by one atomic update) and 'sent' once every
//   recipient's mail is queued; 'cancelled' never goes. Edits and cancels only touch 'scheduled' rows.
// - message_deliveries: one row per recipient email of a sent message, with the mail's outcome
//   ('queued', 'sent', 'failed', set by the mail queue) and the hash of the recipient's unsubscribe token.
// - message_unsubscribes: emails (lower-cased) that stopped an event's organiser messages.
// - announcements.message_id / subject / recipients: a message sent during the event is also pinned in
//   the arena of its audience (recipients: a JSON array of attendee ids; null is everyone).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('scheduled', 'sending', 'sent', 'cancelled')`))
    .addColumn('send_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('announced', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('event_messages_event').on('event_messages').columns(['event_id', 'created_at']).execute();
  await db.schema.createIndex('event_messages_due').on('event_messages').columns(['status', 'send_at']).execute();

  await db.schema
    .createTable('message_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('event_messages.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sent', 'failed')`))
    .addColumn('unsubscribe_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('message_deliveries_once', ['message_id', 'email'])
    .execute();

  await db.schema
    .createTable('message_unsubscribes')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('message_unsubscribes_pk', ['event_id', 'email'])
    .execute();

  await db.schema
    .alterTable('announcements')
    .addColumn('message_id', 'text', (c) => c.references('event_messages.id').onDelete('cascade'))
    .addColumn('subject', 'text')
    .addColumn('recipients', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('announcements').dropColumn('message_id').dropColumn('subject').dropColumn('recipients').execute();
  await db.schema.dropTable('message_unsubscribes').execute();
  await db.schema.dropTable('message_deliveries').execute();
  await db.schema.dropTable('event_messages').execute();
}
