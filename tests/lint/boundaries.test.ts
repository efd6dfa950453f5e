import { describe, expect, it } from 'vitest';
import { ruleIds } from './eslint-stdin.js';

describe('import boundaries', () => {
  it('refuses an import of another package from shared', async () => {
    expect(await ruleIds('shared/src/domain/bad.ts', "import { x } from '@tapcard/gateway';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('shared/src/domain/bad.ts', "import { x } from '../../../web/src/lib/api.js';\nexport const y = x;\n")).toContain(
      'boundaries/element-types',
    );
  });

  it('refuses an import of the upstream from the gateway', async () => {
    expect(await ruleIds('gateway/src/bad.ts', "import { x } from '@tapcard/upstream';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('gateway/src/bad.ts', "import { x } from '../../upstream/src/app.js';\nexport const y = x;\n")).toContain(
      'boundaries/element-types',
    );
  });

  it('refuses an import of one web feature from another', async () => {
    expect(await ruleIds('web/src/features/contacts/bad.ts', "import { x } from '../connect/ConnectPage.js';\nexport const y = x;\n")).toContain(
      'boundaries/element-types',
    );
  });

  it('allows shared, common code and the same feature from a web feature', async () => {
    expect(
      await ruleIds(
        'web/src/features/connect/ok.ts',
        "import { CURRENCY } from '@tapcard/shared';\nimport { x } from '../../lib/api.js';\nimport { x as z } from './ConnectPage.js';\nexport const y = [CURRENCY, x, z];\n",
      ),
    ).toEqual([]);
  });

  it('classifies by position from the root: tests/bench/web is tests, not web', async () => {
    expect(await ruleIds('tests/bench/web/ok.ts', "import { DEMO } from '../../e2e/support/demo.js';\nexport const y = DEMO;\n")).toEqual([]);
    expect(await ruleIds('web/src/bad.ts', "import { DEMO } from '../../tests/e2e/support/demo.js';\nexport const y = DEMO;\n")).toContain('boundaries/element-types');
  });

  it('lets test code import the test helpers, by package or by path', async () => {
    const byPackage = "import { waitFor } from '@tapcard/testkit/wait';\nexport const y = waitFor;\n";
    expect(await ruleIds('gateway/src/realtime/ok.test.ts', byPackage)).toEqual([]);
    expect(await ruleIds('upstream/src/test/ok.ts', byPackage)).toEqual([]);
    expect(await ruleIds('web/src/features/connect/ok.test.tsx', byPackage)).toEqual([]);
    expect(await ruleIds('tests/support/ok.ts', byPackage)).toEqual([]);
    expect(await ruleIds('gateway/src/realtime/ok.test.ts', "import { waitFor } from '../../../testkit/src/wait.js';\nexport const y = waitFor;\n")).toEqual([]);
  });

  it('refuses the test helpers to code that is not a test', async () => {
    expect(await ruleIds('gateway/src/realtime/bad.ts', "import { waitFor } from '@tapcard/testkit/wait';\nexport const y = waitFor;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('upstream/src/routes/bad.ts', "import { waitFor } from '../../../testkit/src/wait.js';\nexport const y = waitFor;\n")).toContain(
      'boundaries/element-types',
    );
    expect(await ruleIds('web/src/lib/bad.ts', "import { waitFor } from '../../../testkit/src/wait.js';\nexport const y = waitFor;\n")).toContain('boundaries/element-types');
    expect(await ruleIds('shared/src/domain/bad.test.ts', "import { waitFor } from '@tapcard/testkit/wait';\nexport const y = waitFor;\n")).toContain('no-restricted-imports');
  });

  it('refuses the test helpers any import of ours', async () => {
    expect(await ruleIds('testkit/src/bad.ts', "import { x } from '@tapcard/shared';\nexport const y = x;\n")).toContain('no-restricted-imports');
    for (const path of ['../../gateway/src/app.js', '../../upstream/src/app.js', '../../web/src/lib/api.js', '../../tests/support/env.js']) {
      expect(await ruleIds('testkit/src/bad.ts', `import { x } from '${path}';\nexport const y = x;\n`)).toContain('boundaries/element-types');
    }
  });
});
