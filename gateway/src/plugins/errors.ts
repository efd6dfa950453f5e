import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { messageForStatus, sendFailure } from '../http/failure.js';

/** Every error the gateway answers itself leaves in the wire failure shape, without a stack. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return sendFailure(reply, status, messageForStatus(status));
    });
  },
  { name: 'errors' },
);
