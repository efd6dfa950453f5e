import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Lints small files given on stdin as if they stood at real paths of the tree, so the boundary rules
// of eslint.config.js are shown to fire (and to stay quiet on allowed imports). ESLint runs as its own
// process, as `pnpm lint` runs it.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslintBin = fileURLToPath(new URL('../../node_modules/eslint/bin/eslint.js', import.meta.url));

function ruleIds(path: string, code: string): string[] {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', path], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const results = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

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
