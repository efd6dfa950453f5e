import { describe, expect, it } from 'vitest';
import { ruleIds as ruleIds } from './eslint-stdin.js';

const CODE = 'export const x = 1;\n';
const NAMING = 'check-file/filename-naming-convention';

describe('file names', () => {
  it('takes PascalCase for components, useCamelCase for hooks and kebab-case for the rest', async () => {
    for (const path of [
      'web/src/components/SideMenu.tsx',
      'web/src/features/shop/hooks/useMediaQuery.ts',
      'web/src/features/shop/cart/useCartActions.test.tsx',
      'web/src/features/public-card/quick-links.ts',
      'web/src/features/public-card/quick-links.test.ts',
      'web/src/features/shop/routes.tsx',
      'web/src/vite-env.d.ts',
      'gateway/src/realtime/token-bucket.ts',
      'scripts/dev.mjs',
    ]) {
      expect(await ruleIds(path, CODE), path).not.toContain(NAMING);
    }
  });

  it('refuses camelCase outside hooks, use-kebab hooks, PascalCase .ts and lower-case shared components', async () => {
    for (const path of [
      'web/src/features/public-card/quickLinks.ts',
      'web/src/features/public-card/quickLinks.test.ts',
      'web/src/features/shop/hooks/use-media-query.ts',
      'upstream/src/lib/Throttle.ts',
      'web/src/components/side-menu.tsx',
    ]) {
      expect(await ruleIds(path, CODE), path).toContain(NAMING);
    }
  });

  it('names a migration as Kysely records it', async () => {
    expect(await ruleIds('upstream/src/db/migrations/010_new_table.ts', CODE)).not.toContain(NAMING);
    expect(await ruleIds('upstream/src/db/migrations/010-new-table.ts', CODE)).toContain(NAMING);
  });

  it('takes kebab-case folders only', async () => {
    expect(await ruleIds('web/src/features/publicCard/x.ts', CODE)).toContain('check-file/folder-naming-convention');
  });
});

describe('environment reads', () => {
  const READ = 'export const port = process.env.PORT;\n';

  it('refuses process.env outside the config modules', async () => {
    for (const path of ['upstream/src/routes/x.ts', 'gateway/src/realtime/x.ts', 'web/src/lib/x.ts', 'tests/e2e/x.test.ts', 'gateway/src/test/x.ts']) {
      expect(await ruleIds(path, READ), path).toContain('no-restricted-properties');
    }
    expect(await ruleIds('upstream/src/lib/x.ts', 'const { env } = process;\nexport const port = env.PORT;\n')).toContain('no-restricted-properties');
  });

  it('allows it in the config modules', async () => {
    for (const path of ['upstream/src/config.ts', 'gateway/src/config.ts', 'web/vite.config.ts', 'tests/support/env.ts', 'testkit/src/env.ts', 'upstream/src/test/env.ts']) {
      expect(await ruleIds(path, READ), path).not.toContain('no-restricted-properties');
    }
  });
});
