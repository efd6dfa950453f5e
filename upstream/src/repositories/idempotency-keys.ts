import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Trx = Transaction<Database>;

export interface IdempotencyScope {
  /** What is created ('event', 'registration'). */
  scope: string;
  /** Whose key: the account, or the event of an anonymous registration. */
  owner: string;
  key: string;
}

/**
 * Claims a key for the resource this transaction creates, as its first write. Answers null when the
 * key is new (the caller goes on creating), or the id of the resource an earlier request with the
 * same key created. On PostgreSQL an insert whose key another open transaction has just inserted waits
 * for that one to end (the primary key's check): once it commits, this insert does nothing and the
 * select sees the committed row; if it rolled back, this insert takes the key.
 */
export async function claimIdempotencyKey(trx: Trx, claim: IdempotencyScope, resourceId: string, now: Date): Promise<string | null> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ ...claim, resource_id: resourceId, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'owner', 'key']).doNothing())
    .returning('resource_id')
    .executeTakeFirst();
  if (inserted) return null;
  const earlier = await trx
    .selectFrom('idempotency_keys')
    .select('resource_id')
    .where('scope', '=', claim.scope)
    .where('owner', '=', claim.owner)
    .where('key', '=', claim.key)
    .executeTakeFirstOrThrow();
  return earlier.resource_id;
}

