import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_PREFIX } from './storage.js';
import { endHeldPayment, forgetRegistration, heldPayment, keepRegistration, keptRegistration } from './ticket-registration.js';

const values = { name: 'Tolu Payer', email: 'tolu@example.com', phone: '+2348031234567', event_prices_id: 'price-vip' };
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

afterEach(() => localStorage.clear());

describe('the kept ticket registration', () => {
  it("offers the held payment of its event while the hold lasts, and the form's values", () => {
    keepRegistration('event-1', values, { link: 'https://pay.example/ref', until: inMinutes(15), release_token: 'secret' });
    expect(heldPayment('event-1')).toEqual({ link: 'https://pay.example/ref', until: expect.any(String), release_token: 'secret' });
    expect(keptRegistration('event-1')?.values).toEqual(values);
    expect(heldPayment('event-2')).toBeNull();
    expect(keptRegistration('event-2')).toBeNull();
    // Once the hold has run out, only the values are offered.
    expect(heldPayment('event-1', Date.now() + 16 * 60_000)).toBeNull();
  });

  it('keeps the values when the payment ends without a ticket, and forgets everything once a ticket is issued', () => {
    keepRegistration('event-1', values, { link: 'https://pay.example/ref', until: inMinutes(15), release_token: 'secret' });
    endHeldPayment();
    expect(heldPayment('event-1')).toBeNull();
    expect(keptRegistration('event-1')?.values).toEqual(values);
    forgetRegistration();
    expect(keptRegistration('event-1')).toBeNull();
  });

  it('reads a hand-edited or old value as nothing, and an entry older than a day as gone', () => {
    localStorage.setItem(`${STORAGE_PREFIX}ticketRegistration`, JSON.stringify({ event_id: 'event-1', values: 'nope', saved_at: Date.now() }));
    expect(keptRegistration('event-1')).toBeNull();
    localStorage.setItem(`${STORAGE_PREFIX}ticketRegistration`, '{not json');
    expect(keptRegistration('event-1')).toBeNull();
    keepRegistration('event-1', values);
    expect(keptRegistration('event-1', Date.now() + 25 * 60 * 60_000)).toBeNull();
  });
});
