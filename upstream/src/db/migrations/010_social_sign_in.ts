import { sql, type Kysely } from 'kysely';

// Social sign-in over OpenID Connect.
//
// social_sign_ins: one row per sign-in started at the provider, keyed by the hash of its `state` (the
// state itself travels through the browser and is never stored). It keeps what the callback must
// check (nonce, PKCE verifier) and the card query the login page was opened with. The callback
// deletes the row as it reads it, so a state (and the code that came with it) is used at most once.
//
// social_identities: the provider's account (issuer + subject) linked to one of our users, so a later
// sign-in finds the account by identity even when the email at the provider changes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text')
    .addColumn('card_type', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('social_sign_ins_expires').on('social_sign_ins').column('expires_at').execute();

  await db.schema
    .createTable('social_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('social_identities_pkey', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('social_identities_user').on('social_identities').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_identities').execute();
  await db.schema.dropTable('social_sign_ins').execute();
}
