import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The production build keeps its source maps for the budget check (budget.test.ts reads them) but as
// hidden maps: no script names one, so a browser never asks for it (and the gateway answers 404 anyway).
const assets = join(fileURLToPath(new URL('../../web/dist/', import.meta.url)), 'assets');

describe('source maps of the production build', () => {
  const scripts = existsSync(assets) ? readdirSync(assets).filter((file) => file.endsWith('.js')) : [];

  it('are written beside the scripts, and no script or style points to one', () => {
    expect(scripts.length, `${assets} has no scripts: build the web app first (pnpm --filter @tapcard/web build)`).toBeGreaterThan(0);
    const pointing = readdirSync(assets)
      .filter((file) => /\.(?:js|css)$/.test(file))
      .filter((file) => readFileSync(join(assets, file), 'utf8').includes('sourceMappingURL='));
    expect(pointing).toEqual([]);
    expect(scripts.filter((file) => existsSync(join(assets, `${file}.map`))).length).toBeGreaterThan(scripts.length / 2);
  });
});
