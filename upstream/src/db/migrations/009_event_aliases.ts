import { sql, type Kysely } from 'kysely';

// Former clean names of events. Renaming an event gives it a new clean_name (its open link
// /events/l/:clean_name); the old name is remembered here so links already shared keep opening the
// event. A name is an event's current clean_name or at most one event's alias (the primary key), and
// the current names win: an event that later takes a former name of another owns it from then on.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_aliases')
    .addColumn('clean_name', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('event_aliases_event').on('event_aliases').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_aliases').execute();
}
