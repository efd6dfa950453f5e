/** Upload size checks (each returns null when the size is acceptable, else the message to show) and the stored image rule. */
import { z } from 'zod';
import { ALT_FILE_LIMIT_BYTES, ALT_IMAGE_LIMIT_BYTES, MAX_UPLOAD_BYTES } from '../constants/index.js';
import { messages } from './messages.js';
import { IMAGE_VARIANT_WIDTHS, isUploadPath, UPLOADED_FILES_PATH } from './upload-paths.js';

/** The folders an upload may be stored under. */
export const UPLOAD_FOLDERS = ['profile', 'services', 'events_gallery', 'events_banner'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** At most `limit` bytes (inclusive); a negative or non-finite size is refused too. */
const within = (bytes: number, limit: number): boolean => Number.isFinite(bytes) && bytes >= 0 && bytes <= limit;

/** Image upload: at most MAX_UPLOAD_BYTES, else 'Image size must not be larger than 10MB'. */
export const checkImageSize = (bytes: number): string | null =>
  within(bytes, MAX_UPLOAD_BYTES) ? null : messages.imageTooLarge;

/** The second image check: at most ALT_IMAGE_LIMIT_BYTES, else 'The image is too large'. */
export const checkAltImageSize = (bytes: number): string | null =>
  within(bytes, ALT_IMAGE_LIMIT_BYTES) ? null : messages.altImageTooLarge;

/** The file check: at most ALT_FILE_LIMIT_BYTES, else 'The file is too large'. */
export const checkAltFileSize = (bytes: number): string | null =>
  within(bytes, ALT_FILE_LIMIT_BYTES) ? null : messages.altFileTooLarge;

/**
 * The files route's query: `w`, one of IMAGE_VARIANT_WIDTHS, asks for that copy; the route answers the
 * original while the upload has none (an upload stored before variants, or narrower than that width).
 */
export const imageVariantQuerySchema = z.object({
  w: z.coerce.number().pipe(z.literal(IMAGE_VARIANT_WIDTHS)).optional(),
});

/**
 * An image carried inline, which loads from nowhere: the avatars the product draws from a name and
 * the demo's pictures are SVG data URIs.
 */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]\S*$/i;

/** The longest image reference a stored field takes (an inline avatar is a few hundred characters). */
export const IMAGE_REF_MAX_LENGTH = 100_000;

/**
 * Whether an image reference is this product's own: an upload as the upload endpoint answers it
 * (`/backend/files/<generated name>`), or an inline image. A link to another host is not: every phone
 * that shows the image, or imports a vCard linking it, would call that host.
 */
export function isOwnImage(value: string): boolean {
  if (value.startsWith(UPLOADED_FILES_PATH)) return isUploadPath(value);
  return INLINE_IMAGE.test(value);
}

/**
 * Every stored image field (profile photo, card image, service image, event banner and gallery,
 * an attendee's picture): trimmed, '' for none, else one of the product's own images; anything else,
 * an https link to another site included, is refused with 'Please upload the image here…'.
 */
export const ownImageSchema = z
  .string({ error: messages.imageInvalid })
  .trim()
  .max(IMAGE_REF_MAX_LENGTH, messages.imageInvalid)
  .refine((value) => value === '' || isOwnImage(value), messages.imageNotOwn);
