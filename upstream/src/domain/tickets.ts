import type { TicketPublicKey } from '@tapcard/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { generateTicketKey, privateKeyPem, readTicketPrivateKey, signTicket, ticketKeyOf, type TicketKey } from '../lib/ticket-keys.js';
import { currentTicketKey, storedTicketPublicKeys, storeTicketKeyUnlessOne } from '../repositories/ticket-keys.js';

/**
 * Door tickets: the signed text an attendee's QR code carries (the token page and the access mail
 * both take it from `issueTicket`). One signing key per deployment: TICKET_SIGNING_KEY when set, else
 * the database's current key, made on first use (race-safe across upstreams). Kept in memory per
 * database handle once read.
 */

const loaded = new WeakMap<Db, { configured: string | undefined; key: Promise<TicketKey> }>();

function fromRow(row: Row<'ticket_keys'>): TicketKey {
  return { ...ticketKeyOf(readTicketPrivateKey(row.private_key)), kid: row.kid };
}

/** The database's current key, made now when there is none yet. */
export async function databaseTicketKey(db: Db): Promise<TicketKey> {
  const existing = await currentTicketKey(db);
  if (existing) return fromRow(existing);
  const fresh = generateTicketKey();
  await storeTicketKeyUnlessOne(db, { kid: fresh.kid, private_key: privateKeyPem(fresh), public_key: fresh.publicKey });
  const current = await currentTicketKey(db);
  if (!current) throw new Error('no current ticket key after storing one');
  return fromRow(current);
}

/** The key tickets are signed with now. */
export function ticketSigningKey(app: Pick<FastifyInstance, 'db' | 'config'>): Promise<TicketKey> {
  const configured = app.config.ticketSigningKey;
  const cached = loaded.get(app.db);
  if (cached && cached.configured === configured) return cached.key;
  const key = configured !== undefined ? Promise.resolve().then(() => ticketKeyOf(readTicketPrivateKey(configured))) : databaseTicketKey(app.db);
  // A failed read (database down) is tried again on the next ticket.
  key.catch(() => {
    if (loaded.get(app.db)?.key === key) loaded.delete(app.db);
  });
  loaded.set(app.db, { configured, key });
  return key;
}

/** The signed door ticket of an attendee: no access token, nothing personal. */
export async function issueTicket(app: Pick<FastifyInstance, 'db' | 'config'>, eventId: string, attendeeId: string): Promise<string> {
  return signTicket(await ticketSigningKey(app), eventId, attendeeId);
}

/** The public keys a door checks tickets with: the signing key first, then every stored key (earlier tickets). */
export async function ticketPublicKeys(app: Pick<FastifyInstance, 'db' | 'config'>): Promise<TicketPublicKey[]> {
  const signing = await ticketSigningKey(app);
  const stored = await storedTicketPublicKeys(app.db);
  const keys: TicketPublicKey[] = [{ kid: signing.kid, alg: 'Ed25519', key: signing.publicKey }];
  for (const k of stored) if (!keys.some((known) => known.kid === k.kid)) keys.push({ kid: k.kid, alg: 'Ed25519', key: k.public_key });
  return keys;
}
