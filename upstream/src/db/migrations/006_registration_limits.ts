import { sql, type Kysely } from 'kysely';

// Registration limits. An event says how many registrations one email address may hold (1 unless the
// organiser raises it) and whether a free ticket waits for the registrant to confirm their email.
//
// A free registration waiting for its email confirmation holds its seat until `hold_until`, then is
// released (its seat freed, never counted again). A paid one waiting for its payment keeps its seat
// (the payment decides) but counts against its email only until its `hold_until`, so an abandoned
// payment does not lock the address out. A free one is confirmed by the emailed link, whose random token is stored
// hashed in `confirm_token_hash` (unique: one link per registration, kept after use so a second use
// can be told apart from a wrong link).
//
// Emails are compared case-insensitively: an index on (event_id, lower(email)) serves the per-email count.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('max_registrations_per_email', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_registrations_per_email >= 1`))
    .execute();
  await db.schema.alterTable('events').addColumn('confirm_email_for_free', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('attendees').addColumn('hold_until', 'timestamptz').execute();
  await db.schema.alterTable('attendees').addColumn('confirm_token_hash', 'text', (c) => c.unique()).execute();
  await db.schema.createIndex('attendees_event_email').on('attendees').expression(sql`event_id, lower(email)`).execute();
  await db.schema.createIndex('attendees_unconfirmed_hold').on('attendees').column('hold_until').where(sql<boolean>`status = 'pending' and confirm_token_hash is not null`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendees_unconfirmed_hold').execute();
  await db.schema.dropIndex('attendees_event_email').execute();
  await db.schema.alterTable('attendees').dropColumn('confirm_token_hash').execute();
  await db.schema.alterTable('attendees').dropColumn('hold_until').execute();
  await db.schema.alterTable('events').dropColumn('confirm_email_for_free').execute();
  await db.schema.alterTable('events').dropColumn('max_registrations_per_email').execute();
}
