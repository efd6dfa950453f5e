import { EVENT_SLUG_MAX_LENGTH } from '../constants/index.js';

/** 0 ongoing, -1 yet to start, 1 ended (any positive number counts as ended). */
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

/**
 * The one grammar of event dates, on the wire and in the event form: YYYY-MM-DD, optionally followed
 * (after 'T' or a space) by HH:MM, optional :SS and fraction, and an optional 'Z' or ±HH:MM offset.
 */
const EVENT_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

interface EventDateParts {
  year: number;
  month: number;
  day: number;
  /** Absent for a date only. */
  clock?: { hours: number; minutes: number; seconds: number; ms: number; offsetMinutes?: number };
}

/** The day number (days since 1970-01-01) of a calendar date. */
function dayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() / MS_PER_DAY;
}

/** The written parts of an event date, or undefined when it does not follow the grammar or names no real date and time. */
function readEventDate(value: string | null | undefined): EventDateParts | undefined {
  if (typeof value !== 'string') return undefined;
  const match = EVENT_DATE.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, hh, mi, ss, fraction, zone] = match;
  const parts: EventDateParts = { year: Number(y), month: Number(mo), day: Number(d) };
  const probe = new Date(dayNumber(parts.year, parts.month, parts.day) * MS_PER_DAY);
  if (probe.getUTCMonth() !== parts.month - 1 || probe.getUTCDate() !== parts.day) return undefined;
  if (hh === undefined) return parts;
  const clock = {
    hours: Number(hh),
    minutes: Number(mi),
    seconds: Number(ss ?? '0'),
    ms: Number((fraction ?? '').padEnd(3, '0').slice(0, 3)),
  };
  if (clock.hours > 23 || clock.minutes > 59 || clock.seconds > 59) return undefined;
  if (zone === undefined) return { ...parts, clock };
  if (zone === 'Z') return { ...parts, clock: { ...clock, offsetMinutes: 0 } };
  const offsetHours = Number(zone.slice(1, 3));
  const offsetMins = Number(zone.slice(-2));
  if (offsetHours > 23 || offsetMins > 59) return undefined;
  const sign = zone.startsWith('-') ? -1 : 1;
  return { ...parts, clock: { ...clock, offsetMinutes: sign * (offsetHours * 60 + offsetMins) } };
}

/**
 * Reads an event date. A date only ('2026-12-12') is the start of that day in local time, not UTC
 * midnight as `new Date()` would read it; a date and time without a zone ('2026-12-12T10:00' or
 * '2026-12-12 10:00:00') is local time (a time inside a daylight-saving gap moves forward as Date
 * does); a date and time with a zone ('...Z', '...+01:00') is that instant. Anything else gives undefined.
 */
export function parseEventDate(value: string | null | undefined): ParsedEventDate | undefined {
  const parts = readEventDate(value);
  if (!parts) return undefined;
  const { year, month, day, clock } = parts;
  const date = new Date(0);
  if (clock?.offsetMinutes !== undefined) {
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(clock.hours, clock.minutes - clock.offsetMinutes, clock.seconds, clock.ms);
    return { time: date.getTime(), dateOnly: false };
  }
  date.setFullYear(year, month - 1, day);
  date.setHours(clock?.hours ?? 0, clock?.minutes ?? 0, clock?.seconds ?? 0, clock?.ms ?? 0);
  return { time: date.getTime(), dateOnly: clock === undefined };
}

/**
 * The calendar day an event date names, as a day number (days since 1970-01-01), or null when it is
 * unreadable. A date-time counts on the day written in it, whatever its offset.
 */
export function eventDay(value: string | null | undefined): number | null {
  const parts = readEventDate(value);
  return parts ? dayNumber(parts.year, parts.month, parts.day) : null;
}

/** The calendar date an event date names as written ('2026-12-12' of '2026-12-12T10:00+01:00'), or '' when it is unreadable. */
export function eventDateText(value: string | null | undefined): string {
  const parts = readEventDate(value);
  if (!parts) return '';
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
}

/** Whether two event dates name the same calendar day (false when either is unreadable). */
export function sameEventDay(a: string | null | undefined, b: string | null | undefined): boolean {
  const day = eventDay(a);
  return day !== null && day === eventDay(b);
}

/** Today's day number (as eventDay counts it) in the local time zone of `now`. */
export function localDay(now: Date): number {
  return dayNumber(now.getFullYear(), now.getMonth() + 1, now.getDate());
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
