import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './product.js';
import { inheritedEnv } from '../../support/env.js';

const run = promisify(execFile);

export interface MintedCard {
  id: string;
  type: string;
  token: string;
  tapUrl: string;
}

/**
 * Mints physical cards with the upstream's own command, beside the running product, with the product's
 * environment: on PostgreSQL the command opens the database itself; on the embedded database (which
 * admits one process only) it has the running upstream mint.
 */
export async function mintCards(productEnv: Record<string, string>, count = 1, type = 'nfc'): Promise<MintedCard[]> {
  const { stdout } = await run(process.execPath, [join(repoRoot, 'upstream/dist/cli/mint-cards.js'), '--count', String(count), '--type', type, '--json'], {
    cwd: repoRoot,
    env: inheritedEnv(productEnv),
  });
  const cards = JSON.parse(stdout) as Record<string, string>[];
  return cards.map((c) => ({ id: String(c.id), type: String(c.type), token: String(c.token), tapUrl: String(c.url) }));
}

/** Mints chips for an event with the upstream's own command, as mintCards does; its output, one line per chip. */
export async function mintChips(productEnv: Record<string, string>, eventId: string, count = 1): Promise<string> {
  const { stdout } = await run(process.execPath, [join(repoRoot, 'upstream/dist/cli/mint-chips.js'), '--event', eventId, '--count', String(count)], {
    cwd: repoRoot,
    env: inheritedEnv(productEnv),
  });
  return stdout;
}
