import { LIMITS } from '@tapcard/shared/constants';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { conflict, HttpError } from '../lib/http-error.js';
import { ticketOwnerById } from '../repositories/attendees.js';
import { renameUnlessCheckedIn, ticketStateByTidHash, transferByTidHash, unbindChipOf } from '../repositories/ticket-transfers.js';
import { inEventChange } from './event-sequence.js';
import { mailAccess } from './registration.js';

/** The answer to a token whose ticket went to someone else: its link and its QR code no longer work. */
export const ticketTransferredError = () => new HttpError(410, messages.ticketWasTransferred);

/**
 * The holder renames themselves, as one change of the event (the door, the arena and the organiser
 * see the new name at once). Refused once they are checked in: the door has seen who came.
 */
export async function editTicketName(app: FastifyInstance, eventId: string, attendeeId: string, name: string): Promise<void> {
  await app.throttle.attemptAll([{ key: `ticket-name:${attendeeId}`, limit: LIMITS.ticketNameEdit }]);
  await inEventChange(app.db, eventId, async (trx, seq) => {
    if (!(await renameUnlessCheckedIn(trx, attendeeId, name, seq))) throw conflict(messages.ticketCheckedInNoEdit);
  });
}

/**
 * Gives the ticket of the access token `tid` to `to`, as one change of the event: the old row ends and
 * the new holder's begins in one statement (transferByTidHash), the old holder's chip is unbound, and
 * the transfer is counted against the ticket's LIMITS.ticketTransfer in the same transaction (a
 * refusal takes it all back). The change's event lock queues parallel transfers of one ticket: the
 * first moves it, the others find it gone (410) or checked in (409). After the commit the new holder
 * is mailed their access link and door QR code, once. Answers the new holder's row id.
 */
export async function transferTicket(app: FastifyInstance, event: Row<'events'>, tid: string, to: { name: string; email: string }): Promise<string> {
  const tidHash = hashToken(tid);
  const current = await ticketStateByTidHash(app.db, tidHash);
  if (current && current.email.trim().toLowerCase() === to.email.trim().toLowerCase()) throw new HttpError(400, messages.ticketTransferSelf, [{ field: 'email', message: messages.ticketTransferSelf }]);
  const newTid = randomToken();
  const now = app.now();
  const moved = await inEventChange(app.db, event.id, async (trx, seq) => {
    const done = await transferByTidHash(trx, { tidHash, newId: randomId(), newTidHash: hashToken(newTid), name: to.name, email: to.email, seq, now });
    if (!done) {
      const state = await ticketStateByTidHash(trx, tidHash);
      if (state?.status === 'confirmed' && state.checked_in) throw conflict(messages.ticketCheckedInNoTransfer);
      throw ticketTransferredError();
    }
    await app.throttle.attemptOrRefuse(`ticket-transfer:${done.origin}`, LIMITS.ticketTransfer, () => new HttpError(429, messages.ticketTransferLimit), trx);
    await unbindChipOf(trx, done.from, seq);
    return done;
  });
  const owner = await ticketOwnerById(app.db, moved.to);
  if (owner) await mailAccess(app, owner.email, owner.name, event, owner.ticket, newTid);
  return moved.to;
}
