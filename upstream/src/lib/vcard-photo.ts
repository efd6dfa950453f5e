import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { VCARD_PHOTO_TYPES, type VCardPhoto } from '@tapcard/shared/domain';
import type { Database } from '../db/schema.js';
import { fileUrl, UPLOAD_NAME } from './multipart.js';

/**
 * The largest stored image a vCard embeds (raw bytes; base64 adds a third). Contacts apps refuse or
 * choke on cards of several megabytes, and the web uploads profile photos cropped and downscaled, so
 * a larger image is an old or unusual one: it is not embedded and the card links to it instead.
 */
export const VCARD_PHOTO_MAX_BYTES = 256 * 1024;

const FILE_PREFIX = fileUrl('');

const isPhotoType = (type: string): type is keyof typeof VCARD_PHOTO_TYPES => Object.hasOwn(VCARD_PHOTO_TYPES, type);

/**
 * The image a profile's `image` path names in the upload store, ready to embed in a vCard: only
 * stored uploads (by their generated name), only JPEG, PNG or GIF, at most VCARD_PHOTO_MAX_BYTES.
 * Null otherwise (an outside URL, a WebP, a larger or missing file): the caller links to it.
 */
export async function embeddablePhoto(db: Kysely<Database> | Transaction<Database>, uploadDir: string, image: string | null): Promise<VCardPhoto | null> {
  if (!image?.startsWith(FILE_PREFIX)) return null;
  const name = image.slice(FILE_PREFIX.length);
  if (!UPLOAD_NAME.test(name)) return null;
  const upload = await db.selectFrom('uploads').select(['content_type', 'size']).where('name', '=', name).executeTakeFirst();
  if (!upload || !isPhotoType(upload.content_type) || upload.size > VCARD_PHOTO_MAX_BYTES) return null;
  const bytes = await readFile(join(uploadDir, name)).catch(() => null);
  if (!bytes || bytes.length === 0 || bytes.length > VCARD_PHOTO_MAX_BYTES) return null;
  return { type: VCARD_PHOTO_TYPES[upload.content_type], base64: bytes.toString('base64') };
}
