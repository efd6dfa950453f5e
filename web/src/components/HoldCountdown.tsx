import { useEffect } from 'react';
import { useNow } from '../lib/now.js';

/** Minutes left at which the countdown speaks up (a screen reader hears these, not every second). */
const MILESTONES = [5, 1] as const;

export const HOLD_TEXTS = {
  timeLeft: 'Time left to pay',
  lessThan: (minutes: number) => `Less than ${minutes} minute${minutes === 1 ? '' : 's'} left to pay.`,
  expired: 'Your reservation has expired and the ticket was released.',
} as const;

/** 'm:ss' of a duration in milliseconds (rounded up to the second). */
export function formatLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The time left on a held ticket, ticking every second. The visible clock is a `timer` (read when
 * the user gets to it, never announced by itself); a separate polite status speaks only when fewer
 * than 5 and then 1 minute are left, and when the hold has run out (`onExpired` is then called once).
 */
export function HoldCountdown({ until, onExpired }: { until: Date; onExpired?: () => void }) {
  const now = useNow(1000);
  const left = until.getTime() - now.getTime();
  const expired = left <= 0;
  const minutes = Math.ceil(left / 60_000);
  const milestone = MILESTONES.filter((m) => minutes <= m).at(-1);
  const announcement = expired ? HOLD_TEXTS.expired : milestone ? HOLD_TEXTS.lessThan(milestone) : '';

  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);

  return (
    <>
      <p>
        {HOLD_TEXTS.timeLeft}:{' '}
        <strong role="timer" aria-live="off">
          <time dateTime={until.toISOString()}>{formatLeft(left)}</time>
        </strong>
      </p>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
