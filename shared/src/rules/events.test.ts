import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import {
  addTicketFormSchema,
  makeEventDetailsSchema,
  makeEventSchema,
  messageFieldKey,
  messages,
  registrationSettingsSchema,
  ticketListSchema,
  ticketSchema,
  validate,
} from './index.js';

/** 15 March 2030, 18:30 local time. */
const NOW = new Date(2030, 2, 15, 18, 30);
const details = makeEventDetailsSchema(() => NOW);
const event = makeEventSchema(() => NOW);

const okDetails = {
  title: 'Tech Meetup',
  description: 'Talks and networking',
  location: 'Lagos',
  start_date: '2030-03-20',
};
const okTicket = { title: 'Regular', amount: 5000, attendees: 100, withChips: 'with' };

describe('eventDetailsSchema (step 1)', () => {
  it('accepts complete details; the end date is optional', () => {
    expect(details.parse(okDetails)).toEqual(okDetails);
    expect(details.parse({ ...okDetails, end_date: '2030-03-21' }).end_date).toBe('2030-03-21');
    expect(details.parse({ ...okDetails, end_date: '' }).end_date).toBeUndefined();
    expect(details.parse({ ...okDetails, end_date: null }).end_date).toBeUndefined();
  });
  it('requires the name, description, location and start date', () => {
    expectInvalid(details, { title: ' ', description: '', location: '' }, {
        title: 'Please enter event name',
        description: 'Please enter event description',
        location: 'Please enter event location',
        start_date: 'Please choose a start date',
      });
  });
  it('refuses a start date in the past, compared by calendar day (today allowed)', () => {
    expect(details.parse({ ...okDetails, start_date: '2030-03-15' }).start_date).toBe('2030-03-15');
    expect(details.parse({ ...okDetails, start_date: '2030-03-15T08:00:00' }).start_date).toBe('2030-03-15T08:00:00');
    expectInvalid(details, { ...okDetails, start_date: '2030-03-14' }, { start_date: 'Please choose future date!' });
    expectInvalid(details, { ...okDetails, start_date: '2030-03-14T23:59:59Z' }, { start_date: 'Please choose future date!' });
  });
  it('lets an update keep its stored start day once it has passed, but not move the start into the past', () => {
    const update = makeEventDetailsSchema(() => NOW, '2030-03-01T09:00');
    expect(validate(update, { ...okDetails, start_date: '2030-03-01' }).ok).toBe(true);
    expectInvalid(update, { ...okDetails, start_date: '2030-03-02' }, { start_date: 'Please choose future date!' });
  });
  it('uses the injected clock', () => {
    const later = makeEventDetailsSchema(() => new Date(2030, 2, 21, 0, 1));
    expectInvalid(later, okDetails, { start_date: 'Please choose future date!' });
  });
  it('refuses dates that are not dates', () => {
    expectInvalid(details, { ...okDetails, start_date: '2030-02-30' }, { start_date: 'Please choose a valid date' });
    expectInvalid(details, { ...okDetails, end_date: 'soon' }, { end_date: 'Please choose a valid date' });
  });
  it('needs the end date at least one day after the start date', () => {
    expect(details.parse({ ...okDetails, end_date: '2030-03-21T00:00:00Z' }).end_date).toBe('2030-03-21T00:00:00Z');
    for (const end_date of ['2030-03-20', '2030-03-20T23:59', '2030-03-19']) {
      expectInvalid(details, { ...okDetails, end_date }, { end_date: 'End date has to be after than start date' });
    }
  });
  it('reports the end date even when other fields fail', () => {
    expectInvalid(details, { ...okDetails, title: '', start_date: '2030-03-10', end_date: '2030-03-09' }, {
        title: 'Please enter event name',
        start_date: 'Please choose future date!',
        end_date: 'End date has to be after than start date',
      });
  });
});

