import { TICKET_RECOVERY_TTL_MINUTES } from '@tapcard/shared/constants';
import { pages } from '@tapcard/shared/pages';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';
import { hashToken, randomToken } from '../lib/crypto.js';
import { ticketRecoveryMail } from '../mail/event-mails.js';
import { insertTicketRecovery, replaceAccessToken, takeTicketRecovery, ticketOwnerById, type TicketOwner } from '../repositories/attendees.js';
import { eventById } from '../repositories/events.js';
import { mailAccess, mailEvent } from './registration.js';

/**
 * Mails a confirmed attendee's access again: the access mail of their registration (link, door QR code,
 * calendar file), through the mail queue. Only the access token's hash is stored, so the mail carries a
 * new access token, and the old link stops working; the door ticket (signed for the attendee, not the
 * token) stays valid. Answers the new access token, or undefined when the attendee is not confirmed any
 * more (nothing is mailed).
 */
export async function resendAccess(app: FastifyInstance, event: Row<'events'>, owner: TicketOwner): Promise<string | undefined> {
  const tid = randomToken();
  if (!(await replaceAccessToken(app.db, owner.id, hashToken(tid)))) return undefined;
  await mailAccess(app, owner.email, owner.name, event, owner.ticket, tid);
  return tid;
}

/**
 * "Lost your ticket?" for one ticket: mails its owner a one-time link (only its hash is stored) that
 * replaces the access link when opened. The access link itself is not touched: whoever asked may not
 * be the owner, and must not be able to end the owner's link.
 */
export async function mailTicketRecovery(app: FastifyInstance, event: Row<'events'>, owner: TicketOwner): Promise<void> {
  const now = app.now();
  const token = randomToken();
  const expires = new Date(now.getTime() + TICKET_RECOVERY_TTL_MINUTES * 60_000);
  await insertTicketRecovery(app.db, { token_hash: hashToken(token), attendee_id: owner.id, expires_at: expires }, now);
  const link = `${app.config.publicUrl}${pages.ticketRecovery(event.clean_name, token)}`;
  await app.mailer.send({ to: owner.email, ...ticketRecoveryMail({ name: owner.name, event: mailEvent(event), link, ttlMinutes: TICKET_RECOVERY_TTL_MINUTES }) });
}

/**
 * Opens a "Lost your ticket?" link once (parallel opens: one wins): the ticket gets a new access link,
 * mailed as `resendAccess` does. Answers the new access token, or undefined when the link is unknown,
 * used or expired, or its ticket is not confirmed any more.
 */
export async function redeemTicketRecovery(app: FastifyInstance, token: string): Promise<string | undefined> {
  const attendeeId = await takeTicketRecovery(app.db, hashToken(token), app.now());
  if (!attendeeId) return undefined;
  const owner = await ticketOwnerById(app.db, attendeeId);
  if (!owner) return undefined;
  return resendAccess(app, await eventById(app.db, owner.event_id), owner);
}
