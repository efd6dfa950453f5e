import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { conflict } from '../lib/http-error.js';
import { bindFreeChip, chipOfAttendee } from '../repositories/chips.js';
import { inEventChange } from './event-sequence.js';

export const CHIP_TAKEN_MESSAGE = 'This chip is already linked to another attendee';
export const NO_CHIP_TICKET_MESSAGE = 'This access token is for a ticket without a chip';
export const TOKEN_HAS_CHIP_MESSAGE = 'This access token is already linked to another chip';

/**
 * Binds a chip to an attendee whose ticket includes one: a chip holds one attendee and an attendee
 * holds at most one chip (409 otherwise). Binding the chip to its own holder again changes nothing.
 */
export async function bindChip(db: Kysely<Database>, chip: { id: string; event_id: string; attendee_id: string | null }, attendeeId: string): Promise<void> {
  if (chip.attendee_id === attendeeId) return;
  if (chip.attendee_id !== null) throw conflict(CHIP_TAKEN_MESSAGE);
  await inEventChange(db, chip.event_id, async (trx, seq) => {
    // The counter's update holds the event row's lock, so binds of one event queue here and this
    // check sees every binding committed before it: the check and the binding are one step.
    if (await chipOfAttendee(trx, attendeeId)) throw conflict(TOKEN_HAS_CHIP_MESSAGE);
    if (!(await bindFreeChip(trx, chip.id, attendeeId, seq))) throw conflict(CHIP_TAKEN_MESSAGE);
  });
}
