import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_KEY_HEADER } from '@tapcard/shared/contract';
import { hashToken, safeEqual } from '../lib/crypto.js';
import { forbidden, unauthorised } from '../lib/http-error.js';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  description: string;
}

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

/** Reads `Authorization: <token_type> <access_token>` (the spec's stored form). */
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
      const row = await app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.email', 'users.name', 'users.image', 'users.description', 'sessions.expires_at'])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.expires_at <= app.now()) return null;
      return { id: row.id, email: row.email, name: row.name, image: row.image, description: row.description };
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
