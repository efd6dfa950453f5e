import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_HISTORY_POLL_MS } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import type { MessageAudience, MessageDraft, ScheduleMessageValues, ScheduledMessageValues } from '@tapcard/shared/rules';
import { api } from '../../lib/api.js';
import { callQuery } from '../../lib/call-query.js';

/**
 * The organiser's messages: the history (read again every few seconds, so its delivery counts move as
 * the mails go), how many an audience reaches, and the writes, which answer the whole result so the
 * form can put a refusal under its field.
 */

function historyQuery(eventId: string) {
  return callQuery(calls, 'listMessages', { params: { id: eventId } }, { background: true });
}

export function useMessageHistory(eventId: string) {
  return useQuery({
    ...historyQuery(eventId),
    enabled: eventId !== '',
    select: (answer) => answer.data,
    refetchInterval: MESSAGE_HISTORY_POLL_MS,
  });
}

/** How many people `audience` reaches now (null: none chosen yet). */
export function useAudienceCount(eventId: string, audience: MessageAudience | null) {
  return useQuery({
    ...callQuery(calls, 'messageAudienceCount', { params: { id: eventId }, body: { audience: audience ?? { kind: 'everyone' } } }, { background: true }),
    enabled: eventId !== '' && audience !== null,
    select: (answer) => answer.data.count,
    placeholderData: keepPreviousData,
    // Counted again whenever the audience is chosen: attendees register, check in and unsubscribe meanwhile.
    staleTime: 0,
    retry: false,
  });
}

export type MessageWrite =
  | { kind: 'send'; values: MessageDraft }
  | { kind: 'schedule'; values: ScheduleMessageValues }
  | { kind: 'update'; messageId: string; values: ScheduledMessageValues };

/** Sends, schedules or updates a message; the history is read again after it. */
export function useWriteMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: MessageWrite) => {
      const params = { id: eventId };
      if (write.kind === 'send') return api(calls.sendMessage, { params, body: write.values });
      if (write.kind === 'schedule') return api(calls.scheduleMessage, { params, body: write.values });
      return api(calls.updateMessage, { params: { ...params, message_id: write.messageId }, body: write.values });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyQuery(eventId).queryKey }),
  });
}

export function useCancelMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api(calls.cancelMessage, { params: { id: eventId, message_id: messageId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyQuery(eventId).queryKey }),
  });
}
