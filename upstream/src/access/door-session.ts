import { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE } from '@tapcard/shared/rules';
import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { staffLinkState } from '../domain/door.js';
import { hashToken } from '../lib/crypto.js';
import { forbidden } from '../lib/http-error.js';
import { linkOfDoorSession } from '../repositories/staff-links.js';

/**
 * How a staff phone is known: by its staff link's secret once (trading it for a door session), then
 * by its door session token. The link is read on every call, so a revoked or expired one stops
 * working at once.
 */

/** Refuses a revoked or expired link, saying which. */
export function requireLiveLink(link: Row<'staff_links'>, now: Date): Row<'staff_links'> {
  const state = staffLinkState(link, now);
  if (state === 'revoked') throw forbidden(STAFF_LINK_REVOKED_MESSAGE);
  if (state === 'expired') throw forbidden(STAFF_LINK_EXPIRED_MESSAGE);
  return link;
}

/** The live link behind a door session token; 403 for an unknown, revoked or expired one. */
export async function doorLink(db: Kysely<Database>, session: string, now: Date): Promise<Row<'staff_links'>> {
  const link = await linkOfDoorSession(db, hashToken(session));
  if (!link) throw forbidden(STAFF_LINK_UNKNOWN_MESSAGE);
  return requireLiveLink(link, now);
}
