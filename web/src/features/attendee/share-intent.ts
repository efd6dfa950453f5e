import { paths } from '../../lib/paths.js';

/**
 * "Share my card with <name>" from the group chat opens the private chat with that attendee and shares
 * there (where the swap shows, and where the details form opens for an attendee without a card): the
 * private chat's address carries the intent, dropped from the history once acted on.
 */
export const SHARE_INTENT_PARAM = 'share';

export function shareIntentPath(tid: string, attendeeId: string): string {
  return `${paths.arenaPrivateChat(tid, attendeeId)}?${new URLSearchParams({ [SHARE_INTENT_PARAM]: '1' }).toString()}`;
}
