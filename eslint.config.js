// One lint setup for the whole tree. Besides the usual TypeScript rules it enforces the import
// boundaries (docs/architecture.md): `shared` imports nothing of ours; `web`, `gateway` and `upstream` import only
// `shared`; a web feature never imports another feature. The test helpers (`testkit`) import nothing of ours and
// only test code may import them: test files, the packages' test folders and everything under `tests/`.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// File names, one convention per kind of file: React components PascalCase.tsx, hooks useCamelCase.ts(x),
// everything else kebab-case. A test (`x.test.ts`) and a declaration (`x.d.ts`) are named after their subject,
// so only the part before the first dot is checked.
const KEBAB = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const PASCAL = '+([A-Z]*([a-z0-9]))';
const HOOK = 'use+([A-Z]*([a-z0-9]))';

/** The packages' test code: their test files and test folders. Everything under tests/ is test code too. */
const PACKAGE_TEST_CODE = ['{upstream,gateway,web}/**/*.test.{ts,tsx}', '{upstream,gateway,web}/src/test/**/*.{ts,tsx}'];

/**
 * Who may import whom, by the importing file's element. Test code may also import the test helpers;
 * the test helpers import only themselves.
 */
function importRules({ testCode }) {
  const helpers = testCode ? ['testkit'] : [];
  return [
    'error',
    {
      default: 'disallow',
      rules: [
        { from: 'shared', allow: ['shared'] },
        { from: 'upstream', allow: ['upstream', 'shared', ...helpers] },
        { from: 'gateway', allow: ['gateway', 'shared', ...helpers] },
        { from: 'web-common', allow: ['web-common', 'shared', ...helpers] },
        { from: 'web-feature', allow: ['web-common', 'shared', ['web-feature', { feature: '${from.feature}' }], ...helpers] },
        { from: 'web-app', allow: ['web-app', 'web-feature', 'web-common', 'shared', ...helpers] },
        { from: 'web-root', allow: ['web-root', 'web-app', 'web-common', 'shared', ...helpers] },
        { from: 'tests', allow: ['tests', 'shared', 'testkit'] },
        { from: 'testkit', allow: ['testkit'] },
      ],
    },
  ];
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/.cache/**', 'tests/reports/**', '**/lint-fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['{shared,testkit,upstream,gateway,web,tests}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { noWarnOnMultipleProjects: true, project: ['shared/tsconfig.json', 'testkit/tsconfig.json', 'upstream/tsconfig.json', 'gateway/tsconfig.json', 'web/tsconfig.json', 'tests/tsconfig.json'] },
      },
      'boundaries/include': ['{shared,testkit,upstream,gateway,web,tests}/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared', mode: 'folder' },
        { type: 'testkit', pattern: 'testkit', mode: 'folder' },
        { type: 'upstream', pattern: 'upstream', mode: 'folder' },
        { type: 'gateway', pattern: 'gateway', mode: 'folder' },
        { type: 'web-feature', pattern: 'web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web-app', pattern: 'web/src/app', mode: 'folder' },
        { type: 'web-common', pattern: 'web/src/{lib,components,test}', mode: 'folder' },
        // Anchored at the root: tests/bench/web is a tests folder.
        { type: 'web-root', pattern: ['web/*', 'web/src/*'], mode: 'full' },
        { type: 'tests', pattern: 'tests', mode: 'folder' },
      ],
    },
    rules: { 'boundaries/element-types': importRules({ testCode: false }) },
  },
  { files: PACKAGE_TEST_CODE, rules: { 'boundaries/element-types': importRules({ testCode: true }) } },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    // A migration file is named exactly as the migration Kysely records (see its index.ts).
    ignores: ['upstream/src/db/migrations/[0-9]*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/*.tsx': `@(${PASCAL}|${HOOK}|${KEBAB})`,
          '**/*.{ts,js,mjs,cjs}': `@(${HOOK}|${KEBAB})`,
          // Shared components are components, whatever else a .tsx file elsewhere may be.
          'web/src/components/**/*.tsx': PASCAL,
          // A hook is named useCamelCase, never use-kebab-case.
          '**/use-*.{ts,tsx}': HOOK,
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{shared,testkit,upstream,gateway,web,tests,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['upstream/src/db/migrations/[0-9]*.ts'],
    plugins: { 'check-file': checkFile },
    rules: { 'check-file/filename-naming-convention': ['error', { '**/*.ts': '+([0-9])_+([a-z0-9_])' }] },
  },
  // A feature's calls live in its api.ts (web/src/lib/call-query.ts derives each query's key from its
  // call and input): a component reads and writes through those, and never calls api() or writes a key.
  {
    files: ['web/src/features/**/*.tsx'],
    ignores: ['web/src/features/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/\\/lib\\/api\\.js$/] ImportSpecifier[imported.name=/^(api|apiOrThrow)$/]',
          message: "Call the contract through the feature's api.ts.",
        },
        { selector: 'ImportDeclaration[source.value=/\\/lib\\/call-(key|query)\\.js$/]', message: "Make queries and their keys in the feature's api.ts." },
        { selector: "Property[key.name='queryKey'][value.type='ArrayExpression'], Property[key.name='queryFn']", message: "Take the query (its key and fetch) from the feature's api.ts." },
      ],
    },
  },
  // The environment is read only by the config modules, so that every setting has one place to look.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      'upstream/src/config.ts',
      'gateway/src/config.ts',
      'web/vite.config.ts',
      'vitest.config.ts',
      'scripts/*.mjs',
      // The tests' environment (CI, DATABASE_URL, REDIS_URL, what child processes inherit), one module per package.
      'upstream/src/test/env.ts',
      'tests/support/env.ts',
      'testkit/src/env.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in the config module (config.ts, or test/env.ts / tests/support/env.ts / testkit/src/env.ts in tests).' },
      ],
    },
  },
  // Package names are not always resolvable from the importing package (they are not its dependencies),
  // so the package-level rule is also written as plain import restrictions.
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@tapcard/*'], message: 'shared imports nothing of ours.' }] }] },
  },
  {
    files: ['testkit/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@tapcard/*'], message: 'The test helpers import nothing of ours.' }] }] },
  },
  {
    files: ['{upstream,gateway,web}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@tapcard/*', '!@tapcard/shared', '!@tapcard/shared/*'], message: 'Only @tapcard/shared may be imported across packages (and @tapcard/testkit by test code).' }] },
      ],
    },
  },
  {
    files: PACKAGE_TEST_CODE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tapcard/*', '!@tapcard/shared', '!@tapcard/shared/*', '!@tapcard/testkit', '!@tapcard/testkit/*'], message: 'Only @tapcard/shared and @tapcard/testkit may be imported across packages.' },
          ],
        },
      ],
    },
  },
);
