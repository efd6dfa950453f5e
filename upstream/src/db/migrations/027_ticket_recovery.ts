import { sql, type Kysely } from 'kysely';

// ticket_recoveries: the links a "Lost your ticket?" mail carries. Anyone who knows an attendee's
// email may ask, so asking must not end the attendee's access link; only opening the mailed link
// (which only the inbox's owner can) replaces it. Only the link token's hash is stored; a link works
// once (used_at) and until expires_at.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ticket_recoveries')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ticket_recoveries_attendee').on('ticket_recoveries').column('attendee_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_recoveries').execute();
}
