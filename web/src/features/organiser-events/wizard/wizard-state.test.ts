import { describe, expect, it } from 'vitest';
import { event } from '../../../test/event-fixtures.js';
import { eventValues, newEventValues, slotOf, toPayload, validateStep } from './wizard-state.js';

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('wizard state', () => {
  it('places messages by keyword: (ONE) under Add, name under the event name or the ticket name', () => {
    expect(slotOf('Please create at least 1 (ONE) ticket', 'root', 2)).toBe('add');
    expect(slotOf('Please enter event name', 'title', 1)).toBe('title');
    expect(slotOf('Ticket Name is required', '0.title', 2)).toBe('ticketTitle');
    expect(slotOf('Price must be at least 0', '0.amount', 2)).toBe('amount');
    expect(slotOf('Total in Stock must be at least 1', '0.attendees', 2)).toBe('stock');
    expect(slotOf('Please choose future date!', 'start_date', 1)).toBe('start_date');
    expect(slotOf('End date has to be after than start date', 'end_date', 1)).toBe('end_date');
  });

  it('defaults a new event to start today and end tomorrow, with the display-only times', () => {
    const values = newEventValues();
    expect(values.start_date).toBe(day(0));
    expect(values.end_date).toBe(day(1));
    expect(values.hasEndDate).toBe(false);
    expect([values.start_time, values.end_time]).toEqual(['12:00', '13:00']);
    expect(toPayload({ ...values, title: 'A', description: 'B', location: 'C' })).not.toHaveProperty('start_time');
  });

  it('lets an update keep a start day in the past, but not move it into the past', () => {
    const stored = event({ start_date: day(-2), end_date: day(3) });
    const values = eventValues(stored);
    const original = { start_date: stored.start_date, end_date: stored.end_date };
    values.prices = [{ title: 'Free', amount: 0, attendees: 1, withChips: 'without' }];
    expect(validateStep(1, values, original)).toEqual({});
    expect(validateStep(1, { ...values, start_date: day(-3) }, original)).toEqual({ start_date: 'Please choose future date!' });
    // Switching the end date off clears it from what is sent.
    expect(toPayload({ ...values, hasEndDate: false, end_date: '' }, original)).not.toHaveProperty('end_date');
    expect(toPayload(values, original).prices[0]).toEqual({ title: 'Free', amount: 0, attendees: 1, withChips: 'without' });
  });

  it("prefills an event's registration settings on update and sends them back", () => {
    const values = eventValues(event({ max_registrations_per_email: 3, confirm_email_for_free: true }));
    expect(values).toMatchObject({ max_registrations_per_email: '3', confirm_email_for_free: true });
    expect(toPayload(values)).toMatchObject({ max_registrations_per_email: 3, confirm_email_for_free: true });
    // An event answered without them (or a draft stored before them) takes the defaults.
    expect(toPayload({ ...eventValues(event()), max_registrations_per_email: undefined, confirm_email_for_free: undefined })).toMatchObject({
      max_registrations_per_email: 1,
      confirm_email_for_free: false,
    });
  });
});
