import { sql, type Kysely } from 'kysely';

// The shop: an order keeps the provider's payment page (answered as `payment_url` by the order
// lookup), and one pre-order per email address (compared case-insensitively).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_url', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('preorders_email_unique').on('preorders').unique().expression(sql`lower(email)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('preorders_email_unique').execute();
  await db.schema.alterTable('orders').dropColumn('payment_url').execute();
}
