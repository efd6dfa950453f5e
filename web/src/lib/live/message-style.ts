import { isAdminId } from '@tapcard/shared/domain';

/** How a chat message is shown: the viewer's own, the organiser's (admin-…), or everybody else's. */
export type MessageStyle = 'own' | 'admin' | 'other';

export { ADMIN_NAME, adminIdOf, isAdminId } from '@tapcard/shared/domain';

/** The three display styles: the viewer's own messages, the organiser's (admin-…) and everybody else's. */
export function messageStyle(attendeeId: string, selfId: string | null): MessageStyle {
  if (selfId !== null && attendeeId === selfId) return 'own';
  return isAdminId(attendeeId) ? 'admin' : 'other';
}
