/**
 * Where uploads are served and how a page asks for an upload's copy. Kept apart from the upload rules
 * (uploads.ts) and free of schemas, so the pages that show images load none of zod for it.
 */

/** Where the upstream serves stored uploads: this path, then the generated name. */
export const UPLOADED_FILES_PATH = '/backend/files/';

/** The names the upload endpoint generates: 128 random bits in base64url, and the image type's extension. */
export const UPLOADED_FILE_NAME = /^[A-Za-z0-9_-]{22}\.(?:jpg|png|gif|webp)$/;

/** Whether a reference is an upload's path as the upload endpoint answers it (`/backend/files/<generated name>`). */
export const isUploadPath = (value: string): boolean =>
  value.startsWith(UPLOADED_FILES_PATH) && UPLOADED_FILE_NAME.test(value.slice(UPLOADED_FILES_PATH.length));

/**
 * The widths (px) of the WebP copies the upstream makes of each uploaded image when it is stored, never
 * wider than the image: an avatar (32–128 px) once and twice, a gallery tile, a banner on a phone and
 * on a wide screen.
 */
export const IMAGE_VARIANT_WIDTHS = [96, 256, 640, 1280] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The URL of an upload's copy `width` px wide (the files route takes it back with imageVariantQuerySchema). */
export const imageVariantUrl = (uploadPath: string, width: ImageVariantWidth): string => `${uploadPath}?w=${width}`;
