import { useCallback } from 'react';
import { ADMIN_ID_PREFIX } from '@tapcard/shared/constants';
import { calls, type ChatMessage, type PrivateChat } from '@tapcard/shared/contract';
import { api } from '../../lib/api.js';
import type { PostResult } from '../../lib/live/chat.js';

/** The attendee id the organiser posts under: 'admin-' + the organiser's user id. */
export function adminIdOf(userId: string): string {
  return `${ADMIN_ID_PREFIX}${userId}`;
}

/** Posts to the event's group chat as ADMIN. */
export function useAdminGroupPost(eventId: string, adminId: string | null) {
  return useCallback(
    async (text: string): Promise<PostResult<ChatMessage>> => {
      if (!adminId) return { ok: false, error: '' };
      const result = await api(calls.adminChat, { params: { id: eventId }, body: { event_id: eventId, attendee_id: adminId, message: text, image: '' }, background: true });
      return result.ok ? { ok: true, message: result.answer.data } : { ok: false, error: result.message };
    },
    [eventId, adminId],
  );
}

/** Replies privately to an attendee as ADMIN. */
export function useAdminPrivatePost(eventId: string, adminId: string | null, attendeeId: string) {
  return useCallback(
    async (text: string): Promise<PostResult<PrivateChat>> => {
      if (!adminId) return { ok: false, error: '' };
      const result = await api(calls.adminPrivateChat, {
        params: { id: eventId },
        body: { event_id: eventId, attendee_id_1: adminId, attendee_id_2: attendeeId, message: text, image: '' },
        background: true,
      });
      return result.ok ? { ok: true, message: result.answer.data } : { ok: false, error: result.message };
    },
    [eventId, adminId, attendeeId],
  );
}
