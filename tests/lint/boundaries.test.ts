import { describe, expect, it } from 'vitest';
import { ruleIds } from './eslint-stdin.js';

describe('import boundaries', () => {
  it('refuses an import of another package from shared', () => {
    expect(ruleIds('shared/src/domain/bad.ts', "import { x } from '@tapcard/gateway';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(ruleIds('shared/src/domain/bad.ts', "import { x } from '../../../web/src/lib/api.js';\nexport const y = x;\n")).toContain(
      'boundaries/element-types',
    );
  });

  it('refuses an import of the upstream from the gateway', () => {
    expect(ruleIds('gateway/src/bad.ts', "import { x } from '@tapcard/upstream';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(ruleIds('gateway/src/bad.ts', "import { x } from '../../upstream/src/app.js';\nexport const y = x;\n")).toContain(
      'boundaries/element-types',
    );
  });

  it('refuses an import of one web feature from another', () => {
    expect(ruleIds('web/src/features/contacts/bad.ts', "import { x } from '../connect/ConnectPage.js';\nexport const y = x;\n")).toContain(
      'boundaries/element-types',
    );
  });

  it('allows shared, common code and the same feature from a web feature', () => {
    expect(
      ruleIds(
        'web/src/features/connect/ok.ts',
        "import { CURRENCY } from '@tapcard/shared';\nimport { x } from '../../lib/api.js';\nimport { x as z } from './ConnectPage.js';\nexport const y = [CURRENCY, x, z];\n",
      ),
    ).toEqual([]);
  });

  it('classifies by position from the root: tests/bench/web is tests, not web', () => {
    expect(ruleIds('tests/bench/web/ok.ts', "import { DEMO } from '../../e2e/support/demo.js';\nexport const y = DEMO;\n")).toEqual([]);
    expect(ruleIds('web/src/bad.ts', "import { DEMO } from '../../tests/e2e/support/demo.js';\nexport const y = DEMO;\n")).toContain('boundaries/element-types');
  });
});
