import { createElement, type ReactNode } from 'react';
import { OPEN_CHAT } from '@tapcard/shared/constants';
import type { ChatSettings, Mute } from '@tapcard/shared/contract';
import { isAdminId, type EventTiming } from '@tapcard/shared/domain';
import { safetyMessages, secondsUntil } from '@tapcard/shared/rules';
import { clockTime } from '../lib/live/clock.js';
import type { Outbox } from '../lib/live/outbox.js';
import { refusalText } from '../lib/live/refusals.js';
import { useDeadlineClock } from '../lib/live/useDeadlineClock.js';
import type { ChatRoomProps } from './ChatRoom.js';
import { GET_STARTED_TEXTS } from './GetStartedPanel.js';

/** What the gate reads of a live view (arena or chip): the chat's settings, the writer's own mute, whom they blocked. */
export interface GateView {
  chat?: ChatSettings | undefined;
  attendee?: { mute?: Mute | null | undefined } | null;
  blocked?: readonly string[] | undefined;
}

/** What the composer of an attendee's chat shows: disabled with a reason, waiting with a countdown, or open. */
export interface ComposerGate {
  /** Posting is not possible now (closed chat, muted, blocked). */
  blocked: boolean;
  /** The reason, also the disabled input's placeholder. */
  reason: string | null;
  /** The line above the composer (the reason, or the countdown). */
  notice: ReactNode;
  /** Sending waits for the countdown (slow mode, too fast). */
  held: boolean;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** The latest of some times (ms), those unknown (null, NaN) left out; null when none is known. */
function latest(...times: (number | null)[]): number | null {
  const known = times.filter((t): t is number => t !== null && Number.isFinite(t));
  return known.length > 0 ? Math.max(...known) : null;
}

/**
 * Why an attendee (in the arena, or a chip's holder) cannot post in `room` now, from the live view and
 * the room's outbox:
 * - the group chat closed by the organiser;
 * - the attendee muted (until a time in this browser's clock, or for good; not towards the organiser);
 * - a private chat with someone the attendee blocked;
 * - a wait: slow mode after the attendee's last accepted group post (`ownLastPost`, an ISO time from the
 *   view, or this page's last accepted post), or a refusal's `retry_at` (slow mode, too fast), counted
 *   down to the second;
 * - a private chat's last refusal whose reason has no end (not accepting private messages).
 */
export function useComposerGate(view: GateView | null, room: 'group' | { with: string }, outbox: Pick<Outbox, 'refusal' | 'lastAccepted'>, ownLastPost: string | null): ComposerGate {
  const chat = view?.chat ?? OPEN_CHAT;
  const group = room === 'group';
  const toOrganiser = !group && isAdminId(room.with);
  const mute = view?.attendee?.mute ?? null;
  const muteEnds = mute?.until ? time(mute.until) : null;

  // The wait before the next group post (slow mode), or before any post (a refusal that says when).
  const { refusal } = outbox;
  const slow = group ? chat.slow_mode_seconds : 0;
  const lastPost = latest(outbox.lastAccepted, time(ownLastPost));
  const slowEnds = slow > 0 && lastPost !== null ? lastPost + slow * 1000 : null;
  const refusalEnds = refusal && (refusal.code === 'too_fast' || (refusal.code === 'slow_mode' && slow > 0)) ? latest(time(refusal.retryAt)) : null;
  const waitEnds = latest(slowEnds, refusalEnds);
  const waitIsTooFast = refusal?.code === 'too_fast' && refusalEnds !== null && waitEnds === refusalEnds;

  // Re-renders as the deadlines pass (every second in a countdown's last two minutes).
  const now = useDeadlineClock([muteEnds, waitEnds]);

  const muted = mute !== null && !toOrganiser && (muteEnds === null || (Number.isFinite(muteEnds) && muteEnds > now));
  const reason =
    group && chat.closed
      ? safetyMessages.chatClosed
      : muted
        ? muteEnds === null
          ? safetyMessages.mutedForGood
          : safetyMessages.mutedUntil(clockTime(new Date(muteEnds)))
        : !group && view?.blocked?.includes(room.with)
          ? safetyMessages.youBlocked
          : null;
  if (reason) return { blocked: true, reason, notice: reason, held: false };

  if (waitEnds !== null && waitEnds > now) {
    const seconds = secondsUntil(new Date(waitEnds), new Date(now));
    const words = waitIsTooFast ? safetyMessages.tooFast(seconds) : safetyMessages.slowMode(seconds);
    // A timer: its every second is shown, not read out (the line is announced when it appears).
    return { blocked: false, reason: null, notice: createElement('span', { role: 'timer' }, words), held: true };
  }
  if (!group && refusal && (refusal.code === 'not_accepting' || refusal.code === 'you_blocked')) {
    return { blocked: false, reason: null, notice: refusalText(refusal), held: false };
  }
  return { blocked: false, reason: null, notice: null, held: false };
}

/**
 * The composer of an attendee's event chat at `timing`: read-only before the start (the get-started
 * title in its place) and after the end; while the event runs, as `gate` says.
 */
export function gatedComposer(gate: ComposerGate, timing: EventTiming): Pick<ChatRoomProps, 'disabled' | 'closedText' | 'composerNotice' | 'sendHeld'> {
  const running = timing === 0;
  return {
    disabled: !running || gate.blocked,
    closedText: timing < 0 ? GET_STARTED_TEXTS.title : running ? (gate.reason ?? undefined) : undefined,
    composerNotice: running ? gate.notice : null,
    sendHeld: gate.held,
  };
}
