import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './index.js';
import { COUNTRY_NAMES } from './country-names.js';

/** country-names.ts as it must read: COUNTRIES' names, in their order. */
function namesModule(): string {
  return [
    '// The names of COUNTRIES (./index.ts), in its order, without the rest of world-countries: all that the',
    "// checkout's country select needs. Written by country-names.test.ts: `pnpm exec vitest run --project shared",
    '// country-names --update` rewrites it after a world-countries update.',
    'export const COUNTRY_NAMES: readonly string[] = [',
    ...COUNTRIES.map((country) => `  ${JSON.stringify(country.name)},`),
    '];',
    '',
  ].join('\n');
}

describe('COUNTRY_NAMES', () => {
  it("is COUNTRIES' names, written out", async () => {
    await expect(namesModule()).toMatchFileSnapshot('./country-names.ts');
    expect(COUNTRY_NAMES).toEqual(COUNTRIES.map((country) => country.name));
  });
});
