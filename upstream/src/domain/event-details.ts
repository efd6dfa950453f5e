import type { EventPayload } from '@tapcard/shared/contract';
import { parseEventDate } from '@tapcard/shared/domain';
import { makeEventDetailsSchema, messages } from '@tapcard/shared/rules';
import { badRequest } from '../lib/http-error.js';

/** What create and update do with an event payload beyond the contract's own validation. */

type Ticket = EventPayload['prices'][number];

/** Whole naira and stock fit the integer columns. */
const MAX_INT = 2_147_483_647;

/**
 * The "not in the past" rule on the upstream's clock: a start day before today (the server's local
 * day) answers 400 under start_date with 'Please choose future date!', unless an update keeps its
 * stored start day. The shared rule itself is applied, with app.now() as its clock.
 */
export function checkStartNotPast(startDate: string, now: Date, storedStart?: string): void {
  const result = makeEventDetailsSchema(() => now, storedStart).shape.start_date.safeParse(startDate);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? messages.futureDate, 'start_date');
}

/** The instants stored beside the dates as written (ordering, SQL); a date only is the server's local day. */
export function instants(payload: Pick<EventPayload, 'start_date' | 'end_date'>): { start: Date; end: Date | null } {
  const start = parseEventDate(payload.start_date);
  if (!start) throw badRequest(messages.dateInvalid, 'start_date');
  if (payload.end_date === undefined) return { start: new Date(start.time), end: null };
  const end = parseEventDate(payload.end_date);
  if (!end) throw badRequest(messages.dateInvalid, 'end_date');
  return { start: new Date(start.time), end: new Date(end.time) };
}

/**
 * The event row's columns an organiser's payload sets, the same on create and on update: the dates as
 * written and as instants (a date it cannot read is refused under its field), and the settings.
 */
export function eventColumns(payload: EventPayload) {
  const { start, end } = instants(payload);
  return {
    title: payload.title,
    description: payload.description,
    location: payload.location,
    image: payload.image,
    start_date: start,
    end_date: end,
    start_text: payload.start_date,
    end_text: payload.end_date ?? null,
    max_registrations_per_email: payload.max_registrations_per_email,
    confirm_email_for_free: payload.confirm_email_for_free,
    refund_policy: payload.refund_policy,
    refund_hours: payload.refund_hours,
  };
}

/** Money is whole naira: an amount with kobo or beyond the column's range is refused under its field. */
export function checkTickets(prices: readonly Ticket[]): void {
  prices.forEach((ticket, i) => {
    if (!Number.isInteger(ticket.amount) || ticket.amount > MAX_INT) {
      throw badRequest('Ticket amount must be a whole number of naira', `prices.${i}.amount`);
    }
    if (ticket.attendees > MAX_INT) throw badRequest(messages.ticketStockRequired, `prices.${i}.attendees`);
  });
}

function isCleanNameClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' && e.constraint.includes('clean_name');
}

/** Runs `work` again (up to `attempts` times) when a concurrent writer took the same clean name first. */
export async function retryOnCleanNameClash<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await work();
    } catch (error) {
      if (i >= attempts || !isCleanNameClash(error)) throw error;
    }
  }
}
