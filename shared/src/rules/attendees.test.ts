import { describe, expect, it } from 'vitest';
import { attendeeSchema, chipTokenSchema, messages, registrationConfirmSchema, registrationSchema, validate } from './index.js';

describe('registrationSchema / attendeeSchema', () => {
  const ok = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+2348031234567', event_prices_id: '12' };

  it('accepts a registration; a numeric ticket id comes back as a string', () => {
    expect(registrationSchema.parse(ok)).toEqual(ok);
    expect(registrationSchema.parse({ ...ok, phone: '0803 123 4567', event_prices_id: 12 })).toEqual({
      ...ok,
      phone: '08031234567',
      event_prices_id: '12',
    });
    expect(attendeeSchema).toBe(registrationSchema);
  });
  it('requires every field', () => {
    expect(validate(registrationSchema, {})).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        event_prices_id: 'Please select a ticket',
      },
    });
    expect(validate(registrationSchema, { ...ok, event_prices_id: '' })).toEqual({
      ok: false,
      errors: { event_prices_id: 'Please select a ticket' },
    });
  });
  it('checks the email and the phone pattern', () => {
    expect(validate(registrationSchema, { ...ok, email: 'ada@', phone: '12345' })).toEqual({
      ok: false,
      errors: { email: 'Email is not valid', phone: 'phone is invalid' },
    });
    expect(validate(registrationSchema, { ...ok, phone: '+12345678901234' })).toEqual({
      ok: false,
      errors: { phone: 'phone is invalid' },
    });
  });
});

describe('chipTokenSchema', () => {
  it('accepts a URL-safe token of 16 to 128 characters, trimmed', () => {
    expect(chipTokenSchema.parse({ token: ' abcdEFGH1234_-xy ' })).toEqual({ token: 'abcdEFGH1234_-xy' });
    expect(chipTokenSchema.parse({ token: 'a'.repeat(128) }).token).toHaveLength(128);
  });
  it("says 'Access token is invalid' otherwise", () => {
    for (const token of ['', 'short', 'a'.repeat(15), 'a'.repeat(129), 'abcdefgh 12345678', 'abcdefgh/12345678', undefined]) {
      expect(validate(chipTokenSchema, { token })).toEqual({ ok: false, errors: { token: 'Access token is invalid' } });
    }
  });
});

describe('registrationConfirmSchema', () => {
  it('accepts the URL-safe token of a confirmation link, trimmed', () => {
    const token = 'Qx3_-'.repeat(8) + 'abc';
    expect(registrationConfirmSchema.parse({ token: ` ${token} ` })).toEqual({ token });
  });
  it("says 'This confirmation link is not valid' otherwise", () => {
    for (const token of ['', 'short', 'a'.repeat(129), 'abcdefgh/12345678', undefined]) {
      expect(validate(registrationConfirmSchema, { token })).toEqual({ ok: false, errors: { token: 'This confirmation link is not valid' } });
    }
  });
});

describe('registration limit messages', () => {
  it('name the email and the limit', () => {
    expect(messages.emailAlreadyRegistered).toBe('This email is already registered for this event');
    expect(messages.emailRegistrationLimit(3)).toBe('This email already has 3 registrations for this event, the most allowed');
    expect(messages.confirmEmailSent).toBe(
      'Almost there! Check your email and confirm your registration within 30 minutes to receive your event access.',
    );
  });
});
