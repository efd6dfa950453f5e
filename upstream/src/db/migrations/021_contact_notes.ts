import type { Kysely } from 'kysely';

// contacts.note: the card owner's own note on a contact (where they met, what to follow up). Null
// when there is none. Its length limit is the shared rule's, checked on every write.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('note').execute();
}
