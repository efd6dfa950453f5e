import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@tapcard/shared/rules';
import { randomId } from './crypto.js';
import { badRequest } from './http-error.js';
import { imageOf, UPLOAD_IMAGE_FAILED, type ReceivedFile } from './multipart.js';

/**
 * The most pixels an upload may decode to: a 48-megapixel phone photo passes, a decompression bomb (a
 * small file that claims a huge image) is refused from its header, before a pixel is decoded.
 */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** WebP's largest side: a very tall image's copies are fitted inside it. */
const WEBP_MAX_SIDE = 16_383;
const WEBP_QUALITY = 75;
/** A decode that takes longer is given up (the upload is refused), so one file cannot hold a worker. */
const DECODE_TIMEOUT_SECONDS = 30;

// Each file is read once per copy and then deleted: sharp's cache would only hold memory and open files.
sharp.cache(false);

export interface MadeVariant {
  width: ImageVariantWidth;
  size: number;
  /** Where the copy waits until stored (renamed) or discarded. */
  tmpPath: string;
}

export interface Variants {
  made: MadeVariant[];
  /** Their bytes together. */
  bytes: number;
  /** Removes the copies that were not stored. */
  discard(): Promise<void>;
}

const decoder = (path: string) =>
  sharp(path, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, sequentialRead: true }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });

/** The image's size as shown (its orientation applied) and whether it is animated; throws when sharp cannot read it. */
async function shownSize(path: string): Promise<{ width: number; animated: boolean }> {
  const meta = await decoder(path).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  if (!width) throw new Error('no width');
  return { width, animated: (meta.pages ?? 1) > 1 };
}

/**
 * Makes the WebP copies of a received image (a supported image by its bytes, else 400 as storeUpload), one per IMAGE_VARIANT_WIDTHS no wider than the image, as
 * temporary files in `dir`. An animated image gets none (a copy would keep only its first frame): the
 * pages show its original. A file that sniffed as an image but does not decode (a bomb over
 * IMAGE_MAX_INPUT_PIXELS, a corrupt or disguised file, a decode past its time) is refused with
 * 'Unable to upload image', as a non-image is; a failure to write is the server's.
 */
export async function makeVariants(file: ReceivedFile, dir: string): Promise<Variants> {
  imageOf(file);
  const made: MadeVariant[] = [];
  const discard = async () => {
    await Promise.all(made.map((variant) => rm(variant.tmpPath, { force: true })));
  };
  try {
    const image = await shownSize(file.tmpPath).catch(() => {
      throw badRequest(UPLOAD_IMAGE_FAILED, file.field);
    });
    if (image.animated) return { made, bytes: 0, discard };
    for (const width of IMAGE_VARIANT_WIDTHS.filter((w) => w <= image.width)) {
      const data = await decoder(file.tmpPath)
        .autoOrient()
        .resize({ width, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer()
        .catch(() => {
          throw badRequest(UPLOAD_IMAGE_FAILED, file.field);
        });
      const variant = { width, size: data.length, tmpPath: join(dir, `.tmp-${randomId()}`) };
      made.push(variant);
      await writeFile(variant.tmpPath, data, { mode: 0o644 });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { made, bytes: made.reduce((sum, variant) => sum + variant.size, 0), discard };
}
