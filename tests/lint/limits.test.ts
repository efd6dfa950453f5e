import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUCKETS, CAPS, LIMITS } from '@tapcard/shared/constants';
import { describe, expect, it } from 'vitest';

/**
 * The limits module is the only home of a limit: every entry is read by some code that enforces it,
 * and no server source writes a limit's numbers itself.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const ENFORCING = ['gateway/src', 'upstream/src'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourcesUnder(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

const sources = ENFORCING.flatMap((dir) => sourcesUnder(join(root, dir))).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('the limits module', () => {
  it('finds the server sources it checks', () => {
    expect(sources.some((s) => s.path === join('upstream', 'src', 'lib', 'throttle.ts'))).toBe(true);
    expect(sources.some((s) => s.path === join('gateway', 'src', 'plugins', 'rate-limit.ts'))).toBe(true);
  });

  for (const [record, names] of [
    ['LIMITS', Object.keys(LIMITS)],
    ['CAPS', Object.keys(CAPS)],
    ['BUCKETS', Object.keys(BUCKETS)],
  ] as const) {
    it(`has every ${record} entry read by a gateway or upstream source`, () => {
      const unused = names.filter((name) => !sources.some((s) => new RegExp(`\\b${record}\\.${name}\\b`).test(s.text)));
      expect(unused).toEqual([]);
    });
  }

  it('is the only place a server source writes a limit as a count in a window', () => {
    const written = sources.filter((s) => /\bmax(Bytes)?:\s*[\d_]+\s*,\s*windowMs:/.test(s.text)).map((s) => s.path);
    expect(written).toEqual([]);
  });
});
