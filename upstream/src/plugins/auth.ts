import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_KEY_HEADER } from '@tapcard/shared/contract';
import { hashToken, safeEqual } from '../lib/crypto.js';
import { forbidden, unauthorised } from '../lib/http-error.js';
import { sessionByTokenHash, touchSession } from '../repositories/sessions.js';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  description: string;
  /** The public id of the session the request came with (never the token or its hash). */
  sessionId: string;
}

/** A session's last use is written at most this often (not once per request). */
export const SESSION_TOUCH_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Resolves the request's bearer token to its user, or null. */
    userOf(request: FastifyRequest): Promise<AuthUser | null>;
    requireUser(request: FastifyRequest): Promise<void>;
    optionalUser(request: FastifyRequest): Promise<void>;
    requireServiceKey(request: FastifyRequest): Promise<void>;
  }
}

/** Reads `Authorization: <token_type> <access_token>` (the form the web app stores). */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^\s*\S+\s+(\S+)\s*$/.exec(header);
  return match?.[1] ?? null;
}

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('user', null);

    app.decorate('userOf', async (request: FastifyRequest) => {
      const token = bearerOf(request);
      if (!token || token.length > 256) return null;
      const tokenHash = hashToken(token);
      const row = await sessionByTokenHash(app.db, tokenHash);
      const now = app.now();
      if (!row || row.expires_at <= now) return null;
      const staleBefore = new Date(now.getTime() - SESSION_TOUCH_EVERY_MS);
      if (row.last_used_at <= staleBefore) {
        // Conditional, so a burst of requests after a quiet minute writes the row once.
        await touchSession(app.db, tokenHash, now, staleBefore);
      }
      return { id: row.id, email: row.email, name: row.name, image: row.image, description: row.description, sessionId: row.session_id };
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.user = await app.userOf(request);
      if (!request.user) throw unauthorised();
    });

    app.decorate('optionalUser', async (request: FastifyRequest) => {
      request.user = await app.userOf(request);
    });

    app.decorate('requireServiceKey', async (request: FastifyRequest) => {
      const key = request.headers[SERVICE_KEY_HEADER];
      if (typeof key !== 'string') throw unauthorised();
      if (!safeEqual(key, app.config.serviceKey)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['context'] },
);
