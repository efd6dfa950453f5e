import { sql, type Kysely } from 'kysely';

// Sessions the owner can see and end: each gets a public random id (the list's and the end call's
// handle: never the token or its hash), a short device label read from the User-Agent at sign-in, and
// when it was last used (touched at most about once a minute). Existing sessions get an id each (the
// default is evaluated per row), an empty device and their creation time as last use.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('id', 'text', (c) => c.notNull().defaultTo(sql`replace(gen_random_uuid()::text, '-', '')`))
    .execute();
  await db.schema.alterTable('sessions').addColumn('device', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)).execute();
  await sql`update sessions set last_used_at = created_at`.execute(db);
  await db.schema.createIndex('sessions_id_unique').on('sessions').unique().column('id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_id_unique').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sessions').dropColumn('device').execute();
  await db.schema.alterTable('sessions').dropColumn('id').execute();
}
