/** Upload size checks. Each returns null when the size is acceptable, else the message to show. */
import { ALT_FILE_LIMIT_BYTES, ALT_IMAGE_LIMIT_BYTES, MAX_UPLOAD_BYTES } from '../constants/index.js';
import { messages } from './messages.js';

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
