import { parseArgs } from 'node:util';
import { z } from 'zod';
import { pages } from '@tapcard/shared/pages';
import type { Kysely } from 'kysely';
import type { UpstreamConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { configOrReport, onDatabase, runIfMain, type CliDeps, type CliIo } from './runner.js';
import { LOCAL_COMMAND_PATHS } from './through-upstream.js';
import { randomId } from '../lib/crypto.js';
import { inEventChange } from '../domain/event-sequence.js';
import { HttpError } from '../lib/http-error.js';

/**
 * Mints unbound chips for an event and prints each chip's id and URL (the address to write on the
 * NFC tag or QR code):
 *
 *   node upstream/dist/cli/mint-chips.js --event <event id> --count N
 *
 * Reads the same configuration as the server (DATABASE_URL or DATA_DIR, PUBLIC_URL).
 */

export const MAX_CHIPS_PER_RUN = 1000;

export const mintedChipSchema = z.object({ id: z.string(), url: z.string() });
export type MintedChip = z.infer<typeof mintedChipSchema>;

export class UsageError extends Error {}

export const USAGE = 'usage: mint-chips --event <event id> --count <1-1000>';

/** Event ids are random base64url and may start with '-', which parseArgs reads as an option: `--event <id>` becomes `--event=<id>`. */
function joinEventValue(argv: readonly string[]): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (arg === '--event' && next !== undefined) {
      args.push(`--event=${next}`);
      i += 1;
    } else args.push(arg);
  }
  return args;
}

export function parseMintArgs(argv: readonly string[]): { eventId: string; count: number } {
  let values: { event?: string | undefined; count?: string | undefined };
  try {
    ({ values } = parseArgs({ args: joinEventValue(argv), options: { event: { type: 'string' }, count: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const eventId = values.event?.trim();
  if (!eventId) throw new UsageError(`--event is required\n${USAGE}`);
  const count = Number(values.count);
  if (!values.count || !Number.isInteger(count) || count < 1 || count > MAX_CHIPS_PER_RUN) {
    throw new UsageError(`--count must be a whole number from 1 to ${MAX_CHIPS_PER_RUN}\n${USAGE}`);
  }
  return { eventId, count };
}

/**
 * Creates `count` unbound chips of the event in one change of the event (stamped with its new seq,
 * so live viewers learn of them); throws an HttpError 404 for an unknown event.
 */
export async function mintChips(
  db: Kysely<Database>,
  config: Pick<UpstreamConfig, 'publicUrl'>,
  input: { eventId: string; count: number },
): Promise<MintedChip[]> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CHIPS_PER_RUN) {
    throw new UsageError(`count must be a whole number from 1 to ${MAX_CHIPS_PER_RUN}`);
  }
  const ids = Array.from({ length: input.count }, () => randomId());
  await inEventChange(db, input.eventId, async (trx, seq) => {
    await trx
      .insertInto('chips')
      .values(ids.map((id) => ({ id, event_id: input.eventId, attendee_id: null, seq })))
      .execute();
  });
  return ids.map((id) => ({ id, url: `${config.publicUrl}${pages.chip(id)}` }));
}

/** One line per chip: id, a tab, the URL. */
export function formatChips(chips: readonly MintedChip[]): string {
  return chips.map((c) => `${c.id}\t${c.url}`).join('\n');
}

/**
 * Runs the command: parses `argv`, opens the configured database (or the one given), migrates, mints
 * and prints one line per chip. Returns the exit code: 0 done, 1 unknown event, 2 bad usage or config.
 */
export async function run(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  let args: { eventId: string; count: number };
  try {
    args = parseMintArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n`);
    return 2;
  }
  const config = configOrReport(deps, io);
  if (!config) return 2;
  try {
    const path = LOCAL_COMMAND_PATHS.mintChips.replace(':eventId', encodeURIComponent(args.eventId));
    const chips = await onDatabase(deps, config, { path, body: { count: args.count }, data: z.array(mintedChipSchema) }, (db) => mintChips(db, config, args));
    io.out(`${formatChips(chips)}\n`);
    io.err(`\nMinted ${chips.length} chip(s) for event ${args.eventId}.\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    io.err(`${error.message}: ${args.eventId}\n`);
    return 1;
  }
}

runIfMain(import.meta.url, run);
