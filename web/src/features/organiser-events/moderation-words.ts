import { MUTE_CHOICES, SLOW_MODE_CHOICES } from '@tapcard/shared/constants';
import { type MuteChoice } from '@tapcard/shared/rules';
import type { Mute } from '@tapcard/shared/contract';
import { MODERATION_TEXTS as T } from './moderation-texts.js';

/** A mute the organiser chooses: some minutes, or for good ('off' is Unmute). */
export type MuteFor = Exclude<MuteChoice, 'off'>;

/** The mutes the organiser's menus offer, in words: the timed ones, then for good. */
export const MUTE_OPTIONS: readonly { choice: MuteFor; label: string }[] = [
  ...MUTE_CHOICES.map((minutes) => ({ choice: minutes, label: T.minutes(minutes) })),
  { choice: 'forever', label: T.forGood },
];

/** The slow-mode choices in words (0 is Off). */
export const SLOW_MODE_OPTIONS: readonly { seconds: number; label: string }[] = SLOW_MODE_CHOICES.map((seconds) => ({ seconds, label: T.seconds(seconds) }));

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time in the organiser's clock, 24-hour: '18:40' today, '28 Nov, 18:40' on another day (a 24-hour
 * mute ends tomorrow). '' when unreadable.
 */
export function clockText(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? time : `${date.getDate()} ${MONTH_NAMES[date.getMonth()] ?? ''}, ${time}`;
}

/** The mute in force at `now`: a timed one that has run out is none. */
export function activeMute(mute: Mute | null | undefined, now: Date): Mute | null {
  if (!mute) return null;
  if (mute.until === null) return mute;
  const until = new Date(mute.until).getTime();
  return Number.isNaN(until) || until > now.getTime() ? mute : null;
}

/** 'Muted until 18:40', 'Muted' (for good), or null when the attendee is not muted at `now`. */
export function muteText(mute: Mute | null | undefined, now: Date): string | null {
  const active = activeMute(mute, now);
  if (!active) return null;
  return active.until === null ? T.mutedForGood : T.mutedUntil(clockText(active.until, now));
}
