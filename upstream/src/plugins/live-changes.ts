import { everyCall, type Call } from '@tapcard/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { liveChangeProblem, watchLiveChanges } from '../lib/live-changes.js';

/** A call's route changed live state without its call saying so (or the answer does not name the event). */
export class UndeclaredLiveChangeError extends Error {
  readonly statusCode = 500;
}

/**
 * Checks every contract call's request against its call's `live` (lib/live-changes.ts): a request that
 * changed an event's live state through a call that does not say so fails with a 500 naming the call,
 * and so does a 'poke' call whose success answer does not name its event. The tests' upstream runs
 * with it, so a new live-changing route fails its own tests until its call says so.
 */
export interface LiveChangesOptions {
  /** The calls to hold requests to, by name (default: every call of the contract). */
  calls?: readonly (readonly [name: string, call: Call])[];
}

export default fp<LiveChangesOptions>(
  async function liveChanges(app: FastifyInstance, opts: LiveChangesOptions) {
    const byRoute = new Map<string, { name: string; call: Call }>();
    for (const [name, call] of opts.calls ?? everyCall()) byRoute.set(`${call.method} ${call.path}`, { name, call });
    const watched = new WeakMap<FastifyRequest, Set<string>>();

    app.addHook('preHandler', (request, _reply, done) => {
      const events = new Set<string>();
      watched.set(request, events);
      watchLiveChanges(events, done);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const events = watched.get(request);
      const found = byRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`);
      // Once per request: the failure this sends comes through here again.
      watched.delete(request);
      if (!events || !found) return payload;
      let answer: unknown;
      if (typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
        try {
          answer = JSON.parse(payload);
        } catch {
          answer = undefined;
        }
      }
      const problem = liveChangeProblem(found.name, found.call, events, answer);
      if (problem) {
        process.stderr.write(`${problem}\n`);
        throw new UndeclaredLiveChangeError(problem);
      }
      return payload;
    });
  },
  { name: 'live-changes' },
);
