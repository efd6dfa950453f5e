import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// Lints small files as if they stood at real paths of the tree, so a rule of eslint.config.js is shown
// to fire (and to stay quiet where it should).
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslintBin = fileURLToPath(new URL('../../node_modules/eslint/bin/eslint.js', import.meta.url));

/** The rule ids ESLint reports for `code` at `path`, from ESLint run as its own process, as `pnpm lint` runs it. */
export function ruleIds(path: string, code: string): string[] {
  const run = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', path], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const results = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

let eslint: ESLint | undefined;

/** The same, for rules that need no import resolution, from one ESLint in this process (much faster for many files). */
export async function ruleIdsInProcess(path: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const results = await eslint.lintText(code, { filePath: path });
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}
