import { sql, type Kysely } from 'kysely';

// The door's desk work beyond admitting people.
//
// - events.door_check_out: whether the event tracks who is still inside; a door may then check
//   people out (which clears their check-in, so the counts of who is inside stay right).
// - door_conflicts: two phones admitted one attendee while apart. The check-in that reached the
//   server first counts; each later one is recorded here (which gate, when it was scanned, and the
//   counted check-in's time and gate) for the organiser. It is stamped with the change's seq, as
//   every change of the event is.
// - door_check_ins now remembers check-outs too (`direction`), and the outcomes 'conflict',
//   'checked_out' and 'not_inside', so a retried check-out or offline sync answers the same and
//   counts once. (link_id, client_id) stays the key across both directions.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('door_check_out', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  await db.schema
    .createTable('door_conflicts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id').onDelete('cascade'))
    .addColumn('link_id', 'text', (c) => c.notNull().references('staff_links.id').onDelete('cascade'))
    .addColumn('gate', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'timestamptz', (c) => c.notNull())
    .addColumn('first_checked_in_at', 'timestamptz')
    .addColumn('first_checked_in_by', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('door_conflicts_event').on('door_conflicts').columns(['event_id', 'created_at']).execute();

  await db.schema
    .alterTable('door_check_ins')
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('in').check(sql`direction in ('in', 'out')`))
    .execute();
  await sql`alter table door_check_ins drop constraint door_check_ins_outcome_check`.execute(db);
  await sql`
    alter table door_check_ins add constraint door_check_ins_outcome_check
    check (outcome in ('admitted', 'already', 'unknown', 'conflict', 'checked_out', 'not_inside'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from door_check_ins where direction = 'out' or outcome = 'conflict'`.execute(db);
  await sql`alter table door_check_ins drop constraint door_check_ins_outcome_check`.execute(db);
  await sql`alter table door_check_ins add constraint door_check_ins_outcome_check check (outcome in ('admitted', 'already', 'unknown'))`.execute(db);
  await db.schema.alterTable('door_check_ins').dropColumn('direction').execute();
  await db.schema.dropTable('door_conflicts').execute();
  await db.schema.alterTable('events').dropColumn('door_check_out').execute();
}
