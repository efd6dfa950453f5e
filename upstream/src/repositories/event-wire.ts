import type { Event, EventSummary } from '@tapcard/shared/contract';
import { splitEvents } from '@tapcard/shared/domain';
import type { Row } from '../db/schema.js';

/** An event row in the contract's shapes: its dates, its summary, and lists of events split by time. */

/** The dates as the organiser wrote them (see migration 003); the instants only for rows without. */
export function eventDates(row: Row<'events'>): { start_date: string; end_date: string | null } {
  return {
    start_date: row.start_text !== '' ? row.start_text : row.start_date.toISOString(),
    end_date: row.end_text ?? (row.end_date ? row.end_date.toISOString() : null),
  };
}

export function eventSummary(row: Row<'events'>): EventSummary {
  return {
    id: row.id,
    clean_name: row.clean_name,
    title: row.title,
    description: row.description,
    location: row.location,
    image: row.image,
    ...eventDates(row),
    refund_policy: row.refund_policy,
    refund_hours: row.refund_hours,
  };
}

/** Upcoming, past and all of some events, split on the upstream's clock; `all` is upcoming then past. */
export function eventLists(events: Event[], now: Date): { upcoming: Event[]; past: Event[]; all: Event[] } {
  const { upcoming, past } = splitEvents(events, now);
  return { upcoming, past, all: [...upcoming, ...past] };
}
