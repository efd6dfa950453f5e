import { sql, type Kysely } from 'kysely';

// Stored image fields take only the product's own images from now on: an upload's path
// (/backend/files/<generated name>) or an inline data: image. A link to another host makes every
// phone that shows it, and every contacts app that imports a vCard linking it, call that host. This
// migration brings the rows written before that rule into line:
// - an absolute URL of an upload's path (…/backend/files/<name>, with or without /api) becomes the
//   path itself, which names the same upload here;
// - any other reference that is not one of the product's own is cleared: to null where the column
//   allows it (the owner shows the default avatar), to '' otherwise (the default banner, the avatar
//   drawn from the name), and a gallery picture is removed.
// The patterns are this migration's own copy of the shared rule (isOwnImage) as it was written, so
// the migration does the same whatever the rule becomes.

const UPLOAD_PATH = String.raw`/backend/files/[A-Za-z0-9_-]{22}\.(jpg|png|gif|webp)`;
const OWN = sql.raw(`'^${UPLOAD_PATH}$'`);
const INLINE = sql.raw(String.raw`'^data:image/(png|jpeg|gif|webp|svg\+xml)[;,]\S*$'`);
const UPLOAD_URL = sql.raw(`'^https?://[^/\\s]+(/api)?(${UPLOAD_PATH})$'`);
const PATH_OF_URL = sql.raw(`'(${UPLOAD_PATH})$'`);

/** [table, column, what a foreign reference becomes] */
const COLUMNS = [
  ['users', 'image', 'null'],
  ['card_profiles', 'image', 'null'],
  ['services', 'service_image', 'null'],
  ['events', 'image', 'empty'],
  ['attendees', 'image', 'empty'],
  ['chats', 'image', 'empty'],
  ['private_chats', 'image', 'empty'],
  ['event_gallery', 'image', 'delete'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, cleared] of COLUMNS) {
    const t = sql.table(table);
    const c = sql.ref(column);
    await sql`update ${t} set ${c} = substring(${c} from ${PATH_OF_URL}) where ${c} ~ ${UPLOAD_URL}`.execute(db);
    const foreign = sql`${c} is not null and ${c} <> '' and not (${c} ~ ${OWN} or ${c} ~* ${INLINE})`;
    if (cleared === 'delete') await sql`delete from ${t} where ${foreign}`.execute(db);
    else await sql`update ${t} set ${c} = ${cleared === 'null' ? null : ''} where ${foreign}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The cleared references are gone; there is nothing to put back.
}
