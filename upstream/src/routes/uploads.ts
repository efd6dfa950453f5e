import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '@tapcard/shared/constants';
import { calls, uploadFieldsSchema, upstreamPages } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { clientKey } from '../lib/client-address.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { readForm, storeUpload, UPLOAD_FILE_FAILED, UPLOAD_NAME, type StoredUpload } from '../lib/multipart.js';
import { route } from '../lib/route.js';
import type { Limit } from '../lib/throttle.js';
import { uploadContentType } from '../repositories/uploads.js';

/** Uploads per client address (anyone may upload: onboarding happens before sign-up). */
export const UPLOAD_LIMIT: Limit = { max: 60, windowMs: 10 * 60_000 };

export default async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.uploadFile)(async ({ request }) => {
    await app.throttle.attempt(`upload:ip:${clientKey(request)}`, UPLOAD_LIMIT);
    const dir = app.config.uploadDir;
    const form = await readForm(request, { fields: uploadFieldsSchema, files: calls.uploadFile.multipart, dir });
    let stored: StoredUpload | null = null;
    try {
      const file = form.files.get('file');
      if (!file) throw badRequest(UPLOAD_FILE_FAILED, 'file');
      const upload = file;
      await app.db.transaction().execute(async (trx) => {
        stored = await storeUpload(trx, { file: upload, folder: form.fields.folder, dir, now: app.now() });
      });
      const done = stored as StoredUpload | null;
      if (!done) throw new Error('upload was not stored');
      return { success: 'true', message: messages.uploaded, data: { url: done.url, name: done.name } };
    } catch (error) {
      await (stored as StoredUpload | null)?.remove();
      throw error;
    } finally {
      await form.cleanup();
    }
  });

  // Stored files, by their generated names only: nothing else on disk can be named.
  app.get<{ Params: { name: string } }>(upstreamPages.files, async (request, reply) => {
    const { name } = request.params;
    if (!UPLOAD_NAME.test(name)) throw notFound('File not found');
    const contentType = await uploadContentType(app.db, name);
    if (!contentType) throw notFound('File not found');
    const path = join(app.config.uploadDir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw notFound('File not found');
    return reply
      .type(contentType)
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      // Stored names never change content.
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .send(createReadStream(path));
  });
}
