import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The newest mails kept in the dev outbox, to one address when `to` is given. */
export async function latestMails(db: Kysely<Database>, to: string | null, limit: number) {
  let query = db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text', 'created_at']).orderBy('id', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}
