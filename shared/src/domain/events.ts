import { EVENT_SLUG_MAX_LENGTH } from '../constants/index.js';

/** 0 ongoing, -1 yet to start, 1 ended (the spec's "positive"). */
export type EventTiming = -1 | 0 | 1;

/** The date fields every timing helper reads. */
export interface EventDates {
  start_date: string;
  end_date?: string | null;
}

export interface ParsedEventDate {
  /** Milliseconds since the epoch. */
  time: number;
  /** True when the text held a calendar date only (no time of day). */
  dateOnly: boolean;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const ZONED_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2}))$/i;

/**
 * A local-time instant from calendar parts, or NaN when they are not a real date and time
 * (2026-02-31, 25:00). A time inside a daylight-saving gap moves forward as Date does.
 */
function localTime(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): number {
  if (hours > 23 || minutes > 59 || seconds > 59) return Number.NaN;
  const date = new Date(0);
  // setFullYear, unlike the Date constructor, does not map years 0-99 to 1900-1999.
  date.setFullYear(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return Number.NaN;
  date.setHours(hours, minutes, seconds, ms);
  return date.getTime();
}

/**
 * Reads an event date as the upstream sends it. A date only ('2026-12-12') is the start of that day
 * in local time, not UTC midnight as `new Date()` would read it; a date and time without a zone
 * ('2026-12-12T10:00' or '2026-12-12 10:00:00') is local time; a date and time with a zone
 * ('...Z', '...+01:00') is that instant. Anything unreadable gives undefined.
 */
export function parseEventDate(value: string | null | undefined): ParsedEventDate | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return undefined;

  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const time = localTime(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
    return Number.isNaN(time) ? undefined : { time, dateOnly: true };
  }

  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const fraction = (local[7] ?? '').padEnd(3, '0').slice(0, 3);
    const time = localTime(
      Number(local[1]),
      Number(local[2]),
      Number(local[3]),
      Number(local[4]),
      Number(local[5]),
      Number(local[6] ?? '0'),
      Number(fraction),
    );
    return Number.isNaN(time) ? undefined : { time, dateOnly: false };
  }

  const zoned = ZONED_DATE_TIME.exec(text);
  const time = Date.parse(zoned ? `${zoned[1]}T${zoned[2]}` : text);
  return Number.isNaN(time) ? undefined : { time, dateOnly: false };
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
  const end = parseEventDate(event.end_date);
  const endExclusive = !end ? startOfNextDay(start.time) : end.dateOnly ? startOfNextDay(end.time) : end.time + 1;
  return at < endExclusive ? 0 : 1;
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

/** Lowercase kebab-case ASCII: accents folded, every run of other characters one hyphen. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
