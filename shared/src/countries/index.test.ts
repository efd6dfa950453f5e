import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry } from './index.js';

describe('COUNTRIES', () => {
  it('holds Nigeria with its prefix and currency', () => {
    expect(findCountry('NG')).toEqual({
      name: 'Nigeria',
      slug: 'nigeria',
      iso2: 'NG',
      iso3: 'NGA',
      phonePrefix: '+234',
      currency: 'NGN',
      region: 'Africa',
      coordinates: [10, 8],
    });
    expect(findCountry(' ng ')?.name).toBe('Nigeria');
    expect(findCountry('ZZ')).toBeUndefined();
  });

  it('lists more than 200 entries with unique iso2, iso3 and slugs', () => {
    expect(COUNTRIES.length).toBeGreaterThan(200);
    expect(new Set(COUNTRIES.map((country) => country.iso2)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.iso3)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.slug)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.iso2).toMatch(/^[A-Z]{2}$/);
      expect(country.iso3).toMatch(/^[A-Z]{3}$/);
      expect(country.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(country.phonePrefix).toMatch(/^(?:\+\d+)?$/);
      expect(country.currency).toMatch(/^(?:[A-Z]{3})?$/);
      expect(country.coordinates).toHaveLength(2);
    }
  });

  it('sorts by name, accents folded', () => {
    const names = COUNTRIES.map((country) => country.name);
    expect(names.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(names.at(-1)).toBe('Zimbabwe');
    const folded = names.map((name) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
    for (let i = 1; i < folded.length; i += 1) expect((folded[i - 1] ?? '') <= (folded[i] ?? '')).toBe(true);
  });

  it('takes the root alone when a prefix has several suffixes', () => {
    expect(findCountry('US')?.phonePrefix).toBe('+1');
    expect(findCountry('GB')?.phonePrefix).toBe('+44');
    expect(findCountry('CI')?.slug).toBe('ivory-coast');
    expect(findCountry('AQ')).toMatchObject({ phonePrefix: '', currency: '' });
  });
});
