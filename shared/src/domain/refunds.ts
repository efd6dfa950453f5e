import type { REFUND_POLICIES, REFUND_STATES } from '../constants/index.js';
import { formatEventDate, parseEventDate } from './events.js';
import { formatNaira } from './money.js';

/**
 * Refund policy rules, the same on the server (which decides) and in the browser (which says before
 * anyone confirms): a 'before_start' policy refunds a paid ticket in full while `now` is before the
 * start minus `refund_hours`; 'none' never does.
 */

export type RefundPolicy = (typeof REFUND_POLICIES)[number];
export type RefundState = (typeof REFUND_STATES)[number];

export interface EventRefundPolicy {
  start_date: string;
  refund_policy?: RefundPolicy | undefined;
  refund_hours?: number | undefined;
}

const HOUR_MS = 60 * 60 * 1000;

/** The last instant a cancelled ticket is refunded, or null when the event refunds nothing (or its start is unreadable). */
export function refundDeadline(event: EventRefundPolicy): Date | null {
  if (event.refund_policy !== 'before_start') return null;
  const start = parseEventDate(event.start_date);
  if (!start) return null;
  return new Date(start.time - (event.refund_hours ?? 0) * HOUR_MS);
}

/** Whether a paid ticket cancelled at `now` is refunded. */
export function refundWindowOpen(event: EventRefundPolicy, now: Date): boolean {
  const deadline = refundDeadline(event);
  return deadline !== null && now.getTime() < deadline.getTime();
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number): string => String(n).padStart(2, '0');

/** The UTC offset written in an event date ('+01:00' → 60), or undefined when it names none. */
function writtenOffsetMinutes(text: string): number | undefined {
  const match = /(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|([+-])(\d{2}):?(\d{2}))$/.exec(text.trim());
  if (!match) return undefined;
  if (match[1] === 'Z') return 0;
  const minutes = Number(match[3]) * 60 + Number(match[4]);
  return match[2] === '-' ? -minutes : minutes;
}

/**
 * `instant` as 'Sat, 12 Dec 2026, 08:00 (UTC+01:00)' in the event's time zone: the offset its start
 * was written with, or the reader's local zone when it was written without one.
 */
export function formatInEventZone(instant: Date, startText: string): string {
  const offset = writtenOffsetMinutes(startText) ?? -instant.getTimezoneOffset();
  const shifted = new Date(instant.getTime() + offset * 60_000);
  const abs = Math.abs(offset);
  const zone = `UTC${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  const day = `${DAY_NAMES[shifted.getUTCDay()] ?? ''}, ${shifted.getUTCDate()} ${MONTH_NAMES[shifted.getUTCMonth()] ?? ''} ${shifted.getUTCFullYear()}`;
  return `${day}, ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())} (${zone})`;
}

/** The policy in one sentence, as the ticket page and the payment step show it. */
export function refundPolicyText(event: EventRefundPolicy): string {
  const deadline = refundDeadline(event);
  if (!deadline) return 'No refunds: a cancelled ticket is not refunded.';
  return `Full refund until ${formatInEventZone(deadline, event.start_date)}. No refund after that.`;
}

/**
 * What an attendee's cancel of a ticket of `amount` naira at `now` does with its money: a full refund,
 * none because the window closed, none because the event refunds nothing, or nothing to refund.
 */
export type CancelRefundOutcome = 'refund' | 'window_closed' | 'no_refunds' | 'free';

export function cancelRefundOutcome(event: EventRefundPolicy, amount: number, now: Date): CancelRefundOutcome {
  if (amount <= 0) return 'free';
  if (refundWindowOpen(event, now)) return 'refund';
  return event.refund_policy === 'before_start' ? 'window_closed' : 'no_refunds';
}

/** What cancelling a ticket of `amount` naira at `now` does with its money, in the words of the confirmation dialog. */
export function cancelOutcomeText(event: EventRefundPolicy, amount: number, now: Date): string {
  const outcome = cancelRefundOutcome(event, amount, now);
  if (outcome === 'free') return 'This ticket was free, so there is nothing to refund.';
  if (outcome === 'refund') return `Your payment of ${formatNaira(amount)} will be refunded in full to the card you paid with.`;
  if (outcome === 'window_closed') {
    const deadline = refundDeadline(event);
    return `No refund: refunds ended on ${deadline ? formatInEventZone(deadline, event.start_date) : formatEventDate(event.start_date)}. Your seat goes back on sale.`;
  }
  return 'No refund: this event does not refund cancelled tickets. Your seat goes back on sale.';
}

/** A refund's state as the attendee and the organiser read it. */
export const REFUND_STATE_TEXTS: Record<RefundState, string> = {
  pending_request: 'Refund requested: we are sending it to the payment provider.',
  pending: 'Refund pending: the payment provider is processing it.',
  processed: 'Refund processed: the money is on its way back to the card.',
  failed: 'Refund failed: the organiser has been told and will sort it out with you.',
};

/** The short label of a refund state (the organiser's attendee list). */
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending_request: 'Refund requested',
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed',
};
