import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ACTIVATION_TOKEN_LENGTH } from '@tapcard/shared/constants';
import { pages } from '@tapcard/shared/pages';
import type { Db } from '../db/database.js';
import { configOrReport, onDatabase, runIfMain, type CliDeps, type CliIo } from './runner.js';
import { LOCAL_COMMAND_PATHS } from './through-upstream.js';
import { randomId, randomScratchToken } from '../lib/crypto.js';
import { scratchTokenHash } from '../domain/card-tokens.js';

/**
 * Mints a batch of physical cards: `node upstream/dist/cli/mint-cards.js --count 10 [--type nfc] [--json]`.
 * Each card gets a random id, a 6-character scratch token (stored hashed only) and a tap URL; the
 * plain tokens are printed this once, to be printed under the scratch-off layer.
 */

export const MAX_MINT = 10_000;
export const CARD_TYPE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export const mintedCardSchema = z.object({ id: z.string(), type: z.string(), token: z.string(), url: z.string() });
export type MintedCard = z.infer<typeof mintedCardSchema>;

/** The URL a card opens when tapped or scanned. */
export const tapUrl = (publicUrl: string, id: string, type: string): string => `${publicUrl}${pages.printedCardTap(id, type)}`;

/** Creates `count` new cards of `type` in one transaction and returns them with their plain tokens. */
export async function mintCards(db: Db, options: { count: number; type: string; publicUrl: string; now?: Date }): Promise<MintedCard[]> {
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > MAX_MINT) throw new Error(`--count must be a whole number from 1 to ${MAX_MINT}`);
  if (!CARD_TYPE.test(options.type)) throw new Error('--type must be 1 to 32 lowercase letters, digits, - or _ (e.g. nfc, qr)');
  const now = options.now ?? new Date();
  const cards: MintedCard[] = [];
  for (let i = 0; i < options.count; i++) {
    const id = randomId();
    cards.push({ id, type: options.type, token: randomScratchToken(ACTIVATION_TOKEN_LENGTH), url: tapUrl(options.publicUrl, id, options.type) });
  }
  await db.transaction().execute(async (trx) => {
    const rows = cards.map((c) => ({ id: c.id, type: c.type, token_hash: scratchTokenHash(c.token), status: 'new' as const, profile_id: null, created_at: now, activated_at: null }));
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('physical_cards').values(rows.slice(i, i + 500)).execute();
  });
  return cards;
}

/** The cards as an aligned text table. */
export function formatTable(cards: readonly MintedCard[]): string {
  const header: [string, string, string, string] = ['card id', 'type', 'token', 'tap url'];
  const rows = cards.map((c): [string, string, string, string] => [c.id, c.type, c.token, c.url]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

const USAGE = 'usage: mint-cards --count N [--type nfc] [--json]';

/**
 * Runs the command: parses `argv`, opens the configured database (or the one given), migrates, mints
 * and prints. Returns the exit code.
 */
export async function run(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  let values: { count?: string; type?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { count: { type: 'string' }, type: { type: 'string', default: 'nfc' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const count = Number(values.count);
  if (values.count === undefined || !/^\d+$/.test(values.count) || count < 1 || count > MAX_MINT) {
    io.err(`--count must be a whole number from 1 to ${MAX_MINT}\n${USAGE}\n`);
    return 2;
  }
  const type = values.type ?? 'nfc';
  if (!CARD_TYPE.test(type)) {
    io.err('--type must be 1 to 32 lowercase letters, digits, - or _ (e.g. nfc, qr)\n');
    return 2;
  }

  const config = configOrReport(deps, io);
  if (!config) return 2;
  const cards = await onDatabase(deps, config, { path: LOCAL_COMMAND_PATHS.mintCards, body: { count, type }, data: z.array(mintedCardSchema) }, (db) =>
    mintCards(db, { count, type, publicUrl: config.publicUrl }),
  );
  if (values.json) {
    io.out(`${JSON.stringify(cards, null, 2)}\n`);
  } else {
    io.out(formatTable(cards));
    io.err(`\nMinted ${cards.length} ${type} card(s). The scratch tokens are stored hashed: this is the only time they are shown.\n`);
  }
  return 0;
}

runIfMain(import.meta.url, run);
