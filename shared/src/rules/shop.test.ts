import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import { describeRules } from '../test/rule-cases.js';
import {
  CHECKOUT_FAILED_TOAST,
  addToCartSchema,
  colourChoiceSchema,
  checkoutSchema,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  paymentCardSchema,
} from './index.js';

describe('addToCartSchema', () => {
  it('accepts a colour and a quantity of at least one', () => {
    expect(addToCartSchema.parse({ color: 'White', quantity: 1 })).toEqual({ color: 'White', quantity: 1 });
    expect(addToCartSchema.parse({ color: 'Pink', quantity: '3' })).toEqual({ color: 'Pink', quantity: 3 });
    for (const colour of ['White', 'Black', 'Blue', 'Green', 'Pink']) expect(colourChoiceSchema.parse(colour)).toBe(colour);
  });
  it("says 'Select Quantity' on quantity for 0, empty (counted as 0), negative or non-numbers", () => {
    for (const quantity of [0, '0', '', undefined, null, -1, 1.5, 'two']) {
      expectInvalid(addToCartSchema, { color: 'Blue', quantity }, { quantity: 'Select Quantity' });
    }
  });
  it('needs a colour to be selected', () => {
    for (const color of [undefined, '', 'Red', 'white']) {
      expectInvalid(addToCartSchema, { color, quantity: 1 }, { color: 'Please select a colour' });
    }
  });
});

describe('payment card formatting', () => {
  describeRules(formatCardNumber, [['regroups the card number in fours, at most 19 characters', [['4242424242424242', '4242 4242 4242 4242'], ['4242 42-42 4242abc4242 99', '4242 4242 4242 4242'], ['42424', '4242 4'], ['', '']]]]);
  describeRules(formatExpiry, [['inserts the expiry slash after two digits, at most 5 characters', [['1', '1'], ['12', '12'], ['12/', '12/'], ['123', '12/3'], ['1225', '12/25'], ['12/2599', '12/25'], ['ab', '']]]]);
  describeRules(formatCvc, [['keeps CVC digits only, at most 3', [['12a34', '123'], [' 9 ', '9']]]]);
  it('formats are stable and bounded for any input', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const number = formatCardNumber(text);
        const expiry = formatExpiry(text);
        const cvc = formatCvc(text);
        expect(number.length).toBeLessThanOrEqual(19);
        expect(number).toMatch(/^(?:\d{1,4}(?: \d{1,4})*)?$/);
        expect(formatCardNumber(number)).toBe(number);
        expect(expiry.length).toBeLessThanOrEqual(5);
        expect(formatExpiry(expiry)).toBe(expiry);
        expect(cvc).toMatch(/^\d{0,3}$/);
      }),
    );
  });
});

describe('paymentCardSchema', () => {
  it('requires all three fields and nothing more', () => {
    expect(paymentCardSchema.parse({ number: '4242 4242 4242 4242', expiry: '12/25', cvc: '123' })).toEqual({
      number: '4242 4242 4242 4242',
      expiry: '12/25',
      cvc: '123',
    });
    expectInvalid(paymentCardSchema, { number: '', expiry: ' ' }, { number: 'Card number is required', expiry: 'Expiry date is required', cvc: 'CVC is required' });
  });
});

describe('checkoutSchema', () => {
  const customer = { name: 'Ada Lovelace', phone: '+2348031234567', email: 'ada@example.com' };
  const delivery = { method: 'delivery', ...customer, address: '1 Marina', city: 'Lagos Island', state: 'Lagos', country: 'Nigeria' };
  const pickup = { method: 'pickup', ...customer, pickup: 'branch-1' };

  it('accepts a delivery; shipping defaults to 2500 and is 5000 outside Lagos', () => {
    expect(checkoutSchema.parse(delivery)).toEqual({ ...delivery, shipping: 2500 });
    const kano = { ...delivery, city: 'Kano', state: 'Kano' };
    expect(checkoutSchema.parse({ ...kano, shipping: 5000 })).toMatchObject({ shipping: 5000 });
    expect(checkoutSchema.parse({ ...kano, shipping: '5000' })).toMatchObject({ shipping: 5000 });
  });
  it('refuses a shipping zone chosen against the address, under shipping', () => {
    expectInvalid(checkoutSchema, { ...delivery, shipping: 5000 }, { shipping: 'Shipping must match the delivery address: Within Lagos for this address' });
    expectInvalid(checkoutSchema, { ...delivery, state: 'Oyo', shipping: 2500 }, { shipping: 'Shipping must match the delivery address: Outside Lagos for this address' });
  });
  it('refuses another shipping fee on delivery', () => {
    expectInvalid(checkoutSchema, { ...delivery, shipping: 0 }, { shipping: 'Choose a shipping option' });
  });
  it('accepts a pickup with shipping 0', () => {
    expect(checkoutSchema.parse(pickup)).toEqual({ ...pickup, shipping: 0 });
  });
  it('checks the customer fields', () => {
    expectInvalid(checkoutSchema, { method: 'pickup', pickup: 'branch-1' }, { name: 'Name is required', phone: 'Phone number is required', email: 'Email is required' });
    expectInvalid(checkoutSchema, { ...pickup, email: 'ada@' }, { email: 'Invalid email address' });
  });
  it("needs +234 or 0 then 10 digits, else 'Invalid phone number'", () => {
    expect(checkoutSchema.parse({ ...pickup, phone: '0803 123 4567' })).toMatchObject({ phone: '08031234567' });
    expect(checkoutSchema.parse({ ...pickup, phone: '+234 803-123-4567' })).toMatchObject({ phone: '+2348031234567' });
    for (const phone of ['2348031234567', '0803123456', '080312345678', '+44803123456', '+23408031234567']) {
      expectInvalid(checkoutSchema, { ...pickup, phone }, { phone: 'Invalid phone number' });
    }
  });
  it("delivery requires the address fields; the country's message reads 'State is required' (a kept quirk)", () => {
    expectInvalid(checkoutSchema, { method: 'delivery', ...customer }, {
        address: 'Address is required',
        city: 'City is required',
        state: 'State is required',
        country: 'State is required',
      });
  });
  it("pickup requires a location: 'Choose pick up location'", () => {
    expectInvalid(checkoutSchema, { ...pickup, pickup: '' }, { pickup: 'Choose pick up location' });
  });
  it('needs a delivery method', () => {
    expectInvalid(checkoutSchema, customer, { method: 'Choose a delivery method' });
    expectInvalid(checkoutSchema, { ...customer, method: 'drone' }, { method: 'Choose a delivery method' });
  });
  it("fails with the toast 'Fill all fields'", () => {
    expect(CHECKOUT_FAILED_TOAST).toBe('Fill all fields');
  });
});
