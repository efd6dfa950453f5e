import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL, LIMITS, MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { calls, uploadFieldsSchema, upstreamPages } from '@tapcard/shared/contract';
import { imageVariantQuerySchema, messages } from '@tapcard/shared/rules';
import { clientKey } from '../lib/client-address.js';
import { badRequest, notFound, tooManyRequests } from '../lib/http-error.js';
import { readForm, storeUpload, UPLOAD_FILE_FAILED, UPLOAD_NAME, variantFileName, type StoredUpload } from '../lib/multipart.js';
import { route } from '../lib/route.js';
import { reserveBytes, uploadBudgetOf } from '../lib/upload-quota.js';
import { makeVariants } from '../lib/image-variants.js';
import { uploadContentType } from '../repositories/uploads.js';


/**
 * The bytes an upload may bring: its announced length (the multipart wrapping included), at most what
 * the form reader lets a file reach; without a length, that most.
 */
function announcedBytes(header: string | undefined): number {
  const length = Number(header);
  return Number.isSafeInteger(length) && length > 0 ? Math.min(length, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
}

export default async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.uploadFile)(async ({ request }) => {
    const address = clientKey(request);
    await app.throttle.attempt(`upload:ip:${address}`, LIMITS.uploads);
    // The bytes are taken from the budget before a byte is read, so parallel uploads cannot pass it
    // together; what the file did not use (or all, when it is not stored) is given back.
    const { key, budget } = uploadBudgetOf(request.user?.id ?? null, address);
    const reserved = announcedBytes(request.headers['content-length']);
    const reservation = await reserveBytes(app.db, key, reserved, budget, app.now());
    if (!reservation) throw tooManyRequests(messages.uploadQuotaReached);
    let keptBytes = 0;
    let stored: StoredUpload | null = null;
    try {
      const dir = app.config.uploadDir;
      const form = await readForm(request, { fields: uploadFieldsSchema, files: calls.uploadFile.multipart, dir });
      try {
        const file = form.files.get('file');
        if (!file) throw badRequest(UPLOAD_FILE_FAILED, 'file');
        const upload = file;
        const variants = await makeVariants(upload, dir);
        try {
          // The copies count on the budget too: what they take beyond the reservation is reserved now.
          const kept = upload.size + variants.bytes;
          const beyond = kept - reserved;
          const more = beyond > 0 ? await reserveBytes(app.db, key, beyond, budget, app.now()) : null;
          if (beyond > 0 && !more) throw tooManyRequests(messages.uploadQuotaReached);
          try {
            await app.db.transaction().execute(async (trx) => {
              stored = await storeUpload(trx, { file: upload, variants: variants.made, folder: form.fields.folder, dir, now: app.now() });
            });
          } catch (error) {
            await more?.release();
            throw error;
          }
          keptBytes = Math.min(kept, reserved);
        } finally {
          await variants.discard();
        }
        const done = stored as StoredUpload | null;
        if (!done) throw new Error('upload was not stored');
        return { success: 'true', message: messages.uploaded, data: { url: done.url, name: done.name } };
      } catch (error) {
        await (stored as StoredUpload | null)?.remove();
        throw error;
      } finally {
        await form.cleanup();
      }
    } finally {
      await reservation.release(reserved - keptBytes);
    }
  });

  // Stored files, by their generated names only: nothing else on disk can be named. `?w=` asks for a
  // WebP copy (imageVariantQuerySchema); an upload without that copy answers its original.
  app.get<{ Params: { name: string }; Querystring: unknown }>(upstreamPages.files, async (request, reply) => {
    const { name } = request.params;
    const query = imageVariantQuerySchema.safeParse(request.query);
    if (!UPLOAD_NAME.test(name) || !query.success) throw notFound('File not found');
    const original = await uploadContentType(app.db, name);
    if (!original) throw notFound('File not found');
    const variant = query.data.w === undefined ? null : await fileAt(join(app.config.uploadDir, variantFileName(name, query.data.w)));
    const file = variant ?? (await fileAt(join(app.config.uploadDir, name)));
    if (!file) throw notFound('File not found');
    return reply
      .type(variant ? 'image/webp' : original)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      // Stored names never change content, and a copy exists from the upload's answer on.
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .send(createReadStream(file.path));
  });
}

/** A regular file's path and size, or null when there is none. */
async function fileAt(path: string): Promise<{ path: string; size: number } | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? { path, size: info.size } : null;
}
