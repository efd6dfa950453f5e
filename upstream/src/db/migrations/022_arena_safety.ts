import { sql, type Kysely } from 'kysely';

// Safe arena chat: an event's chat puts strangers together, so attendees choose who may write to them
// and the organiser moderates; attendees swap cards only by sharing them in a private chat. The columns
// below hold what attendees choose, what the organiser sets, and the cards shared.
//
// - chats / private_chats.removed_at, removed_by: a message the organiser removed. The text stays for
//   the moderation log and the report only; every answer carries it as removed with no text. A
//   removal re-stamps the row with its change's seq, so live readers see it again.
// - private_chats.card: what "Share my card" sent (JSON of the contract's SharedCard), null for text.
// - events.chat_closed, slow_mode_seconds: the organiser's settings of the group chat.
// - attendees.muted_until / muted_forever: the organiser's mute; hidden: left out of public attendee
//   lists; dm_policy: who may start a private chat with them; last_group_post_at: their last accepted
//   group post, which slow mode compares against in one conditional UPDATE.
// - announcements, attendee_blocks, chat_reports: rows live views read by (event_id, seq), each
//   re-stamped when it changes. moderation_actions: the organiser's log, newest first by seq.
// - contacts.event_id, met_at, consent, attendee_id: a contact swapped in an event's arena, where and
//   when, the consent a person without a card agreed to, and the other attendee (one contact per other
//   attendee and profile: the unique index makes parallel swaps store one).

const STAMPED_TABLES = ['announcements', 'attendee_blocks', 'chat_reports', 'moderation_actions'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['chats', 'private_chats'] as const) {
    await db.schema.alterTable(table).addColumn('removed_at', 'timestamptz').addColumn('removed_by', 'text').execute();
  }
  await db.schema.alterTable('private_chats').addColumn('card', 'text').execute();

  await db.schema
    .alterTable('events')
    .addColumn('chat_closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0).check(sql`slow_mode_seconds >= 0`))
    .execute();

  await db.schema
    .alterTable('attendees')
    .addColumn('muted_until', 'timestamptz')
    .addColumn('muted_forever', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dm_policy', 'text', (c) => c.notNull().defaultTo('anyone').check(sql`dm_policy in ('anyone', 'replied', 'nobody')`))
    .addColumn('last_group_post_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('unpinned_at', 'timestamptz')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('attendee_blocks')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('attendees.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('attendees.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('attendee_blocks_pkey', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('attendee_blocks_blocked').on('attendee_blocks').column('blocked_id').execute();

  await db.schema
    .createTable('chat_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('room', 'text', (c) => c.notNull().check(sql`room in ('group', 'private')`))
    .addColumn('reported_attendee_id', 'text', (c) => c.notNull())
    .addColumn('reported_name', 'text', (c) => c.notNull())
    .addColumn('reported_text', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('attendees.id').onDelete('cascade'))
    .addColumn('reporter_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('spam', 'harassment', 'inappropriate', 'other')`))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'resolved', 'dismissed')`))
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One report per reporter and message: a repeat finds the first.
  await db.schema.createIndex('chat_reports_one_per_reporter').on('chat_reports').unique().columns(['reporter_id', 'room', 'message_id']).execute();
  await db.schema.createIndex('chat_reports_message').on('chat_reports').columns(['event_id', 'room', 'message_id']).execute();
  await db.schema.createIndex('chat_reports_event_created').on('chat_reports').columns(['event_id', 'created_at']).execute();

  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('target_attendee_id', 'text')
    .addColumn('target_name', 'text')
    .addColumn('message_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const table of STAMPED_TABLES) {
    await db.schema.createIndex(`${table}_event_seq`).on(table).columns(['event_id', 'seq']).execute();
  }

  await db.schema
    .alterTable('contacts')
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('met_at', 'timestamptz')
    .addColumn('consent', 'text')
    .addColumn('attendee_id', 'text', (c) => c.references('attendees.id').onDelete('set null'))
    .execute();
  // Null attendee ids (contacts left on a card, not swapped) are distinct, so they never clash.
  await db.schema.createIndex('contacts_profile_attendee').on('contacts').unique().columns(['profile_id', 'attendee_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contacts_profile_attendee').execute();
  await db.schema.alterTable('contacts').dropColumn('attendee_id').dropColumn('consent').dropColumn('met_at').dropColumn('event_id').execute();
  for (const table of [...STAMPED_TABLES].reverse()) await db.schema.dropTable(table).execute();
  await db.schema
    .alterTable('attendees')
    .dropColumn('last_group_post_at')
    .dropColumn('dm_policy')
    .dropColumn('hidden')
    .dropColumn('muted_forever')
    .dropColumn('muted_until')
    .execute();
  await db.schema.alterTable('events').dropColumn('slow_mode_seconds').dropColumn('chat_closed').execute();
  await db.schema.alterTable('private_chats').dropColumn('card').execute();
  for (const table of ['chats', 'private_chats'] as const) {
    await db.schema.alterTable(table).dropColumn('removed_by').dropColumn('removed_at').execute();
  }
}