describe('ticketSchema', () => {
  it('accepts a ticket; inputs may give numbers as strings; an empty chip choice is without', () => {
    expect(ticketSchema.parse(okTicket)).toEqual(okTicket);
    expect(ticketSchema.parse({ id: 7, title: ' VIP ', amount: '2500.50', attendees: '10', withChips: '' })).toEqual({
      id: 7,
      title: 'VIP',
      amount: 2500.5,
      attendees: 10,
      withChips: 'without',
    });
    expect(ticketSchema.parse({ title: 'Free', amount: 0, attendees: 1 }).withChips).toBe('without');
  });
  it("requires the title: 'Ticket Name is required'", () => {
    expectInvalid(ticketSchema, { ...okTicket, title: '' }, { title: 'Ticket Name is required' });
  });
  it("needs a price of at least 0: 'Price must be at least 0'", () => {
    expectInvalid(ticketSchema, { ...okTicket, amount: -1 }, { amount: 'Price must be at least 0' });
  });
  it("says 'Ticket amount must be a valid number' for a missing or non-numeric amount", () => {
    for (const amount of ['abc', '', undefined, Number.NaN, '0x10', Number.POSITIVE_INFINITY]) {
      expectInvalid(ticketSchema, { ...okTicket, amount }, { amount: 'Ticket amount must be a valid number' });
    }
  });
  it("needs at least 1 in stock: 'Total in Stock must be at least 1'", () => {
    for (const attendees of [0, '0', -3, 0.5]) {
      expectInvalid(ticketSchema, { ...okTicket, attendees }, { attendees: 'Total in Stock must be at least 1' });
    }
  });
  it("says 'Enter total tickets in stock' for a missing or non-whole stock", () => {
    for (const attendees of [undefined, '', 'many', 1.5]) {
      expectInvalid(ticketSchema, { ...okTicket, attendees }, { attendees: 'Enter total tickets in stock' });
    }
  });
  it('refuses a chips choice other than with or without', () => {
    expectInvalid(ticketSchema, { ...okTicket, withChips: 'maybe' }, { withChips: 'Please choose with or without chips' });
  });
});

describe('ticketListSchema', () => {
  it("needs at least one ticket: 'Please create at least 1 (ONE) ticket'", () => {
    expect(ticketListSchema.parse([okTicket])).toHaveLength(1);
    expectInvalid(ticketListSchema, [], { root: 'Please create at least 1 (ONE) ticket' });
    expectInvalid(ticketListSchema, undefined, { root: 'Please create at least 1 (ONE) ticket' });
  });
});

describe('addTicketFormSchema', () => {
  it('accepts a ticket', () => {
    expect(addTicketFormSchema.parse({ title: 'Regular', amount: '0', attendees: '5', withChips: 'without' })).toEqual({
      title: 'Regular',
      amount: 0,
      attendees: 5,
      withChips: 'without',
    });
  });
  it('uses the variant messages', () => {
    expectInvalid(addTicketFormSchema, {}, {
        title: 'Ticket title is required',
        amount: 'Ticket amount must be a valid number',
        attendees: 'Enter total tickets in stock',
      });
    expectInvalid(addTicketFormSchema, { title: 'VIP', amount: -5, attendees: 0 }, {
        amount: 'Ticket amount must be greater than or equal to 0',
        attendees: 'Ticket in stock must be at least 1',
      });
  });
});

