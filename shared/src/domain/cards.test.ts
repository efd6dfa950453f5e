import { describe, expect, it } from 'vitest';
import { BRAND_ICONS, CARD_FIELD_DEFAULTS, CARD_FIELD_TYPES, cardFieldSchema, socialsToFields } from './cards.js';

describe('card field types', () => {
  it('has the eleven types with their default labels', () => {
    expect(CARD_FIELD_TYPES).toHaveLength(11);
    expect(CARD_FIELD_DEFAULTS.url.label).toBe('Website');
    expect(CARD_FIELD_DEFAULTS.tel.label).toBe('Phone');
    expect(CARD_FIELD_DEFAULTS.wa.label).toBe('WhatsApp');
    expect(CARD_FIELD_DEFAULTS.text.label).toBe('Others');
    expect(Object.keys(CARD_FIELD_DEFAULTS).sort()).toEqual([...CARD_FIELD_TYPES].sort());
  });

  it('offers about 30 distinct brand icons', () => {
    expect(BRAND_ICONS.length).toBeGreaterThanOrEqual(28);
    expect(new Set(BRAND_ICONS).size).toBe(BRAND_ICONS.length);
    expect(BRAND_ICONS).toContain('linkedin');
  });

  it('validates a field', () => {
    const field = { label: 'Phone', content: '2348031234567', icon: 'phone', status: '1', type: 'tel', position: '1' };
    expect(cardFieldSchema.parse(field)).toEqual(field);
    expect(cardFieldSchema.safeParse({ ...field, type: 'fax' }).success).toBe(false);
    expect(cardFieldSchema.safeParse({ ...field, position: 1 }).success).toBe(false);
  });
});

describe('socialsToFields', () => {
  it('builds tel and wa from the phone, then the non-empty socials from position 3', () => {
    const fields = socialsToFields(
      { facebook: 'https://facebook.com/ada', twitter: '  ', website: ' https://ada.dev ', instagram: 'https://instagram.com/ada' },
      '0803 123 4567',
    );
    expect(fields).toEqual([
      { label: 'Phone', content: '2348031234567', icon: 'phone', status: '1', type: 'tel', position: '1' },
      { label: 'WhatsApp', content: '2348031234567', icon: 'whatsapp', status: '1', type: 'wa', position: '2' },
      { label: 'Facebook', content: 'https://facebook.com/ada', icon: 'facebook', status: '1', type: 'facebook', position: '3' },
      { label: 'Website', content: 'https://ada.dev', icon: 'website', status: '1', type: 'url', position: '4' },
      { label: 'Instagram', content: 'https://instagram.com/ada', icon: 'instagram', status: '1', type: 'instagram', position: '5' },
    ]);
    for (const field of fields) expect(cardFieldSchema.safeParse(field).success).toBe(true);
  });

  it('keeps only tel and wa without socials', () => {
    expect(socialsToFields({}, '+2348031234567').map((field) => field.type)).toEqual(['tel', 'wa']);
  });

  it('counts socials from 1 when there is no phone', () => {
    expect(socialsToFields({ snapchat: 'https://snapchat.com/add/ada' }, '')).toEqual([
      { label: 'Snapchat', content: 'https://snapchat.com/add/ada', icon: 'snapchat', status: '1', type: 'snapchat', position: '1' },
    ]);
  });
});
