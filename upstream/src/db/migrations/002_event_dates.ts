import { sql, type Kysely } from 'kysely';

// Events keep their dates as the organiser wrote them. A date-only start ('2026-12-12') means the
// start of that day wherever the event is viewed, and a date-only end runs to the end of its day
// (shared/src/domain/events.ts reads them so); a timestamptz alone would turn them into one instant
// and lose both. start_date / end_date stay the instants used for ordering and SQL.
//
// Also indexes for the lookups of the events module: private chats by party (an attendee's arena and
// the organiser's inbox), attendees by ticket (removing a ticket category), chips by attendee.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('start_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('events').addColumn('end_text', 'text').execute();
  await sql`update events set start_text = to_char(start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    end_text = case when end_date is null then null else to_char(end_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end`.execute(db);

  await db.schema.createIndex('private_chats_party_1').on('private_chats').columns(['event_id', 'attendee_id_1', 'seq']).execute();
  await db.schema.createIndex('private_chats_party_2').on('private_chats').columns(['event_id', 'attendee_id_2', 'seq']).execute();
  await db.schema.createIndex('attendees_price').on('attendees').column('price_id').execute();
  await db.schema.createIndex('chips_attendee').on('chips').column('attendee_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chips_attendee').execute();
  await db.schema.dropIndex('attendees_price').execute();
  await db.schema.dropIndex('private_chats_party_2').execute();
  await db.schema.dropIndex('private_chats_party_1').execute();
  await db.schema.alterTable('events').dropColumn('end_text').execute();
  await db.schema.alterTable('events').dropColumn('start_text').execute();
}
