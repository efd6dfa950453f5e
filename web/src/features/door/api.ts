import { doorCalls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';

/**
 * The door pages' calls. The desk's own sends (check-ins, the ticket keys, the socket's fallback poll)
 * are in desk/, beside its offline queue.
 */

/** What a door session on this phone is for (door-session): a background read, refusals are the page's to say. */
export function doorSessionQuery(session: string) {
  return callQuery(doorCalls, 'doorSession', { body: { session } }, { background: true });
}

/** A door session's attendee search (door-search). */
export function doorSearchQuery(session: string, text: string) {
  return callQuery(doorCalls, 'doorSearch', { body: { session, query: text } }, { background: true });
}

/** Trades a staff link's secret for a door session. */
export const openStaffLink = (secret: string) => apiOrThrow(doorCalls.openStaffLink, { body: { secret } });
