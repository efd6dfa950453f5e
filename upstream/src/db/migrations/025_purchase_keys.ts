import { type Kysely } from 'kysely';

// Creates that a double click or a retried request must not repeat, and the way out of a held payment.
//
// - idempotency_keys: one row per (scope, owner, key), written in the same transaction as the resource
//   it created; a repeat with the same key finds the row (its insert waits for the first one's commit
//   on the primary key) and answers that resource instead of creating another. `owner` is the account
//   for an organiser's create, the event for an anonymous registration.
// - ticket_payments.release_hash: the hash of the secret the buyer holds while a paid ticket waits for
//   its payment; with it the buyer gives the seat back at once instead of waiting for the hold to end.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'owner', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  await db.schema.alterTable('ticket_payments').addColumn('release_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ticket_payments').dropColumn('release_hash').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
