import { describe, expect, it } from 'vitest';
import { describeRules } from '../test/rule-cases.js';
import {
  capacity,
  cleanName,
  eventDateText,
  eventDay,
  eventStatusText,
  eventTiming,
  formatEventDate,
  hasChips,
  isUpcoming,
  offersGetChips,
  parseEventDate,
  sameEventDay,
  slugify,
  splitEvents,
  startIsInFuture,
} from './events.js';

/** A local-time instant, so the tests hold in every time zone. */
const at = (year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): Date =>
  new Date(year, month - 1, day, hours, minutes, seconds, ms);

describe('parseEventDate', () => {
  it('reads a date only as the start of that local day', () => {
    expect(parseEventDate('2026-12-12')).toEqual({ time: at(2026, 12, 12).getTime(), dateOnly: true });
  });

  it('reads a date and time without a zone as local time', () => {
    expect(parseEventDate('2026-12-12T10:30')?.time).toBe(at(2026, 12, 12, 10, 30).getTime());
    expect(parseEventDate('2026-12-12 10:30:15')?.time).toBe(at(2026, 12, 12, 10, 30, 15).getTime());
    expect(parseEventDate('2026-12-12T10:30:15.250')?.time).toBe(at(2026, 12, 12, 10, 30, 15, 250).getTime());
  });

  it('reads a zoned date and time as that instant', () => {
    expect(parseEventDate('2026-12-12T09:00:00.000Z')).toEqual({ time: Date.UTC(2026, 11, 12, 9), dateOnly: false });
    expect(parseEventDate('2026-12-12 10:00:00+01:00')?.time).toBe(Date.UTC(2026, 11, 12, 9));
  });

  it('rejects what is not a date', () => {
    expect(parseEventDate('')).toBeUndefined();
    expect(parseEventDate(null)).toBeUndefined();
    expect(parseEventDate(undefined)).toBeUndefined();
    expect(parseEventDate('soon')).toBeUndefined();
    expect(parseEventDate('2026-02-31')).toBeUndefined();
    expect(parseEventDate('2026-12-12T25:00')).toBeUndefined();
  });
});

describe('eventDay', () => {
  it('reads dates and ISO date-times on the day written', () => {
    expect(eventDay('1970-01-02')).toBe(1);
    expect(eventDay('2030-03-15T23:59:59.999+01:00')).toBe(eventDay('2030-03-15'));
    expect(eventDay('2030-03-15T00:00Z')).toBe(eventDay('2030-03-15'));
  });
  it('refuses impossible dates and other text', () => {
    for (const text of ['2030-02-30', '2030-13-01', '2030-3-5', '15/03/2030', 'tomorrow', '2030-03-15T24:00', '']) {
      expect(eventDay(text)).toBeNull();
    }
  });
});

describe('eventDateText', () => {
  it('gives the date as written, whatever the time and offset, and nothing for an unreadable date', () => {
    expect(eventDateText('2030-03-15T23:00:00-05:00')).toBe('2030-03-15');
    expect(eventDateText('2030-03-15')).toBe('2030-03-15');
    expect(eventDateText('2030-02-30')).toBe('');
    expect(eventDateText(null)).toBe('');
  });
});

describe('sameEventDay', () => {
  it('compares the days written, and never matches an unreadable date', () => {
    expect(sameEventDay('2030-03-15', '2030-03-15T23:00:00-05:00')).toBe(true);
    expect(sameEventDay('2030-03-15', '2030-03-16')).toBe(false);
    expect(sameEventDay('soon', 'soon')).toBe(false);
    expect(sameEventDay('2030-03-15', null)).toBe(false);
  });
});

describe('eventTiming', () => {
  const timed = { start_date: '2026-12-12T10:00', end_date: '2026-12-12T18:00' };

  it('is -1 before the start, 0 from the start to the end inclusive, 1 after', () => {
    expect(eventTiming(timed, at(2026, 12, 12, 9, 59, 59, 999))).toBe(-1);
    expect(eventTiming(timed, at(2026, 12, 12, 10))).toBe(0);
    expect(eventTiming(timed, at(2026, 12, 12, 18))).toBe(0);
    expect(eventTiming(timed, at(2026, 12, 12, 18, 0, 0, 1))).toBe(1);
  });

  it('runs a date-only event from the start of its start day to the end of its end day', () => {
    const event = { start_date: '2026-12-12', end_date: '2026-12-13' };
    expect(eventTiming(event, at(2026, 12, 11, 23, 59, 59, 999))).toBe(-1);
    expect(eventTiming(event, at(2026, 12, 12))).toBe(0);
    expect(eventTiming(event, at(2026, 12, 13, 23, 59, 59, 999))).toBe(0);
    expect(eventTiming(event, at(2026, 12, 14))).toBe(1);
  });

  it('ends an event without end_date at the end of its start day', () => {
    for (const end_date of [undefined, null, '', 'not a date']) {
      const event = { start_date: '2026-12-12T20:00', end_date };
      expect(eventTiming(event, at(2026, 12, 12, 19))).toBe(-1);
      expect(eventTiming(event, at(2026, 12, 12, 23, 59, 59, 999))).toBe(0);
      expect(eventTiming(event, at(2026, 12, 13))).toBe(1);
    }
  });

  it('treats an end before the start as an empty window', () => {
    const event = { start_date: '2026-12-12T10:00', end_date: '2026-12-11T10:00' };
    expect(eventTiming(event, at(2026, 12, 12, 9))).toBe(-1);
    expect(eventTiming(event, at(2026, 12, 12, 10))).toBe(1);
  });

  it('treats an unreadable start as ended', () => {
    expect(eventTiming({ start_date: 'tbc' }, at(2026, 1, 1))).toBe(1);
  });

  it('uses the current time by default', () => {
    expect(eventTiming({ start_date: '2999-01-01' })).toBe(-1);
    expect(eventTiming({ start_date: '2000-01-01' })).toBe(1);
  });
});

