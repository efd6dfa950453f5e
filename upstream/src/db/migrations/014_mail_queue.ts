import { sql, type Kysely } from 'kysely';

// Mail waiting to be delivered. app.mailer.send stores each mail here before the first attempt, so a
// mail whose SMTP delivery fails (or whose process stops) is retried later instead of lost. A row is
// deleted once delivered; one given up on (after a day of failures) stays with failed_at set.
// locked_until is the claim of the process delivering it: another process skips the row until the
// claim runs out (a process that died mid-send leaves a claim that expires).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // The whole mail as JSON (text, html, attachments with base64 content).
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').column('next_attempt_at').where(sql.ref('failed_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
}
