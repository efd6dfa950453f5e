import { sql, type Kysely } from 'kysely';

// A verified email is usable for sign-up only with the one-time ticket its verification handed out:
// only the ticket's hash is kept, beside the email. Emails verified before this had no ticket handed
// out, so they are forgotten (their owners verify again).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from verified_emails`.execute(db);
  await db.schema.alterTable('verified_emails').addColumn('ticket_hash', 'text', (c) => c.notNull()).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verified_emails').dropColumn('ticket_hash').execute();
}
