import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The content type a stored upload was accepted with; undefined for a name that was never stored. */
export async function uploadContentType(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const upload = await db.selectFrom('uploads').select(['content_type']).where('name', '=', name).executeTakeFirst();
  return upload?.content_type;
}
