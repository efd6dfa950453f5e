import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.js';

type Db = Kysely<Database>;

/** The key that signs tickets now, if one was made. */
export async function currentTicketKey(db: Db): Promise<Row<'ticket_keys'> | undefined> {
  return db.selectFrom('ticket_keys').selectAll().where('retired_at', 'is', null).executeTakeFirst();
}

/**
 * Stores `key` as the current key unless there is one already (the partial unique index decides, so
 * of several upstreams doing this at once exactly one key is stored); read the current key back after.
 */
export async function storeTicketKeyUnlessOne(db: Db, key: { kid: string; private_key: string; public_key: string }): Promise<void> {
  await db
    .insertInto('ticket_keys')
    .values(key)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every stored key's public half, the current one first: retired keys still check tickets already sent. */
export async function storedTicketPublicKeys(db: Db): Promise<{ kid: string; public_key: string }[]> {
  const rows = await db.selectFrom('ticket_keys').select(['kid', 'public_key', 'retired_at', 'created_at']).execute();
  return rows
    .sort((a, b) => Number(a.retired_at !== null) - Number(b.retired_at !== null) || b.created_at.getTime() - a.created_at.getTime())
    .map(({ kid, public_key }) => ({ kid, public_key }));
}
