import { sql, type Kysely } from 'kysely';

// After-event mails: a scheduled organiser message may be one of its event's after-event mails
// ('thank_you' to those checked in, 'missed_you' to the no-shows). At most one of each kind per event
// that is not cancelled: the partial unique index makes a second 'turn on' fail in the same statement.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('event_messages')
    .addColumn('kind', 'text', (c) => c.check(sql`kind in ('thank_you', 'missed_you')`))
    .execute();
  await sql`create unique index event_messages_after_event_once on event_messages (event_id, kind) where kind is not null and status <> 'cancelled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists event_messages_after_event_once`.execute(db);
  await db.schema.alterTable('event_messages').dropColumn('kind').execute();
}
