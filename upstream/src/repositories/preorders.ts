import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../db/schema.js';

/** Stores a pre-order; false when its email is already on the list (the first entry stays as it was). */
export async function insertPreorder(db: Kysely<Database>, preorder: NewRow<'preorders'>): Promise<boolean> {
  const inserted = await db
    .insertInto('preorders')
    .values(preorder)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
