import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../lib/paths.js';

describe("the door's service worker scope", () => {
  it('is the door pages\' path, written out in the build config (which cannot import the app)', () => {
    const config = readFileSync(join(import.meta.dirname, '../../../../vite.config.ts'), 'utf8');
    expect(config).toContain(`scope: '${routes.door}',`);
    expect(routes.staffLink.startsWith(`${routes.door}/`)).toBe(true);
  });
});
