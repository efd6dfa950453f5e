import type { FastifyInstance } from 'fastify';
import { calls } from '@tapcard/shared/contract';
import { notFound } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import { deleteOtherSessions, deleteSession, liveSessions } from '../repositories/sessions.js';

export const SESSION_NOT_FOUND = 'Session not found';

/**
 * The owner's sessions: logout ends the caller's own session on the server (a copied token stops
 * working at once), the list shows every live session with its device and last use, and the owner may
 * end any other one. Sessions are only ever named by their public id; answers are never cached.
 */
export default async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.logout)(async ({ user, reply }) => {
    await deleteSession(app.db, user.id, user.sessionId);
    void reply.header('cache-control', 'no-store');
    return { success: 'true', message: 'Logged out' };
  });

  route(app, calls.listSessions)(async ({ user, reply }) => {
    const rows = await liveSessions(app.db, user.id, app.now());
    void reply.header('cache-control', 'no-store');
    return {
      success: 'true',
      data: {
        sessions: rows.map((s) => ({
          id: s.id,
          created_at: s.created_at.toISOString(),
          last_used_at: s.last_used_at.toISOString(),
          device: s.device,
          current: s.id === user.sessionId,
        })),
      },
    };
  });

  route(app, calls.endSession)(async ({ user, params, reply }) => {
    // Another user's session (or none) is the same 404: ids are not revealed.
    if (!(await deleteSession(app.db, user.id, params.sessionId))) throw notFound(SESSION_NOT_FOUND);
    void reply.header('cache-control', 'no-store');
    return { success: 'true', message: 'Session ended' };
  });

  route(app, calls.endOtherSessions)(async ({ user, reply }) => {
    const ended = await deleteOtherSessions(app.db, user.id, user.sessionId);
    void reply.header('cache-control', 'no-store');
    return { success: 'true', message: 'Other sessions ended', data: { ended } };
  });
}
