import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { deviceLabel } from '../lib/device.js';
import { insertSession } from '../repositories/sessions.js';

type DbLike = Kysely<Database> | Transaction<Database>;

/** How long a session (access token) lasts. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Starts a session for a user: a random access token, stored only as its hash, with a public random id
 * and the device label of the request that signed in (see lib/device.ts).
 */
export async function createSession(db: DbLike, userId: string, now: Date, request?: FastifyRequest): Promise<{ token_type: 'Bearer'; access_token: string }> {
  const token = randomToken();
  await insertSession(db, {
    token_hash: hashToken(token),
    id: randomId(),
    user_id: userId,
    device: deviceLabel(request?.headers['user-agent']),
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { token_type: 'Bearer', access_token: token };
}
