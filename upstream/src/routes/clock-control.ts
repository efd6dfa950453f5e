import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CLOCK_CONTROL_PATH, clockMoveBodySchema, type ClockMove } from '@tapcard/shared/contract';
import type { MovableClock } from '../lib/clock.js';
import { thisMachineOnly } from '../lib/this-machine.js';

export interface ClockControlOptions {
  clock: MovableClock;
}

/**
 * TEST ONLY (CLOCK_CONTROL=on, refused beyond loopback by the configuration): moves the upstream's
 * clock forward, then runs every periodic job's work once (due reminders, due scheduled messages,
 * expired holds, refunds to retry) and answers when it has ended. The browser journeys use it to see a
 * message go at its time, and not before, without waiting for the time itself. Only this machine's
 * callers holding the service key reach it (lib/this-machine.ts).
 */
export default async function clockControlRoutes(app: FastifyInstance, opts: ClockControlOptions): Promise<void> {
  app.post<{ Body: z.infer<typeof clockMoveBodySchema> }>(CLOCK_CONTROL_PATH, { schema: { body: clockMoveBodySchema }, preHandler: thisMachineOnly(app) }, async (request) => {
    opts.clock.advance(request.body.advance_seconds * 1000);
    const ran = await app.jobs.runPeriodicNow();
    const data: ClockMove = { now: app.now().toISOString(), ran };
    return { success: 'true', data };
  });
}
