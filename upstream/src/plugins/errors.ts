import { failure } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';

/**
 * Every error leaves in the API's failure shape: 400 names each bad field with its required message,
 * 404 for unknown routes, and a 500 that says 'Server error' without a stack. A refusal the client
 * words itself (a chat post while muted, in slow mode…) also carries `code` and `retry_at`.
 */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setNotFoundHandler((request, reply) => {
      void reply.code(404).send(failure(`Route ${request.method} ${request.url.split('?')[0]} not found`));
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const seen = new Set<string>();
        const fields = [];
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
          if (seen.has(field)) continue;
          seen.add(field);
          fields.push({ field, message: issue.message ?? 'Invalid value' });
        }
        const first = fields[0]?.message ?? 'Invalid request';
        return reply.code(400).send(failure(first, fields));
      }
      if (error instanceof HttpError) {
        const body = failure(error.message, error.errors);
        const refusal = error.refusal;
        if (!refusal) return reply.code(error.statusCode).send(body);
        return reply.code(error.statusCode).send({ ...body, code: refusal.code, ...(refusal.retryAt ? { retry_at: refusal.retryAt.toISOString() } : {}) });
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.code(413).send(failure(messages.altFileTooLarge));
      }
      if (status === 429) {
        return reply.code(429).send(failure(messages.tooManyAttempts));
      }
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type and the like: say what, never how.
        return reply.code(status).send(failure(error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : 'Invalid request'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(failure(messages.serverError));
    });
  },
  { name: 'errors' },
);
