import worldCountries from 'world-countries';
import type { Country as WorldCountry } from 'world-countries';

/** One country of the checkout's reference data. */
export interface Country {
  /** Common English name ('Nigeria'). */
  name: string;
  /** Kebab-case of the name, accents folded ('cote-d-ivoire'). */
  slug: string;
  /** ISO 3166-1 alpha-2 ('NG'). */
  iso2: string;
  /** ISO 3166-1 alpha-3 ('NGA'). */
  iso3: string;
  /** International dialling prefix: the root plus its suffix when there is exactly one ('+234'); else the root ('+1'); '' when none. */
  phonePrefix: string;
  /** First ISO 4217 currency code ('NGN'), or '' when the territory has none. */
  currency: string;
  /** Region ('Africa', 'Americas', 'Antarctic', 'Asia', 'Europe', 'Oceania'). */
  region: string;
  /** [latitude, longitude]. */
  coordinates: readonly [number, number];
}

/**
 * world-countries ships its JSON as CommonJS (`module.exports = [...]`) for Node and as an ES module
 * (`export default [...]`) for bundlers; its declaration file describes the ES shape, which TypeScript
 * under NodeNext reads as `{ default: [...] }`. Accept both shapes.
 */
const imported: unknown = worldCountries;
const source: readonly WorldCountry[] = Array.isArray(imported)
  ? (imported as WorldCountry[])
  : ((imported as { default?: WorldCountry[] }).default ?? []);

/** Folds accents and case so sorting and slugs do not depend on the runtime's locale data. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

function kebab(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function compareNames(a: string, b: string): number {
  const foldedA = fold(a);
  const foldedB = fold(b);
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function toCountry(country: WorldCountry): Country {
  const { root, suffixes } = country.idd;
  const suffix = suffixes.length === 1 ? (suffixes[0] ?? '') : '';
  const [lat, lng] = country.latlng;
  return {
    name: country.name.common,
    slug: kebab(country.name.common),
    iso2: country.cca2,
    iso3: country.cca3,
    phonePrefix: root ? root + suffix : '',
    currency: Object.keys(country.currencies)[0] ?? '',
    region: country.region,
    coordinates: [lat, lng],
  };
}

/** Every country and territory of world-countries, sorted by name (accents folded: 'Åland Islands' with the A's). */
export const COUNTRIES: readonly Country[] = source.map(toCountry).sort((a, b) => compareNames(a.name, b.name));

const BY_ISO2 = new Map(COUNTRIES.map((country) => [country.iso2, country]));

/** The country of an ISO alpha-2 code, any case ('ng' or 'NG'); undefined when unknown. */
export function findCountry(iso2: string): Country | undefined {
  return typeof iso2 === 'string' ? BY_ISO2.get(iso2.trim().toUpperCase()) : undefined;
}
