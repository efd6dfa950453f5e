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
 * Mints physical cards with the upstream's own command, beside the running product. The embedded
 * database admits one process only, so this needs the product on PostgreSQL (DATABASE_URL).
 */
export async function mintCards(productEnv: Record<string, string>, count = 1, type = 'nfc'): Promise<MintedCard[]> {
  if (!productEnv.DATABASE_URL) throw new Error('minting cards beside a running product needs DATABASE_URL (PostgreSQL)');
  const { stdout } = await run(process.execPath, [join(repoRoot, 'upstream/dist/cli/mint-cards.js'), '--count', String(count), '--type', type, '--json'], {
    cwd: repoRoot,
    env: inheritedEnv(productEnv),
  });
  const cards = JSON.parse(stdout) as Record<string, string>[];
  return cards.map((c) => ({ id: String(c.id), type: String(c.type), token: String(c.token), tapUrl: String(c.url) }));
}

export async function mintChips(productEnv: Record<string, string>, eventId: string, count = 1): Promise<string> {
  if (!productEnv.DATABASE_URL) throw new Error('minting chips beside a running product needs DATABASE_URL (PostgreSQL)');
  const { stdout } = await run(process.execPath, [join(repoRoot, 'upstream/dist/cli/mint-chips.js'), '--event', eventId, '--count', String(count)], {
    cwd: repoRoot,
    env: inheritedEnv(productEnv),
  });
  return stdout;
}

/** True when the journeys can mint (the product runs on PostgreSQL). */
export const canMint = (productEnv: Record<string, string>): boolean => Boolean(productEnv.DATABASE_URL);

/**
 * Whether this run can mint cards beside the product, and the note a journey that needs it adds to
 * its name when it is skipped (said once on the console too).
 */
export function mintingNote(productEnv: Record<string, string>, file: string): { mintable: boolean; note: string } {
  const mintable = canMint(productEnv);
  const note = mintable ? '' : ' [skipped: minting a card beside the running product needs DATABASE_URL (PostgreSQL)]';
  if (!mintable) console.warn(`${file}:${note}`);
  return { mintable, note };
}
