import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { UPLOAD_NAME, uploadFileNames } from './multipart.js';

/** An upload nothing refers to is kept this long (an onboarding image waits for create-card), then deleted. */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60_000;
/** How often the server sweeps (and once at start). */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Uploads deleted per statement; a sweep repeats until a batch comes back short. */
const BATCH = 200;

/**
 * Every column that can hold an upload's URL (`/backend/files/<name>`, with or without a prefix or
 * origin). Names are 128 random bits, so finding the name anywhere in the value is a reference;
 * a column listed needlessly only keeps files longer.
 */
export const UPLOAD_REFERENCES = [
  ['users', 'image'],
  ['card_profiles', 'image'],
  ['card_fields', 'content'],
  ['card_fields', 'icon'],
  ['services', 'service_image'],
  ['services', 'link'],
  ['events', 'image'],
  ['event_gallery', 'image'],
  ['attendees', 'image'],
  ['chats', 'image'],
  ['private_chats', 'image'],
  ['orders', 'items'],
] as const satisfies readonly (readonly [keyof Database, string])[];

/** True when no column refers to the upload row `uploads` of the enclosing statement. */
const unreferenced = sql<boolean>`not (${sql.join(
  UPLOAD_REFERENCES.map(([table, column]) => sql`exists (select 1 from ${sql.table(table)} where strpos(${sql.ref(`${table}.${column}`)}, uploads.name) > 0)`),
  sql` or `,
)})`;

/**
 * Deletes the uploads older than the retention that nothing refers to: rows first, each checked and
 * deleted in one statement, then the files of the rows this call deleted (each original and its copies). Two instances sweeping at
 * once never both take a row (the loser's delete finds it gone), so each file is removed once.
 * Returns the deleted names.
 */
export async function sweepUploads(db: Kysely<Database>, options: { dir: string; now: Date }): Promise<string[]> {
  const cutoff = new Date(options.now.getTime() - UPLOAD_RETENTION_MS);
  const deleted: string[] = [];
  for (;;) {
    const batch = db.selectFrom('uploads').select('name').where('created_at', '<', cutoff).where(unreferenced).orderBy('created_at').limit(BATCH);
    const rows = await db.deleteFrom('uploads').where('name', 'in', batch).where('created_at', '<', cutoff).where(unreferenced).returning('name').execute();
    for (const { name } of rows) {
      if (UPLOAD_NAME.test(name)) await Promise.all(uploadFileNames(name).map((file) => rm(join(options.dir, file), { force: true })));
      deleted.push(name);
    }
    if (rows.length < BATCH) return deleted;
  }
}

export interface UploadSweeper {
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/** Sweeps now and then every `intervalMs`; a sweep never overlaps the previous one. Failures are logged. */
export function startUploadSweeper(options: {
  db: Kysely<Database>;
  dir: string;
  now: () => Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}): UploadSweeper {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepUploads(options.db, { dir: options.dir, now: options.now() })
      .then((names) => {
        if (names.length > 0) options.log.info({ deleted: names.length }, 'deleted unreferenced uploads');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'upload sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? UPLOAD_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
