import { describe, expect, it } from 'vitest';
import { CONTACT_NOTE_MAX_LENGTH, contactExchangeSchema, contactNoteSchema, validate } from './index.js';

const ok = { full_name: 'Ada Lovelace', title: 'Engineer', phone: '+2348031234567', email: 'ada@example.com' };
const errorsFor = (patch: Record<string, unknown>) => validate(contactExchangeSchema, { ...ok, ...patch });

describe('contactExchangeSchema', () => {
  it('accepts a complete contact, trimmed', () => {
    expect(contactExchangeSchema.parse({ full_name: '  Ada   Lovelace ', title: ' Chief Engineer ', phone: ' 0803 123 4567 ', email: ' ada@example.com ' })).toEqual({
      full_name: 'Ada Lovelace',
      title: 'Chief Engineer',
      phone: '08031234567',
      email: 'ada@example.com',
    });
    expect(contactExchangeSchema.parse({ ...ok, full_name: 'Chiamaka Ngozi Okafor', title: 'Développeuse' }).title).toBe('Développeuse');
  });

  it('full name: required, letters and spaces only, at least two words', () => {
    expect(errorsFor({ full_name: '  ' })).toEqual({ ok: false, errors: { full_name: 'Full name is required' } });
    expect(errorsFor({ full_name: undefined })).toEqual({ ok: false, errors: { full_name: 'Full name is required' } });
    for (const full_name of ['Ada Lovelace2', "Ada O'Brien", 'Ada-Mae Smith', 'Ada\tLovelace']) {
      expect(errorsFor({ full_name })).toEqual({ ok: false, errors: { full_name: 'Full name must only contain alphabets' } });
    }
    expect(errorsFor({ full_name: 'Ada' })).toEqual({ ok: false, errors: { full_name: 'Full name must be at least two words' } });
  });

  it('job title: required, letters and whitespace only', () => {
    expect(errorsFor({ title: '' })).toEqual({ ok: false, errors: { title: 'Job Title is required' } });
    expect(errorsFor({ title: 'CTO2' })).toEqual({ ok: false, errors: { title: 'Job Title can only contain alphabets' } });
    expect(contactExchangeSchema.parse({ ...ok, title: 'Head\tof Ops' }).title).toBe('Head\tof Ops');
  });

  it('job title quirk: below 3 fails with the "at least 4 characters" message; 3 letters pass', () => {
    expect(errorsFor({ title: 'A' })).toEqual({ ok: false, errors: { title: 'Job Title must be at least 4 characters' } });
    expect(errorsFor({ title: 'PM' })).toEqual({ ok: false, errors: { title: 'Job Title must be at least 4 characters' } });
    expect(contactExchangeSchema.parse({ ...ok, title: 'CEO' }).title).toBe('CEO');
  });

  it('phone: required, optional plus then 9 to 15 digits', () => {
    expect(errorsFor({ phone: '' })).toEqual({ ok: false, errors: { phone: 'Phone number is required' } });
    for (const phone of ['12345678', '+1234567890123456', '0803abc4567', '+ 2348031234567']) {
      expect(errorsFor({ phone })).toEqual({ ok: false, errors: { phone: 'Phone number must contain between 9 and 15 digits' } });
    }
    expect(contactExchangeSchema.parse({ ...ok, phone: '123456789' }).phone).toBe('123456789');
    expect(contactExchangeSchema.parse({ ...ok, phone: '+123456789012345' }).phone).toBe('+123456789012345');
  });

  it('email: required and valid', () => {
    expect(errorsFor({ email: '' })).toEqual({ ok: false, errors: { email: 'Email is required' } });
    expect(errorsFor({ email: 'ada.example.com' })).toEqual({ ok: false, errors: { email: 'Email is not valid' } });
  });
});

describe("the owner's note on a contact", () => {
  it('keeps a note of up to 1000 characters as typed, and reads a blank one as cleared', () => {
    expect(contactNoteSchema.parse('  Met at Lagos Tech Summit\n')).toBe('  Met at Lagos Tech Summit\n');
    expect(contactNoteSchema.parse('é'.repeat(CONTACT_NOTE_MAX_LENGTH))).toHaveLength(CONTACT_NOTE_MAX_LENGTH);
    expect(contactNoteSchema.parse('😀'.repeat(CONTACT_NOTE_MAX_LENGTH))).toHaveLength(2 * CONTACT_NOTE_MAX_LENGTH);
    expect(contactNoteSchema.parse('   ')).toBeNull();
    expect(contactNoteSchema.parse(null)).toBeNull();
  });

  it("refuses 1001 characters with 'Note must be at most 1000 characters'", () => {
    const result = contactNoteSchema.safeParse('a'.repeat(CONTACT_NOTE_MAX_LENGTH + 1));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Note must be at most 1000 characters']);
  });
});
