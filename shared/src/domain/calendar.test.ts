import { describe, expect, it } from 'vitest';
import { calendarFileName, eventCalendar, formatEventDateTime, icsUtc, timeZoneLabel } from './calendar.js';

/** A small RFC 5545 reader: unfolds, splits NAME;params:value and unescapes TEXT. */
function parseIcs(text: string): { lines: string[]; props: { name: string; value: string }[] } {
  const lines = text.split('\r\n');
  const unfolded: string[] = [];
  for (const line of lines.slice(0, -1)) {
    if (line.startsWith(' ')) unfolded[unfolded.length - 1] += line.slice(1);
    else unfolded.push(line);
  }
  const props = unfolded.map((line) => {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0] ?? '';
    const raw = line.slice(colon + 1);
    const value = name === 'URL' ? raw : raw.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    return { name, value };
  });
  return { lines, props };
}

const get = (props: { name: string; value: string }[], name: string) => props.filter((p) => p.name === name).map((p) => p.value);

/** 'YYYYMMDDTHHMMSSZ' of a local date-time. */
const utcOf = (year: number, month: number, day: number, hours = 0, minutes = 0) => icsUtc(new Date(year, month - 1, day, hours, minutes));

const base = {
  id: 'evt-42',
  title: 'Lagos Tech Mixer',
  description: 'Talks, demos; drinks, and more',
  location: 'Yaba, Lagos',
  url: 'https://tapcard.example/events/l/lagos-tech-mixer?a=1,2',
  start_date: '2026-12-12T10:00',
  end_date: '2026-12-12T18:30',
};
const now = new Date(Date.UTC(2026, 10, 24, 21, 0, 0));

