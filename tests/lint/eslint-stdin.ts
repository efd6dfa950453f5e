import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// Lints small files as if they stood at real paths of the tree, so a rule of eslint.config.js is shown
// to fire (and to stay quiet where it should). One ESLint serves every call: starting one (its
// plugins and the TypeScript import resolver) costs seconds, linting a snippet milliseconds.
const root = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint | undefined;

/** The rule ids ESLint reports for `code` at `path`, with the repository's configuration. */
export async function ruleIds(path: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const results = await eslint.lintText(code, { filePath: path });
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}
