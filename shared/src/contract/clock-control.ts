import { z } from 'zod';

/**
 * TEST ONLY: the upstream's movable clock (CLOCK_CONTROL=on). A caller on the upstream's machine that
 * holds the service key moves the clock forward; the upstream then runs its periodic jobs once and
 * answers the new time and the jobs it ran. Not part of the public API: the gateway never passes it on.
 */
export const CLOCK_CONTROL_PATH = '/local/clock';

/** At most a year per move. */
const MAX_CLOCK_ADVANCE_SECONDS = 366 * 24 * 60 * 60;

export const clockMoveBodySchema = z.object({ advance_seconds: z.number().int().min(1).max(MAX_CLOCK_ADVANCE_SECONDS) });
export const clockMoveAnswerSchema = z.object({ now: z.iso.datetime(), ran: z.array(z.string()) });
export type ClockMove = z.infer<typeof clockMoveAnswerSchema>;
