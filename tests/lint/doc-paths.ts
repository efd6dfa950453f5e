import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';

/**
 * The repository paths that the docs and the code's comments name, so a test can check that each one
 * exists. What counts as a path, precisely (anything else is prose, and is not checked):
 *
 * In a Markdown file (README.md, docs/**, every other *.md outside node_modules):
 * - a link's target, `[text](target)`, unless it is a URL (has a scheme such as https: or mailto:), an
 *   anchor alone (`#…`) or a site path (starts with `/`); its own `#anchor` is dropped, and it is read
 *   from the Markdown file's folder, as a Markdown viewer reads it;
 * - a code span, `` `token` ``, that is one word (no spaces), contains a `/`, starts with one of the
 *   repository's top-level folders (`web/`, `docs/`, …) and holds no placeholder or pattern character
 *   (`* ? < > { } [ ] : $ … |`); it is read from the repository's root. A trailing `/` names a folder.
 *
 * Either way, a path through a folder .gitignore lists (what a build, an install or a run makes:
 * `dist`, `dist-ssr`, `node_modules`, …) is not checked: it exists only after that step. Files in those
 * folders are not read either.
 *
 * In any other text file of the repository (code, config, JSON notes): every `docs/…` path, as code
 * points into the docs only from its comments; read from the root, trailing punctuation dropped.
 */

export interface NamedPath {
  /** The file that names the path, from the repository root, with `/` separators. */
  file: string;
  line: number;
  /** The path as written. */
  written: string;
  /** The path from the repository root it resolves to. */
  resolved: string;
}

/** Never read, whatever .gitignore says. */
const ALWAYS_SKIPPED = ['.git', 'node_modules'];
/** Text files whose contents may point into the docs; lockfiles and logs are left out (nobody writes them by hand). */
const CODE_FILE = /\.(?:[cm]?[jt]sx?|json|ya?ml|css|html)$/;
const LOCKFILE = /(?:^|\/)pnpm-lock\.yaml$/;
const PLACEHOLDER = /[*?<>{}[\]:$…|]/;
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const CODE_SPAN = /(`+)([^`]+?)\1/g;
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*/g;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/**
 * The folders .gitignore lists (`name/` matches a folder of that name anywhere, `a/b/` that path from
 * the root), as a test of a path from the root. Other .gitignore patterns name files, not folders.
 */
export function ignoredFolders(gitignore: string): (path: string) => boolean {
  const names = new Set(ALWAYS_SKIPPED);
  const paths: string[] = [];
  for (const line of gitignore.split(/\r?\n/)) {
    const folder = /^\/?([\w.-]+(?:\/[\w.-]+)*)\/$/.exec(line.trim())?.[1];
    if (!folder) continue;
    if (folder.includes('/')) paths.push(folder);
    else names.add(folder);
  }
  return (path) => {
    const parts = path.split('/');
    return parts.some((part) => names.has(part)) || paths.some((p) => path === p || path.startsWith(`${p}/`));
  };
}

function readIgnored(root: string): (path: string) => boolean {
  const file = join(root, '.gitignore');
  return ignoredFolders(existsSync(file) ? readFileSync(file, 'utf8') : '');
}

/** The line number of `offset` in `text` (1 for the first line). */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Joins and normalises a path from the root; undefined when it climbs out of the repository. */
function fromRoot(...parts: string[]): string | undefined {
  const joined = posix.normalize(posix.join(...parts));
  return joined.startsWith('../') || joined === '..' ? undefined : joined;
}

/** The paths a Markdown file names. `topLevel` are the repository's top-level folders. */
export function pathsInMarkdown(file: string, text: string, topLevel: ReadonlySet<string>, ignored: (path: string) => boolean = () => false): NamedPath[] {
  const found: NamedPath[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const target = match[1] ?? '';
    if (URL_SCHEME.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
    const path = decodeURI(target.split('#', 1)[0] ?? '');
    if (path === '') continue;
    const resolved = fromRoot(posix.dirname(file), path);
    found.push({ file, line: lineAt(text, match.index), written: target, resolved: resolved ?? path });
  }
  for (const match of text.matchAll(CODE_SPAN)) {
    const token = (match[2] ?? '').trim();
    if (/\s/.test(token) || !token.includes('/') || PLACEHOLDER.test(token)) continue;
    const first = token.split('/', 1)[0] ?? '';
    if (!topLevel.has(first)) continue;
    found.push({ file, line: lineAt(text, match.index), written: token, resolved: fromRoot(token) ?? token });
  }
  return found.filter((path) => !ignored(path.resolved));
}

/** The `docs/…` paths any other text file names. */
export function docsPathsInCode(file: string, text: string): NamedPath[] {
  const found: NamedPath[] = [];
  for (const match of text.matchAll(DOCS_PATH)) {
    // Sentence punctuation after a path is not part of it ("see docs/decisions.md.").
    const written = match[0].replace(/[.]+$/, '');
    if (written === 'docs/' || written === 'docs') continue;
    found.push({ file, line: lineAt(text, match.index), written, resolved: fromRoot(written) ?? written });
  }
  return found;
}

/** Whether a named path exists under `root` (a trailing `/` asks for a folder, which existsSync accepts too). */
export function exists(root: string, path: NamedPath): boolean {
  return existsSync(join(root, ...path.resolved.split('/')));
}

/** Every file under `root` the check reads, from the root with `/` separators. */
export function filesToCheck(root: string): { markdown: string[]; code: string[] } {
  const ignored = readIgnored(root);
  const markdown: string[] = [];
  const code: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const path = relative(root, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!ignored(path)) walk(full);
        continue;
      }
      if (path.endsWith('.md')) markdown.push(path);
      else if (CODE_FILE.test(path) && !LOCKFILE.test(path)) code.push(path);
    }
  };
  walk(root);
  return { markdown: markdown.sort(), code: code.sort() };
}

/** The repository's top-level folders (the first part of a path the docs may name from the root). */
export function topLevelFolders(root: string): Set<string> {
  return new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !ALWAYS_SKIPPED.includes(entry.name))
      .map((entry) => entry.name),
  );
}

/** Every path the repository's docs and code name that does not exist, as "file:line names path". */
export function missingPaths(root: string): string[] {
  const topLevel = topLevelFolders(root);
  const ignored = readIgnored(root);
  const { markdown, code } = filesToCheck(root);
  const named = [
    ...markdown.flatMap((file) => pathsInMarkdown(file, readFileSync(join(root, file), 'utf8'), topLevel, ignored)),
    ...code.flatMap((file) => docsPathsInCode(file, readFileSync(join(root, file), 'utf8'))),
  ];
  return named.filter((path) => !exists(root, path)).map(describeMissing);
}

export function describeMissing(path: NamedPath): string {
  const shown = path.written === path.resolved ? path.written : `${path.written} (${path.resolved})`;
  return `${path.file}:${path.line} names ${shown}, which does not exist`;
}

/** The repository root, from this file's folder (tests/lint). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
