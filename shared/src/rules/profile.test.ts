import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import {
  quickLinkTypeSchema,
  inlineEditSchema,
  profilePhoneSchema,
  profileSchema,
  quickLinkSchema,
  serviceFormSchema,
} from './index.js';

describe('profileSchema', () => {
  const ok = { name: 'Ada Lovelace', subTitle: 'Engineer', phone: '+2348031234567', description: 'Hi' };

  it('accepts a complete profile, trimmed, description optional', () => {
    expect(profileSchema.parse({ ...ok, name: ' Ada Lovelace ' })).toEqual(ok);
    expect(profileSchema.parse({ name: 'A', subTitle: 'B', phone: '08031234567' })).toEqual({
      name: 'A',
      subTitle: 'B',
      phone: '08031234567',
    });
    expect(profileSchema.parse({ ...ok, description: '  ' }).description).toBeUndefined();
    expect(profileSchema.parse({ ...ok, description: null }).description).toBeUndefined();
  });
  it('requires the name', () => {
    expectInvalid(profileSchema, { ...ok, name: ' ' }, { name: 'Name is required' });
  });
  it("requires the subTitle with 'Tell us what you do?'", () => {
    expectInvalid(profileSchema, { ...ok, subTitle: '' }, { subTitle: 'Tell us what you do?' });
    expectInvalid(profileSchema, { ...ok, subTitle: undefined }, { subTitle: 'Tell us what you do?' });
  });
  it('requires the phone', () => {
    expectInvalid(profileSchema, { ...ok, phone: '' }, { phone: 'Phone number is required' });
  });
  it("says 'phone is invalid' for a phone outside the pattern", () => {
    for (const phone of ['123456789', '+12345678901234', '080312345a7', '++2348031234567', '0803 123  4567', '0803--1234567', '-08031234567', '0803-', '(080) 31234567']) {
      expectInvalid(profileSchema, { ...ok, phone }, { phone: 'phone is invalid' });
    }
  });
  it('accepts 3 + 3 + 4 to 7 digits with an optional plus, spaces or hyphens between digits removed', () => {
    expect(profilePhoneSchema.parse('1234567890')).toBe('1234567890');
    expect(profilePhoneSchema.parse('+1234567890123')).toBe('+1234567890123');
    expect(profilePhoneSchema.parse('+234 803 123 4567')).toBe('+2348031234567');
    expect(profilePhoneSchema.parse(' 0803-123-4567 ')).toBe('08031234567');
  });
});

describe('inlineEditSchema', () => {
  it('accepts a non-empty value, trimmed', () => {
    expect(inlineEditSchema.parse('  New title ')).toBe('New title');
  });
  it("says 'This field cannot be empty'", () => {
    for (const value of ['', '   ', undefined]) {
      expectInvalid(inlineEditSchema, value, { root: 'This field cannot be empty' });
    }
  });
});

describe('quickLinkSchema', () => {
  const ok = { label: 'Phone', content: '+2348031234567', icon: 'phone', type: 'tel', status: '1' };

  it('accepts every field but position filled in', () => {
    expect(quickLinkSchema.parse(ok)).toEqual(ok);
    expect(quickLinkSchema.parse({ ...ok, position: '3' }).position).toBe('3');
    expect(quickLinkSchema.parse({ ...ok, position: 4 }).position).toBe('4');
    expect(quickLinkSchema.parse({ ...ok, position: '' }).position).toBeUndefined();
  });
  it("says 'Please fill in all information' for any empty field", () => {
    for (const key of ['label', 'content', 'icon', 'type', 'status'] as const) {
      expectInvalid(quickLinkSchema, { ...ok, [key]: ' ' }, { [key]: 'Please fill in all information' });
    }
    expectInvalid(quickLinkSchema, { ...ok, type: 'myspace' }, { type: 'Please fill in all information' });
  });
  it('knows the 11 card field types', () => {
    for (const type of ['address', 'email', 'facebook', 'instagram', 'url', 'tel', 'snapchat', 'tiktok', 'twitter', 'wa', 'text']) {
      expect(quickLinkTypeSchema.parse(type)).toBe(type);
    }
    expect(quickLinkTypeSchema.safeParse('link').error?.issues[0]?.message).toBe('Please fill in all information');
  });
});

describe('serviceFormSchema', () => {
  const ok = {
    service_name: 'Design',
    service_description: 'Logos and brands',
    phone: '08031234567',
    link: 'https://example.com/design',
  };

  it('accepts a complete service; enquiries default to enabled', () => {
    expect(serviceFormSchema.parse(ok)).toEqual({ ...ok, phone: '+2348031234567', enable_enquiry: true });
    expect(serviceFormSchema.parse({ ...ok, enable_enquiry: false }).enable_enquiry).toBe(false);
    expect(serviceFormSchema.parse({ ...ok, enable_enquiry: 'false' }).enable_enquiry).toBe(false);
    expect(serviceFormSchema.parse({ ...ok, enable_enquiry: 'true' }).enable_enquiry).toBe(true);
  });
  it('reads a link without a scheme as https and keeps query strings', () => {
    expect(serviceFormSchema.parse({ ...ok, link: 'example.com/book?slot=1' }).link).toBe('https://example.com/book?slot=1');
    expect(serviceFormSchema.parse({ ...ok, link: 'http://shop.example.ng' }).link).toBe('http://shop.example.ng');
  });
  it('requires every field', () => {
    expectInvalid(serviceFormSchema, {}, {
        service_name: 'Service name is required',
        service_description: 'Service description is required',
        phone: 'Phone number is required',
        link: 'Link is required',
      });
  });
  it("says 'Link must be a valid URL' for anything but an http(s) link with a dotted host", () => {
    for (const link of ['not a link', 'javascript:alert(1)', 'mailto:a@b.co', 'ftp://example.com', 'https://localhost', 'example']) {
      expectInvalid(serviceFormSchema, { ...ok, link }, { link: 'Link must be a valid URL' });
    }
  });
  it("checks the phone with the quick links' phone rule and stores it in E.164", () => {
    expect(serviceFormSchema.parse({ ...ok, phone: ' 0803 123 4567 ' }).phone).toBe('+2348031234567');
    expect(serviceFormSchema.parse({ ...ok, phone: '+44 20 7946 0958' }).phone).toBe('+442079460958');
    for (const phone of ['call me', '12345', 'javascript:alert(1)', '+234--803']) {
      expectInvalid(serviceFormSchema, { ...ok, phone }, { phone: 'Please enter a valid phone number' });
    }
  });
});