describe('lists', () => {
  const now = at(2026, 6, 15, 12);
  const events = [
    { id: 'a', start_date: '2026-06-01' },
    { id: 'b', start_date: '2026-07-01' },
    { id: 'c', start_date: '2026-06-15T08:00' },
    { id: 'd', start_date: '2026-05-01' },
    { id: 'e', start_date: '2026-06-20' },
    { id: 'f', start_date: 'unknown' },
  ];

  it('splits upcoming (by start ascending) and past (by start descending)', () => {
    const { upcoming, past } = splitEvents(events, now);
    expect(upcoming.map((event) => event.id)).toEqual(['c', 'e', 'b']);
    expect(past.map((event) => event.id)).toEqual(['a', 'd', 'f']);
  });

  it('calls ongoing and future events upcoming', () => {
    expect(isUpcoming({ start_date: '2026-06-15T08:00' }, now)).toBe(true);
    expect(isUpcoming({ start_date: '2026-06-14' }, now)).toBe(false);
  });
});

describe('eventStatusText', () => {
  it('words the chat room status line', () => {
    expect(eventStatusText(0)).toBe('Ongoing');
    expect(eventStatusText(-1)).toBe('Yet to start');
    expect(eventStatusText(1)).toBe('This Event Has Ended');
    expect(eventStatusText(5)).toBe('This Event Has Ended');
  });
});

describe('startIsInFuture', () => {
  it('is true only when the start lies after now', () => {
    const now = at(2026, 6, 15, 12);
    expect(startIsInFuture({ start_date: '2026-06-15T12:00:00.001' }, now)).toBe(true);
    expect(startIsInFuture({ start_date: '2026-06-15T12:00' }, now)).toBe(false);
    expect(startIsInFuture({ start_date: '2026-06-15' }, now)).toBe(false);
    expect(startIsInFuture({ start_date: '2026-06-16' }, now)).toBe(true);
    expect(startIsInFuture({ start_date: '' }, now)).toBe(false);
  });
});

describe('tickets', () => {
  it('sums the stock as capacity', () => {
    expect(capacity([{ attendees: 100 }, { attendees: 20 }, { attendees: 5 }])).toBe(125);
    expect(capacity([])).toBe(0);
    expect(capacity([{ attendees: Number.NaN }, { attendees: 3 }])).toBe(3);
  });

  it('offers Get Chips only while an event with chips runs (never before its start, never once ended)', () => {
    const now = at(2026, 6, 15, 12);
    const chips = [{ withChips: 'with' }];
    expect(offersGetChips({ start_date: '2026-06-20', end_date: null, prices: chips }, now)).toBe(false);
    expect(offersGetChips({ start_date: '2026-06-15T12:30', end_date: null, prices: chips }, now)).toBe(false);
    expect(offersGetChips({ start_date: '2026-06-15T09:00', end_date: '2026-06-15T18:00', prices: chips }, now)).toBe(true);
    expect(offersGetChips({ start_date: '2026-06-14', end_date: '2026-06-16', prices: chips }, now)).toBe(true);
    expect(offersGetChips({ start_date: '2026-06-14', end_date: '2026-06-16', prices: [{ withChips: 'without' }] }, now)).toBe(false);
    expect(offersGetChips({ start_date: '2026-06-10', end_date: '2026-06-11', prices: chips }, now)).toBe(false);
  });

  it('finds chips', () => {
    expect(hasChips([{ withChips: 'without' }, { withChips: 'with' }])).toBe(true);
    expect(hasChips([{ withChips: 'without' }, { withChips: '' }, { withChips: null }, {}])).toBe(false);
    expect(hasChips([])).toBe(false);
  });
});

describe('formatEventDate', () => {
  describeRules(formatEventDate, [['writes a short English date', [['2026-12-12', 'Sat, 12 Dec 2026'], ['2026-01-05T23:30', 'Mon, 5 Jan 2026'], ['', ''], ['nope', '']]]]);
});

describe('cleanName', () => {
  describeRules(cleanName, [
    ['slugs a title', [['Lagos Tech Summit 2026!', 'lagos-tech-summit-2026'], ['  --Café & Crème--  ', 'cafe-creme'], ['A   ---  B', 'a-b']]],
    ['falls back to event', [['', 'event'], ['!!!', 'event'], ['🎉🎉', 'event']]],
  ]);

  it('keeps at most 60 characters and no trailing hyphen', () => {
    const slug = cleanName(`${'a'.repeat(59)} b${'c'.repeat(10)}`);
    expect(slug).toBe('a'.repeat(59));
    expect(cleanName('x'.repeat(100))).toHaveLength(60);
  });

  it('slugifies', () => {
    expect(slugify("Côte d'Ivoire")).toBe('cote-d-ivoire');
  });
});
