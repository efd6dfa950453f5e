import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { replaceAccessToken, type TicketOwner } from '../repositories/attendees.js';
import { mailAccess } from './registration.js';

/**
 * Mails a confirmed attendee's access again: the access mail of their registration (link, door QR code,
 * calendar file), through the mail queue. Only the access token's hash is stored, so the mail carries a
 * new access token, and the old link stops working; the door ticket (signed for the attendee, not the
 * token) stays valid. Answers false when the attendee is not confirmed any more (nothing is mailed).
 */
export async function resendAccess(app: FastifyInstance, event: Row<'events'>, owner: TicketOwner): Promise<boolean> {
  const tid = randomToken();
  if (!(await replaceAccessToken(app.db, owner.id, hashToken(tid)))) return false;
  await mailAccess(app, owner.email, owner.name, event, owner.ticket, tid);
  return true;
}
