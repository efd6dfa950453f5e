import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import { preorderSchema } from './index.js';

const ok = { name: 'Ada Lovelace', phone: '+2348031234567', email: 'ada@example.com' };

describe('preorderSchema', () => {
  it('accepts a pre-order, trimmed', () => {
    expect(preorderSchema.parse({ name: ' Ada ', phone: '0803 123 4567', email: ' ada@example.com ' })).toEqual({
      name: 'Ada',
      phone: '08031234567',
      email: 'ada@example.com',
    });
  });
  it('requires every field with the pre-order texts', () => {
    expectInvalid(preorderSchema, { name: '', phone: '', email: '' }, {
        name: 'Please enter your name',
        phone: 'Please enter your phone number',
        email: 'Please enter your email',
      });
  });
  it('checks the phone pattern and the email', () => {
    expectInvalid(preorderSchema, { ...ok, phone: '1234', email: 'ada@' }, { phone: 'Phone number is not valid', email: 'Your email is not valid' });
  });
});
