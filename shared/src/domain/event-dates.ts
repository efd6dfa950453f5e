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
