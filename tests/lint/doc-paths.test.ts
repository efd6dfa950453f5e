import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsPathsInCode, ignoredFolders, missingPaths, pathsInMarkdown, REPO_ROOT } from './doc-paths.js';

// Written in two parts, so this file's own text names no missing docs path.
const DOCS = 'docs';
const TOP = new Set(['docs', 'web', 'upstream', 'tests']);
const IGNORED = ignoredFolders('node_modules/\ndist/\n*.tsbuildinfo\ntests/reports/\n');
const written = (paths: { written: string }[]) => paths.map((p) => p.written);

describe('the paths the docs name', () => {
  it('all exist', () => {
    const missing = missingPaths(REPO_ROOT);
    // Each line says which doc names which missing path: fix the path, or the doc.
    expect(missing, `Paths named in the docs that do not exist:\n${missing.join('\n')}\n`).toEqual([]);
  });
});

describe('the path extractor', () => {
  it('reads Markdown links from their file and code spans from the root', () => {
    const text = [
      'See [the record](decisions/001-sessions.md#context) and [the readme](../README.md).',
      'The code is in `web/src/lib/ui.ts`, its folder `upstream/src/`, and',
      '`docs/decisions.md`.',
    ].join('\n');
    expect(pathsInMarkdown(`${DOCS}/decisions.md`, text, TOP)).toEqual([
      { file: `${DOCS}/decisions.md`, line: 1, written: 'decisions/001-sessions.md#context', resolved: `${DOCS}/decisions/001-sessions.md` },
      { file: `${DOCS}/decisions.md`, line: 1, written: '../README.md', resolved: 'README.md' },
      { file: `${DOCS}/decisions.md`, line: 2, written: 'web/src/lib/ui.ts', resolved: 'web/src/lib/ui.ts' },
      { file: `${DOCS}/decisions.md`, line: 2, written: 'upstream/src/', resolved: 'upstream/src/' },
      { file: `${DOCS}/decisions.md`, line: 3, written: `${DOCS}/decisions.md`, resolved: `${DOCS}/decisions.md` },
    ]);
  });

  it('leaves out what is not a repository path', () => {
    const text = [
      '[site](https://example.com/a.md), [mail](mailto:x@example.com), [top](#records), [page](/get-card)',
      '`/door?event=<id>` `/card/connect` `src=qr` `tests/e2e/sweep-*.test.ts` `web/src/<feature>/api.ts`',
      '`POST /auth/api/logout` `upstream/src/db/migrations/NNN_x.ts:12` `lib/device.ts` `TC1.<kid>.<sig>`',
      '`web/dist/.vite/manifest.json` `web/node_modules/.cache` `tests/reports/run.json` `a / b`',
      '```sh',
      'cat web/src/nowhere.ts',
      '```',
    ].join('\n');
    expect(pathsInMarkdown('README.md', text, TOP, IGNORED)).toEqual([]);
  });

  it('takes the folders .gitignore lists, by name anywhere or by path from the root', () => {
    expect(['web/dist', 'web/dist/x.js', 'node_modules/a', 'tests/reports', 'tests/reports/a.json'].filter(IGNORED)).toHaveLength(5);
    expect(['web/src/x.ts', 'web/distant.ts', 'reports/a.json', 'web/tests/reports/a', 'x.tsbuildinfo'].filter(IGNORED)).toEqual([]);
  });

  it('reads docs paths from code, without the sentence around them', () => {
    const text = [
      '/** The wipe (docs/decisions/001-sessions.md). */',
      '// Why: see docs/decisions.md, Validation.',
      "const notDocs = 'mydocs/x.md';",
    ].join('\n');
    expect(written(docsPathsInCode('web/src/lib/x.ts', text))).toEqual([`${DOCS}/decisions/001-sessions.md`, `${DOCS}/decisions.md`]);
    expect(docsPathsInCode('web/src/lib/x.ts', text).map((p) => p.line)).toEqual([1, 2]);
  });

  describe('on a repository with a wrong path', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-paths-'));
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    file(`${DOCS}/decisions/001-real.md`, '# Real\n');
    file(`${DOCS}/decisions.md`, '- [001](decisions/001-real.md)\n- [002](decisions/002-gone.md)\n- `web/src/real.ts` and `web/src/gone.ts`\n');
    file('web/src/real.ts', `// See ${DOCS}/decisions/001-real.md and ${DOCS}/decisions/003-gone.md.\n`);
    file('README.md', `Docs: [decisions](${DOCS}/decisions.md), [records](${DOCS}/decisions/), [old](${DOCS}/old.md). Built: \`web/dist/index.html\`.\n`);
    file('.gitignore', 'dist/\n');
    file('web/dist/built.js', `// ${DOCS}/not-read.md\n`);
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('names each missing path and the file and line that name it', () => {
      expect(missingPaths(root)).toEqual([
        `README.md:1 names ${DOCS}/old.md, which does not exist`,
        `${DOCS}/decisions.md:2 names decisions/002-gone.md (${DOCS}/decisions/002-gone.md), which does not exist`,
        `${DOCS}/decisions.md:3 names web/src/gone.ts, which does not exist`,
        `web/src/real.ts:1 names ${DOCS}/decisions/003-gone.md, which does not exist`,
      ]);
    });
  });
});
