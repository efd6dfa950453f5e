import { sql, type Kysely } from 'kysely';

// Who may check in at an event's door. An organiser makes staff links, one per gate: each holds the
// hash of a random secret (the link's last path segment), a label (the gate's name), the role 'scan'
// and an expiry, and can be revoked. A phone that opens a link gets a door session (the hash of a
// second random token), which is valid only while its link is neither expired nor revoked: that is
// read on every use, so a revoke ends the link's sessions at once.
//
// A check-in records when and by whom (a gate's name, 'organiser', or 'chip:<user id>'), and a door
// check-in remembers the phone's client id with its answer, so a retried request answers the same
// and counts once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('scan').check(sql`role in ('scan')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('staff_links_event').on('staff_links').columns(['event_id', 'created_at']).execute();

  await db.schema
    .createTable('door_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('staff_links.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('door_sessions_link').on('door_sessions').column('link_id').execute();

  await db.schema
    .createTable('door_check_ins')
    .addColumn('link_id', 'text', (c) => c.notNull().references('staff_links.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('attendee_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('admitted', 'already', 'unknown')`))
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('checked_in_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('door_check_ins_pk', ['link_id', 'client_id'])
    .execute();

  await db.schema
    .alterTable('attendees')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('checked_in_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attendees').dropColumn('checked_in_at').dropColumn('checked_in_by').execute();
  await db.schema.dropTable('door_check_ins').execute();
  await db.schema.dropTable('door_sessions').execute();
  await db.schema.dropTable('staff_links').execute();
}
