import { describe, expect, it } from 'vitest';
import { checkInPlace, gateCounts, insideCount } from './door.js';

describe('check-in places', () => {
  it('reads a gate, the organiser, a chip page and an unrecorded check-in', () => {
    expect(checkInPlace('North gate')).toEqual({ kind: 'gate', label: 'North gate' });
    expect(checkInPlace('organiser')).toEqual({ kind: 'organiser' });
    expect(checkInPlace('chip:u1')).toEqual({ kind: 'chip' });
    expect(checkInPlace(null)).toEqual({ kind: 'unknown' });
  });

  it('counts those checked in per place, gates by name first', () => {
    const counts = gateCounts([
      { checked_in: true, checked_in_by: 'South' },
      { checked_in: true, checked_in_by: 'North' },
      { checked_in: true, checked_in_by: 'North' },
      { checked_in: false, checked_in_by: 'North' },
      { checked_in: true, checked_in_by: 'organiser' },
      { checked_in: true, checked_in_by: 'chip:u1' },
      { checked_in: true },
    ]);
    expect(counts).toEqual([
      { place: { kind: 'gate', label: 'North' }, count: 2 },
      { place: { kind: 'gate', label: 'South' }, count: 1 },
      { place: { kind: 'organiser' }, count: 1 },
      { place: { kind: 'chip' }, count: 1 },
      { place: { kind: 'unknown' }, count: 1 },
    ]);
  });
});

describe('the checked-in count', () => {
  it('counts those checked in now of the total ticket stock, not of those registered', () => {
    const attendees = [{ checked_in: true }, { checked_in: false }, { checked_in: true, checked_in_by: 'North gate' }];
    expect(insideCount(attendees, 85)).toEqual({ checkedIn: 2, total: 85 });
    expect(insideCount([], null)).toEqual({ checkedIn: 0, total: null });
  });
});
