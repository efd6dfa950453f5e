import { sql, type Kysely } from 'kysely';

// The Ed25519 key pairs that sign door tickets (the QR code of an attendee's access). One key is
// current (retired_at null; the partial unique index allows only one), so upstreams that start at
// once and each create a key end up signing with the same one: every insert but the first does
// nothing, and all read the current row back. kid is derived from the public key and named in each
// ticket, so a retired key can still be published while its tickets are in people's mail.
// private_key is PKCS#8 PEM; public_key the raw 32 bytes, base64url.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ticket_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  await sql`create unique index ticket_keys_one_current on ticket_keys ((true)) where retired_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_keys').execute();
}
