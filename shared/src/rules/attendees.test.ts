import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import { attendeeSchema, chipTokenSchema, messages, registrationConfirmSchema, registrationSchema } from './index.js';

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
    expectInvalid(registrationSchema, {}, {
        name: 'Name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        event_prices_id: 'Please select a ticket',
      });
    expectInvalid(registrationSchema, { ...ok, event_prices_id: '' }, { event_prices_id: 'Please select a ticket' });
  });
  it('checks the email and the phone pattern', () => {
    expectInvalid(registrationSchema, { ...ok, email: 'ada@', phone: '12345' }, { email: 'Email is not valid', phone: 'Phone number is not valid' });
    expectInvalid(registrationSchema, { ...ok, phone: '+12345678901234' }, { phone: 'Phone number is not valid' });
  });
});

describe('chipTokenSchema', () => {
  it('accepts a bare URL-safe token of 16 to 128 characters, trimmed', () => {
    expect(chipTokenSchema.parse({ token: ' abcdEFGH1234_-xy ' })).toEqual({ token: 'abcdEFGH1234_-xy' });
    expect(chipTokenSchema.parse({ token: 'a'.repeat(128) }).token).toHaveLength(128);
  });
  it('accepts the access link as mailed (or the arena link) and answers the token in it', () => {
    const tid = 'Qx3_-abcdEFGH1234';
    for (const link of [
      `https://tapcard.example/event/u/token/${tid}`,
      ` http://localhost:3000/event/u/token/${tid}/ `,
      `tapcard.example/event/u/token/${tid}?utm=mail#top`,
      `/event/u/token/${tid}`,
      `https://tapcard.example/event/u/ticket/${tid}`,
      `https://tapcard.example/event/u/arena/${tid}`,
      `https://tapcard.example/event/u/arena/${tid}/chat`,
      `HTTPS://tapcard.example/event/u/arena/${tid}/chat/attendee-1`,
      `https://tapcard.example/event/u/token/${encodeURIComponent(tid)}`,
    ]) {
      expect(chipTokenSchema.parse({ token: link })).toEqual({ token: tid });
    }
  });
  it('says that the access link or the token is expected otherwise', () => {
    const expected = 'Enter the access link from your registration email (it contains /event/u/token/) or the access token at its end';
    for (const token of [
      '',
      'short',
      'a'.repeat(15),
      'a'.repeat(129),
      'abcdefgh 12345678',
      'abcdefgh/12345678',
      undefined,
      'https://tapcard.example/event/u/token/short',
      'https://tapcard.example/event/u/confirm/abcdEFGH12345678',
      'https://tapcard.example/events/d/chip/i/abcdEFGH12345678',
      'https://tapcard.example/event/u/token/',
      'https://tapcard.example/event/u/token/abcd%20EFGH12345678',
      'https://tapcard.example/event/u/token/%E0%A4%A',
    ]) {
      expectInvalid(chipTokenSchema, { token }, { token: expected });
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
      expectInvalid(registrationConfirmSchema, { token }, { token: 'This confirmation link is not valid' });
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
