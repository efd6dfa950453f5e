import { ADMIN_ID_PREFIX } from '../constants/index.js';

/** The name the organiser's chat posts are stored and shown under. */
export const ADMIN_NAME = 'ADMIN';

/** The attendee id an organiser posts under in their own event's chats: ADMIN_ID_PREFIX + their user id. */
export function adminIdOf(userId: string): string {
  return `${ADMIN_ID_PREFIX}${userId}`;
}

/** Whether a chat party id is an organiser's (see adminIdOf). */
export function isAdminId(partyId: string): boolean {
  return partyId.startsWith(ADMIN_ID_PREFIX);
}
