import { EVENT_SLUG_MAX_LENGTH } from '../constants/index.js';
import { parseEventDate } from './event-dates.js';
import { slugify } from './slug.js';

// The slug rule lives in its own module so a page that names a file after someone loads none of the events' rules.
export * from './slug.js';

// The date grammar lives in its own module so validation rules can read dates without the rest of this one.
export * from './event-dates.js';

/** 0 ongoing, -1 yet to start, 1 ended (any positive number counts as ended). */
export type EventTiming = -1 | 0 | 1;

/** The date fields every timing helper reads. */
export interface EventDates {
  start_date: string;
  end_date?: string | null;
}

/** The first instant of the local day after the one holding `time`. */
function startOfNextDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}

/**
 * Where `now` stands relative to the event (arena, chat room, public event page):
 * -1 before start_date, 0 while it runs, 1 once it has ended.
 *
 * - The event starts at start_date's instant; a date-only start_date starts at the start of that
 *   day (local time of the runtime, the one `now` is read in).
 * - It runs to end_date's instant inclusive; a date-only end_date runs to the end of that day.
 * - Without an end_date (or with an unreadable one) it lasts until the end of its start day.
 * - An end before the start gives an empty window: yet to start, then ended.
 * - An unreadable start_date counts as ended, so such an event is never offered as upcoming nor
 *   opens its chat.
 */
export function eventTiming(event: EventDates, now: Date = new Date()): EventTiming {
  const start = parseEventDate(event.start_date);
  if (!start) return 1;
  const at = now.getTime();
  if (at < start.time) return -1;
  // A timed end_date is the event's last instant; a day's end is the first instant after it.
  const end = parseEventDate(event.end_date);
  const endExclusive = (eventEndsAt(event) ?? 0) + (end && !end.dateOnly ? 1 : 0);
  return at < endExclusive ? 0 : 1;
}

/**
 * When the event ends (ms), as `eventTiming` reads its dates: end_date's instant, the end of that day
 * for a date only, or the end of the start day without an end_date; undefined for an unreadable start.
 */
export function eventEndsAt(event: EventDates): number | undefined {
  const start = parseEventDate(event.start_date);
  if (!start) return undefined;
  const end = parseEventDate(event.end_date);
  return !end ? startOfNextDay(start.time) : end.dateOnly ? startOfNextDay(end.time) : end.time;
}

/** Not ended: ongoing or yet to start. */
export function isUpcoming(event: EventDates, now: Date = new Date()): boolean {
  return eventTiming(event, now) !== 1;
}

function startTime(event: EventDates): number {
  return parseEventDate(event.start_date)?.time ?? Number.NaN;
}

/** Sorts by start time, ascending or descending; unreadable start dates go last. Stable. */
function byStart<T extends EventDates>(events: T[], direction: 1 | -1): T[] {
  return events
    .map((event) => ({ event, time: startTime(event) }))
    .sort((a, b) => {
      if (Number.isNaN(a.time) || Number.isNaN(b.time)) return Number(Number.isNaN(a.time)) - Number(Number.isNaN(b.time));
      return (a.time - b.time) * direction;
    })
    .map(({ event }) => event);
}

/** Upcoming (not ended) events by start ascending, past (ended) events by start descending. */
export function splitEvents<T extends EventDates>(events: readonly T[], now: Date = new Date()): { upcoming: T[]; past: T[] } {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const event of events) (isUpcoming(event, now) ? upcoming : past).push(event);
  return { upcoming: byStart(upcoming, 1), past: byStart(past, -1) };
}

/** The chat room's status line. */
export function eventStatusText(timing: number): 'Ongoing' | 'Yet to start' | 'This Event Has Ended' {
  if (timing < 0) return 'Yet to start';
  if (timing > 0) return 'This Event Has Ended';
  return 'Ongoing';
}

/**
 * The date helper that gates the edit icon and Get Chips: true when start_date lies after `now`
 * (a date-only start_date is the start of that day). An unreadable start_date gives false.
 */
export function startIsInFuture(event: Pick<EventDates, 'start_date'>, now: Date = new Date()): boolean {
  const start = parseEventDate(event.start_date);
  return start !== undefined && start.time > now.getTime();
}

/**
 * Whether the organiser is offered Get Chips: some ticket has chips, the start date is not in the
 * future (the view page's rule) and the event has not ended (the lists' "upcoming only"). So only
 * while the event runs.
 */
export function offersGetChips(event: EventDates & { prices: readonly { withChips?: string | null }[] }, now: Date = new Date()): boolean {
  return hasChips(event.prices) && !startIsInFuture(event, now) && isUpcoming(event, now);
}

/** An event's capacity: the sum of its ticket categories' stock (attendees). */
export function capacity(prices: readonly { attendees: number }[]): number {
  return prices.reduce((sum, price) => {
    const stock = Number(price.attendees);
    return Number.isFinite(stock) && stock > 0 ? sum + stock : sum;
  }, 0);
}

/** Whether some ticket category comes with chips. An empty choice counts as 'without'. */
export function hasChips(prices: readonly { withChips?: string | null }[]): boolean {
  return prices.some((price) => price.withChips === 'with');
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * 'Sat, 12 Dec 2026' in local time, with fixed English names (no locale data involved).
 * An unreadable date gives ''.
 */
export function formatEventDate(iso: string | null | undefined): string {
  const parsed = parseEventDate(iso);
  if (!parsed) return '';
  const date = new Date(parsed.time);
  return `${DAY_NAMES[date.getDay()] ?? ''}, ${date.getDate()} ${MONTH_NAMES[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}

/**
 * The url slug (clean_name) of an event title: accents folded ('Café' -> 'cafe'), lowercase a-z0-9
 * with single hyphens, no hyphen at either end, at most EVENT_SLUG_MAX_LENGTH characters, and
 * 'event' when nothing is left.
 */
export function cleanName(title: string): string {
  const slug = slugify(typeof title === 'string' ? title : '').slice(0, EVENT_SLUG_MAX_LENGTH).replace(/-+$/, '');
  return slug === '' ? 'event' : slug;
}