describe('eventCalendar', () => {
  it("takes a UID of the caller's (an attendee's own entry for the event) in place of the event's", () => {
    const { props } = parseIcs(eventCalendar(base, { now, domain: 'tapcard.example', uid: 'a1b2-evt-42@tapcard.example' }) ?? '');
    expect(get(props, 'UID')).toEqual(['a1b2-evt-42@tapcard.example']);
  });

  it('writes one VEVENT with UID, DTSTAMP, DTSTART/DTEND in UTC, SUMMARY, LOCATION, DESCRIPTION and URL', () => {
    const text = eventCalendar(base, { now, domain: 'tapcard.example' }) ?? '';
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { props } = parseIcs(text);
    expect(props.map((p) => p.name)).toEqual([
      'BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', 'UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'URL', 'END', 'END',
    ]);
    expect(get(props, 'BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(get(props, 'VERSION')).toEqual(['2.0']);
    expect(get(props, 'UID')).toEqual(['evt-42@tapcard.example']);
    expect(get(props, 'DTSTAMP')).toEqual(['20261124T210000Z']);
    expect(get(props, 'DTSTART')).toEqual([utcOf(2026, 12, 12, 10)]);
    expect(get(props, 'DTEND')).toEqual([utcOf(2026, 12, 12, 18, 30)]);
    expect(get(props, 'DTSTART')[0]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(get(props, 'SUMMARY')).toEqual(['Lagos Tech Mixer']);
    expect(get(props, 'LOCATION')).toEqual(['Yaba, Lagos']);
    expect(get(props, 'DESCRIPTION')).toEqual(['Talks, demos; drinks, and more']);
    expect(get(props, 'URL')).toEqual([base.url]);
    // TEXT is escaped on the wire, the URI is not.
    expect(text).toContain('LOCATION:Yaba\\, Lagos\r\n');
    expect(text).toContain('DESCRIPTION:Talks\\, demos\\; drinks\\, and more\r\n');
    expect(text).toContain(`URL:${base.url}\r\n`);
  });

  it('escapes backslashes and newlines and folds long lines at 75 octets without splitting a character', () => {
    const description = `Line one\nLine two \\ with a backslash\r\n${'Café ünïcode 🎉 '.repeat(12)}`;
    const text = eventCalendar({ ...base, description, title: 'A title, with; specials' }, { now, domain: 'x' }) ?? '';
    const { lines, props } = parseIcs(text);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
    expect(get(props, 'DESCRIPTION')).toEqual([description.replace('\r\n', '\n')]);
    expect(get(props, 'SUMMARY')).toEqual(['A title, with; specials']);
  });

  it('writes an event of whole days as an all-day entry of those days, the end exclusive, whatever the zone', () => {
    const allDays = eventCalendar({ ...base, start_date: '2026-12-12', end_date: '2026-12-13' }, { now, domain: 'x' }) ?? '';
    expect(allDays).toContain('\r\nDTSTART;VALUE=DATE:20261212\r\nDTEND;VALUE=DATE:20261214\r\n');
    // No end date: the start day alone (not a 24-hour block from the runtime's midnight).
    const oneDay = eventCalendar({ ...base, start_date: '2026-12-06', end_date: null }, { now, domain: 'x' }) ?? '';
    expect(oneDay).toContain('\r\nDTSTART;VALUE=DATE:20261206\r\nDTEND;VALUE=DATE:20261207\r\n');
    expect(oneDay).not.toMatch(/DTSTART:\d{8}T/);
    // Across a month's end, and an end before the start counts as the start day.
    expect(eventCalendar({ ...base, start_date: '2026-12-31', end_date: '2026-12-31' }, { now, domain: 'x' })).toContain('DTEND;VALUE=DATE:20270101\r\n');
    expect(eventCalendar({ ...base, start_date: '2026-12-12', end_date: '2026-12-10' }, { now, domain: 'x' })).toContain('DTEND;VALUE=DATE:20261213\r\n');
  });

  it('writes an event with times as its UTC instants: 12:00-13:00 in Lagos (UTC+01:00) is 11:00-12:00 UTC', () => {
    const lagos = parseIcs(eventCalendar({ ...base, start_date: '2026-12-06T12:00+01:00', end_date: '2026-12-06T13:00+01:00' }, { now, domain: 'x' }) ?? '').props;
    expect(get(lagos, 'DTSTART')).toEqual(['20261206T110000Z']);
    expect(get(lagos, 'DTEND')).toEqual(['20261206T120000Z']);
    const zoned = parseIcs(eventCalendar({ ...base, start_date: '2026-12-12T09:00:00Z', end_date: '2026-12-12T11:00:00+01:00' }, { now, domain: 'x' }) ?? '').props;
    expect(get(zoned, 'DTSTART')).toEqual(['20261212T090000Z']);
    expect(get(zoned, 'DTEND')).toEqual(['20261212T100000Z']);
    // A time without an offset is local time; without an end the event lasts to the end of its day.
    const noEnd = parseIcs(eventCalendar({ ...base, end_date: null }, { now, domain: 'x' }) ?? '').props;
    expect(get(noEnd, 'DTSTART')).toEqual([utcOf(2026, 12, 12, 10)]);
    expect(get(noEnd, 'DTEND')).toEqual([utcOf(2026, 12, 13)]);
  });

  it('leaves out empty LOCATION and DESCRIPTION, and gives nothing for an unreadable start', () => {
    const { props } = parseIcs(eventCalendar({ ...base, location: ' ', description: '' }, { now, domain: 'x' }) ?? '');
    expect(get(props, 'LOCATION')).toEqual([]);
    expect(get(props, 'DESCRIPTION')).toEqual([]);
    expect(eventCalendar({ ...base, start_date: 'soon' }, { now, domain: 'x' })).toBeUndefined();
  });

  it('names the file after the clean name', () => {
    expect(calendarFileName('lagos-tech-mixer')).toBe('lagos-tech-mixer.ics');
    expect(calendarFileName('')).toBe('event.ics');
  });
});

describe('event date-times', () => {
  it('shows the time of day unless the date is a date only', () => {
    expect(formatEventDateTime('2026-12-12T09:05')).toBe('Sat, 12 Dec 2026, 09:05');
    expect(formatEventDateTime('2026-12-12')).toBe('Sat, 12 Dec 2026');
    expect(formatEventDateTime('nope')).toBe('');
  });

  it("labels the zone by its offset from UTC at that date", () => {
    const date = new Date(2026, 11, 12, 10);
    const minutes = -date.getTimezoneOffset();
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    const offset = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    expect(timeZoneLabel(date).startsWith(offset)).toBe(true);
  });
});
