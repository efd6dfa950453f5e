import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { fieldErrors, IMAGE_VARIANT_WIDTHS, messages, UPLOADED_FILE_NAME, UPLOADED_FILES_PATH, type ImageVariantWidth } from '@tapcard/shared/rules';
import type { Database } from '../db/schema.js';
import { randomId } from './crypto.js';
import type { MadeVariant } from './image-variants.js';
import { refuseNul } from '../plugins/text-input.js';
import { HttpError, badRequest } from './http-error.js';

/**
 * A streaming reader of multipart forms (uploads, add-service). Files are streamed to a temporary file
 * in the upload folder while @fastify/multipart's busboy limit (MAX_UPLOAD_BYTES, set in app.ts) cuts
 * them off; the first bytes are kept to tell the image type by content. Nothing reaches the uploads
 * table or its final name until the caller stores it with storeUpload().
 */

/** The failure text of the upload flow. */
export const UPLOAD_FILE_FAILED = messages.uploadFailed;
export const UPLOAD_IMAGE_FAILED = messages.imageUploadFailed;

export interface ImageKind {
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
}

/** Bytes needed to tell the supported image types apart. */
const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The image type of a file by its magic bytes: JPEG, PNG, GIF or WebP; anything else (SVG too) is null. */
export function sniffImage(head: Buffer): ImageKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { ext: 'gif', contentType: 'image/gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

/** Names storeUpload() generates: 128 random bits, base64url (randomId), and the type's extension. */
export const UPLOAD_NAME = UPLOADED_FILE_NAME;

/** Where a stored upload's WebP copy `width` px wide lives, beside the original. */
export const variantFileName = (name: string, width: ImageVariantWidth): string => `${name}.w${width}.webp`;

/** A stored upload's files: the original and every copy it may have. */
export const uploadFileNames = (name: string): string[] => [name, ...IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(name, width))];

/** The path the web and the data use for a stored file (the web prefixes its API base). */
export const fileUrl = (name: string): string => `${UPLOADED_FILES_PATH}${name}`;

export interface ReceivedFile {
  field: string;
  /** The client's file name (not trusted, not used for storage). */
  filename: string;
  size: number;
  /** The image type by content, or null when it is not a supported image. */
  image: ImageKind | null;
  /** Where the bytes wait until stored; removed by the form's cleanup. */
  tmpPath: string;
}

export interface Form<T> {
  fields: T;
  files: Map<string, ReceivedFile>;
  /** Removes temporary files that were not stored. Call it in a finally block. */
  cleanup(): Promise<void>;
}

interface ReadOptions<S extends z.ZodType> {
  /** The text fields' schema (the contract's); a failure answers 400 naming each field. */
  fields: S;
  /** The names of the accepted file parts. */
  files: readonly string[];
  /** The upload folder (created if missing); temporary files are written there so storing is a rename. */
  dir: string;
}

/** Counts the bytes going through and keeps the first SNIFF_BYTES. */
class Sniffer extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    this.size += chunk.length;
    done(null, chunk);
  }
}

/** Throws the 400 of a failed field parse: every field with its first message, the first as `message`. */
export function throwFieldErrors(error: z.ZodError): never {
  const errors = Object.entries(fieldErrors(error)).map(([field, message]) => ({ field, message }));
  throw new HttpError(400, errors[0]?.message ?? 'Invalid request', errors);
}

const tooLarge = (field: string) => new HttpError(413, messages.imageTooLarge, [{ field, message: messages.imageTooLarge }]);

/**
 * Reads a multipart form: its text fields (validated with `fields`) and at most one file per accepted
 * file name, streamed to disk. A JSON body is read as fields only. Errors: 413 with the required
 * 'Image size must not be larger than 10MB' for a file over the limit, 400 'Unable to upload file' for
 * a broken or over-long form, 400 with the fields' messages for bad fields; nothing is left on disk.
 */