describe('eventSchema', () => {
  it('accepts an event; the banner may be empty and the gallery absent', () => {
    expect(event.parse({ ...okDetails, prices: [okTicket] })).toEqual({
      ...okDetails,
      prices: [okTicket],
      image: '',
      gallery: [],
      max_registrations_per_email: 1,
      confirm_email_for_free: false,
      refund_policy: 'none',
      refund_hours: 48,
    });
    const gallery = [{ name: 'g1.jpg', image: '/backend/files/G1G1G1G1G1G1G1G1G1G1G1.jpg' }];
    expect(event.parse({ ...okDetails, prices: [okTicket], image: '/backend/files/BannerBannerBannerBann.jpg', gallery }).gallery).toEqual(gallery);
    // Another host's pictures are refused, the banner's and the gallery's.
    expectInvalid(event, { ...okDetails, prices: [okTicket], image: 'https://cdn.example.com/b.jpg' }, { image: messages.imageNotOwn });
    expectInvalid(event, { ...okDetails, prices: [okTicket], gallery: [{ name: 'g', image: 'https://cdn.example.com/g1.jpg' }] }, { 'gallery.0.image': messages.imageNotOwn });
  });
  it('takes a refund policy: none, or a full refund until 0 to 720 hours before the start', () => {
    const base = { ...okDetails, prices: [okTicket] };
    expect(event.parse({ ...base, refund_policy: 'before_start', refund_hours: '24' })).toMatchObject({ refund_policy: 'before_start', refund_hours: 24 });
    expect(event.parse({ ...base, refund_policy: 'before_start', refund_hours: 0 })).toMatchObject({ refund_hours: 0 });
    expectInvalid(event, { ...base, refund_hours: 721 }, { refund_hours: messages.refundHoursRange });
    expectInvalid(event, { ...base, refund_hours: 1.5 }, { refund_hours: messages.refundHoursRange });
    expectInvalid(event, { ...base, refund_policy: 'half' }, { refund_policy: messages.refundPolicyChoice });
  });
  it('checks details, prices and gallery together', () => {
    expect(
      validate(event, {
        ...okDetails,
        end_date: '2030-03-20',
        prices: [],
        gallery: [{ name: 'g', image: '' }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        prices: 'Please create at least 1 (ONE) ticket',
        'gallery.0.image': 'Image is invalid',
        end_date: 'End date has to be after than start date',
      },
    });
    expectInvalid(event, { ...okDetails, prices: [{ ...okTicket, title: '' }] }, { 'prices.0.title': 'Ticket Name is required' });
  });
});

describe('registration settings (eventSchema, registrationSettingsSchema)', () => {
  const range = 'Registrations per email must be a whole number from 1 to 10';
  it('allows one registration per email and no email confirmation unless the organiser says otherwise', () => {
    expect(registrationSettingsSchema.parse({})).toEqual({ max_registrations_per_email: 1, confirm_email_for_free: false });
    const raised = event.parse({ ...okDetails, prices: [okTicket], max_registrations_per_email: '4', confirm_email_for_free: true });
    expect(raised).toMatchObject({ max_registrations_per_email: 4, confirm_email_for_free: true });
    expect(registrationSettingsSchema.parse({ max_registrations_per_email: 10 }).max_registrations_per_email).toBe(10);
  });
  it(`refuses a limit outside 1..10 or not whole, under its field: '${range}'`, () => {
    for (const value of [0, -1, 11, 2.5, 'many', null]) {
      expectInvalid(event, { ...okDetails, prices: [okTicket], max_registrations_per_email: value }, { max_registrations_per_email: range });
    }
  });
  it('refuses a confirmation choice that is not a yes or no', () => {
    expectInvalid(registrationSettingsSchema, { confirm_email_for_free: 'yes' }, { confirm_email_for_free: 'Please choose whether free tickets need an email confirmation' });
  });
});

describe('messageFieldKey', () => {
  it('places every event and ticket message by keyword', () => {
    const expected: Record<string, ReturnType<typeof messageFieldKey>> = {
      'Please enter event name': 'name',
      'Please enter event description': 'description',
      'Please enter event location': 'location',
      'Please choose a start date': null,
      'Please choose a valid date': null,
      'Please choose future date!': null,
      'End date has to be after than start date': null,
      'Ticket Name is required': 'name',
      'Price must be at least 0': 'amount',
      'Total in Stock must be at least 1': 'stock',
      'Please create at least 1 (ONE) ticket': 'add',
      'Ticket title is required': 'title',
      'Ticket amount must be a valid number': 'amount',
      'Ticket amount must be greater than or equal to 0': 'amount',
      'Ticket in stock must be at least 1': 'stock',
      'Enter total tickets in stock': 'stock',
      'Please choose with or without chips': 'withChips',
      'withChips is invalid': 'withChips',
      'Image is invalid': null,
    };
    for (const [message, key] of Object.entries(expected)) expect([message, messageFieldKey(message)]).toEqual([message, key]);
  });
});
