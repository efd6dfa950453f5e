import { PRODUCT_NAME } from '../constants/index.js';
import { eventDateText, formatEventDate, parseEventDate, type EventDates } from './events.js';
import { toWellFormed } from './text.js';
import { escapeVCardText, foldLine } from './vcard.js';

/**
 * An event as an iCalendar file (RFC 5545) for "add to calendar": one VEVENT with UID, DTSTAMP,
 * DTSTART and DTEND, SUMMARY, LOCATION, DESCRIPTION and URL. An event with times has its start and
 * end as UTC instants (a time written with its offset is that instant; one without, the runtime's
 * local time). An event of whole days (its dates carry no time) is an all-day entry of those days
 * (VALUE=DATE, the end exclusive): a date names the same days in every time zone, whereas instants
 * from the runtime's midnight would put the event on whatever hours that midnight is elsewhere (a
 * 24-hour block from 00:00 UTC for a Lagos event read on a UTC server). Lines end in CRLF and are folded
 * at 75 octets; TEXT values escape backslash, semicolon, comma and newlines (the same rules as
 * vCard's, whose helpers are used).
 */

const CRLF = '\r\n';
/** Unicode control characters (Cc): none may stay in a content line. */
const CONTROL = /\p{Cc}/gu;

export interface CalendarEvent extends EventDates {
  id: string;
  title: string;
  description: string;
  location: string;
  /** The event's public link. */
  url: string;
}

/** The instants an event runs between: the product's timing rules (see eventTiming). */
export function eventInstants(event: EventDates): { start: Date; end: Date } | undefined {
  const start = parseEventDate(event.start_date);
  if (!start) return undefined;
  const nextDay = (time: number) => {
    const d = new Date(time);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  };
  const end = parseEventDate(event.end_date);
  const endTime = !end ? nextDay(start.time) : end.dateOnly ? nextDay(end.time) : end.time;
  return { start: new Date(start.time), end: new Date(Math.max(endTime, start.time)) };
}

/**
 * The days of an event whose dates carry no time (its end date too, when it has one): the first day
 * and the day after the last (iCalendar's exclusive DTEND), as 'YYYYMMDD'. Undefined when either date
 * has a time or is unreadable.
 */
export function eventAllDays(event: EventDates): { start: string; end: string } | undefined {
  const start = parseEventDate(event.start_date);
  const end = event.end_date ? parseEventDate(event.end_date) : undefined;
  if (!start?.dateOnly || (event.end_date && !end?.dateOnly)) return undefined;
  const first = eventDateText(event.start_date);
  const last = end && event.end_date && eventDateText(event.end_date) > first ? eventDateText(event.end_date) : first;
  const dayAfter = new Date(`${last}T00:00:00Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  return { start: first.replace(/-/g, ''), end: dayAfter.toISOString().slice(0, 10).replace(/-/g, '') };
}

/** 20261212T090000Z: a UTC date-time of iCalendar. */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A URI value: never escaped (an escaped comma would break it), but kept on its line. */
function uri(value: string): string {
  return toWellFormed(value).replace(CONTROL, '').trim();
}

/**
 * The .ics text of an event, or undefined when its start date is unreadable. `now` is the DTSTAMP;
 * `domain` makes the UID globally unique (the event id at the app's host); `uid` replaces that UID
 * (an attendee's own entry for the event, stable across mails).
 */
export function eventCalendar(event: CalendarEvent, options: { now?: Date; domain: string; uid?: string }): string | undefined {
  const instants = eventInstants(event);
  if (!instants) return undefined;
  const days = eventAllDays(event);
  const span = days
    ? [`DTSTART;VALUE=DATE:${days.start}`, `DTEND;VALUE=DATE:${days.end}`]
    : [`DTSTART:${icsUtc(instants.start)}`, `DTEND:${icsUtc(instants.end)}`];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeVCardText(options.uid ?? `${event.id}@${options.domain}`)}`,
    `DTSTAMP:${icsUtc(options.now ?? new Date())}`,
    ...span,
    `SUMMARY:${escapeVCardText(event.title)}`,
    ...(event.location.trim() ? [`LOCATION:${escapeVCardText(event.location)}`] : []),
    ...(event.description.trim() ? [`DESCRIPTION:${escapeVCardText(event.description)}`] : []),
    ...(uri(event.url) ? [`URL:${uri(event.url)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name for the event's .ics from its clean name. */
export function calendarFileName(cleanName: string): string {
  const base = cleanName.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '') || 'event';
  return `${base}.ics`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'Sat, 12 Dec 2026, 10:00' in local time; a date-only value gives the date alone; unreadable ''. */
export function formatEventDateTime(iso: string | null | undefined): string {
  const parsed = parseEventDate(iso);
  if (!parsed) return '';
  const day = formatEventDate(iso);
  if (parsed.dateOnly) return day;
  const date = new Date(parsed.time);
  return `${day}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The time zone the event's times are shown in: the offset from UTC at `date` ('UTC+01:00'), with
 * the runtime's zone name when it has one other than UTC ('UTC+01:00 Africa/Lagos').
 */
export function timeZoneLabel(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const abs = Math.abs(minutes);
  const offset = `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  let zone = '';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = '';
  }
  return zone && zone !== 'UTC' && zone !== 'Etc/UTC' ? `${offset} ${zone}` : offset;
}
