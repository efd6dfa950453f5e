import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate } from '../db/database.js';
import { PGliteDialect } from '../db/pglite-dialect.js';
import type { Database } from '../db/schema.js';

/**
 * A migrated, empty PGlite data directory, dumped once and loaded by every test file after that.
 * Creating a PGlite database runs initdb inside WebAssembly (about 2 s on this kind of machine); loading
 * a dump takes a fraction of that, and the upstream's suite opens one database per file.
 *
 * The dump is kept in the system's temp folder under a name made from the migrations' sources and the
 * PGlite version, so a changed migration or an upgrade makes a new one. Two workers that miss it at
 * once both build it; each writes a file of its own and renames it into place, so a reader never sees
 * half a dump.
 */

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/** Names the dump after the migrations' sources and the installed PGlite (its resolved path carries the version). */
function snapshotKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  hash.update(import.meta.resolve('@electric-sql/pglite'));
  return hash.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | null = null;

export function migratedPgliteSnapshot(): Promise<Blob> {
  cached ??= load();
  return cached;
}

async function load(): Promise<Blob> {
  const file = join(tmpdir(), `tapcard-pglite-${snapshotKey()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet on this machine: built below.
  }
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrate({ db, kind: 'pglite' });
    const dump = await pglite.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await db.destroy();
  }
}
