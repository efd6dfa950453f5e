import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ShareCardResult } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import type { ChatRoomKind, DmPolicy, ReportReason } from '@tapcard/shared/rules';
import { refusalOf, refusalText, type Refusal } from '../../lib/live/refusals.js';
import type { LiveEvent } from '../../lib/live/useLiveEvent.js';
import { notify } from '../../lib/toast.js';
import { arenaSafetyQuery, arenaSettings, blockAttendee, reportMessage, shareCard as sendShareCard } from './api.js';
import type { ShareDetails } from './ShareDetailsDialog.js';
import { TEXTS } from './texts.js';

/** A call's outcome as the arena's forms need it: done (with the answer), or the server's messages. */
export type Outcome<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; message: string; errors: Record<string, string>; status: number; network: boolean; refusal?: Refusal };

function failed(result: { message: string; errors: Record<string, string>; status: number; kind: string; body?: { code?: string; retry_at?: string } }): Outcome<never> {
  const refusal = refusalOf(result.body);
  // A refusal (muted, not accepting private messages…) is worded again in this browser's clock.
  const message = refusal ? refusalText(refusal) : result.message;
  return { ok: false, message, errors: result.errors, status: result.status, network: result.kind === 'network', ...(refusal ? { refusal } : {}) };
}

/** Says a failure that is not a form's (a network failure has been said already by the API layer). */
function sayFailure(outcome: Outcome<unknown>): void {
  if (!outcome.ok && !outcome.network) notify.error(outcome.message);
}

/**
 * The attendee's safety and networking calls in the arena, by access token: block or unblock, report a
 * message, who may write and hiding from public lists, and Share my card. Each answer is merged into
 * the live view at once (the gateway then sends the same change to the attendee's other devices), and
 * the privacy section's query is brought up to date.
 */
export function useSafetyCalls(tid: string, live: LiveEvent<ViewOf<'arena'>>) {
  const queryClient = useQueryClient();
  const view = live.view;
  const eventId = view?.eventId ?? '';
  const attendee = view?.attendee ?? null;
  const { applyLocal } = live;

  const setBlocked = useCallback(
    async (other: { id: string; name: string }, blocked: boolean): Promise<Outcome> => {
      const result = await blockAttendee(tid, { event_id: eventId, attendee_id: other.id, blocked });
      if (!result.ok) {
        const outcome = failed(result);
        sayFailure(outcome);
        return outcome;
      }
      applyLocal({ blocked: result.answer.data.blocked });
      void queryClient.invalidateQueries({ queryKey: arenaSafetyQuery(tid).queryKey });
      notify.success(blocked ? TEXTS.blocked(other.name) : TEXTS.unblocked(other.name));
      return { ok: true, data: undefined };
    },
    [tid, eventId, applyLocal, queryClient],
  );

  const report = useCallback(
    async (messageId: string, room: ChatRoomKind, values: { reason: ReportReason; details: string }): Promise<Outcome> => {
      const result = await reportMessage(tid, { event_id: eventId, message_id: messageId, room, ...values });
      if (!result.ok) return failed(result);
      notify.success(TEXTS.reportSent);
      return { ok: true, data: undefined };
    },
    [tid, eventId],
  );

  const saveSettings = useCallback(
    async (change: { dm_policy?: DmPolicy; hidden?: boolean }): Promise<Outcome> => {
      const result = await arenaSettings(tid, { event_id: eventId, ...change });
      if (!result.ok) {
        const outcome = failed(result);
        sayFailure(outcome);
        return outcome;
      }
      const { dm_policy, hidden } = result.answer.data;
      if (attendee) applyLocal({ attendees: [{ ...attendee, dm_policy, hidden }] });
      queryClient.setQueryData(arenaSafetyQuery(tid).queryKey, (old) => (old ? { ...old, dm_policy, hidden } : old));
      return { ok: true, data: undefined };
    },
    [tid, eventId, attendee, applyLocal, queryClient],
  );

  const shareCard = useCallback(
    async (to: string, details?: ShareDetails): Promise<Outcome<ShareCardResult>> => {
      const result = await sendShareCard(tid, { event_id: eventId, to, ...(details ? { details } : {}) });
      if (!result.ok) return failed(result);
      applyLocal({ private_chats: [result.answer.data.message] });
      return { ok: true, data: result.answer.data };
    },
    [tid, eventId, applyLocal],
  );

  return useMemo(() => ({ setBlocked, report, saveSettings, shareCard, sayFailure }), [setBlocked, report, saveSettings, shareCard]);
}

export type SafetyCalls = ReturnType<typeof useSafetyCalls>;