export async function readForm<S extends z.ZodType>(request: FastifyRequest, options: ReadOptions<S>): Promise<Form<z.output<S>>> {
  const files = new Map<string, ReceivedFile>();
  const cleanup = async () => {
    await Promise.all([...files.values()].map((f) => rm(f.tmpPath, { force: true })));
    files.clear();
  };

  const raw: Record<string, unknown> = {};
  try {
    if (!request.isMultipart()) {
      if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) throw badRequest(UPLOAD_FILE_FAILED);
      Object.assign(raw, request.body);
    } else {
      let truncated: string | null = null;
      let unexpected = false;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (!(part.fieldname in raw)) raw[part.fieldname] = part.value;
          continue;
        }
        if (!options.files.includes(part.fieldname) || files.has(part.fieldname)) {
          unexpected = true;
          part.file.resume();
          continue;
        }
        await mkdir(options.dir, { recursive: true });
        const received: ReceivedFile = {
          field: part.fieldname,
          filename: part.filename,
          size: 0,
          image: null,
          tmpPath: join(options.dir, `.tmp-${randomId()}`),
        };
        files.set(part.fieldname, received);
        const sniffer = new Sniffer();
        await pipeline(part.file, sniffer, createWriteStream(received.tmpPath, { mode: 0o644 }));
        received.size = sniffer.size;
        received.image = sniffImage(sniffer.head);
        if (part.file.truncated) truncated = part.fieldname;
      }
      if (truncated) throw tooLarge(truncated);
      if (unexpected) throw badRequest(UPLOAD_FILE_FAILED);
      // The text fields are read here, after the request hooks: their NUL check too.
      refuseNul(raw, 'body');
    }
  } catch (error) {
    await cleanup();
    throw asFormError(error, options.files[0] ?? 'file');
  }

  const parsed = options.fields.safeParse(raw);
  if (!parsed.success) {
    await cleanup();
    throwFieldErrors(parsed.error);
  }
  return { fields: parsed.data, files, cleanup };
}

/** Maps the multipart plugin's and busboy's errors to the upstream's answers. */
function asFormError(error: unknown, fileField: string): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(fileField);
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(UPLOAD_FILE_FAILED);
  // busboy's own parse errors ('Unexpected end of form', 'Malformed part header', ...)
  if (error instanceof Error && !('code' in error) && /form|part|multipart|boundary/i.test(error.message)) return badRequest(UPLOAD_FILE_FAILED);
  return error;
}

/** A received file's image type; throws 400 'Unable to upload image' when it is not a supported image. */
export function imageOf(file: ReceivedFile): ImageKind {
  if (!file.image || file.size === 0) throw badRequest(UPLOAD_IMAGE_FAILED, file.field);
  return file.image;
}

type DbLike = Kysely<Database> | Transaction<Database>;

export interface StoredUpload {
  name: string;
  url: string;
  /** Removes the stored file again (when the caller's transaction fails after storing). */
  remove(): Promise<void>;
}

/**
 * Stores a received image under a generated name, with its WebP copies beside it (makeVariants), and
 * records it in the uploads table (use the caller's transaction). The file must be a supported image;
 * throws 400 'Unable to upload image'.
 */
export async function storeUpload(
  db: DbLike,
  input: { file: ReceivedFile; variants: readonly MadeVariant[]; folder: string; dir: string; now: Date },
): Promise<StoredUpload> {
  const { file } = input;
  const image = imageOf(file);
  const name = `${randomId()}.${image.ext}`;
  const moves = [
    { from: file.tmpPath, to: join(input.dir, name) },
    ...input.variants.map((variant) => ({ from: variant.tmpPath, to: join(input.dir, variantFileName(name, variant.width)) })),
  ];
  await db
    .insertInto('uploads')
    .values({ name, folder: input.folder, content_type: image.contentType, size: file.size, created_at: input.now })
    .execute();
  const remove = async () => {
    await Promise.all(moves.map(({ to }) => rm(to, { force: true })));
  };
  try {
    for (const { from, to } of moves) await rename(from, to);
  } catch (error) {
    await remove();
    throw error;
  }
  return { name, url: fileUrl(name), remove };
}
