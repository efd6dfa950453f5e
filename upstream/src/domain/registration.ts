import { PAYMENT_HOLD_MINUTES, REGISTRATION_HOLD_MINUTES } from '@tapcard/shared/constants';
import { pages } from '@tapcard/shared/pages';
import { isOwnImage, messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { hashToken } from '../lib/crypto.js';
import { conflict, HttpError, notFound } from '../lib/http-error.js';
import { eventAccessMail, eventConfirmationMail, eventPaymentMail, type MailEvent } from '../mail/event-mails.js';
import { confirmedAttendeeByTidHash } from '../repositories/attendees.js';
import { eventDates } from '../repositories/event-wire.js';
import { EVENT_NOT_FOUND_MESSAGE } from '../repositories/events.js';
import {
  activeRegistrationsOfEmail,
  cancelExpiredHolds,
  cancelPending,
  clearPendingTid,
  clearReleaseHash,
  confirmAttendee,
  endHold,
  expireOrdersOfAttendees,
  giveBackSeat,
  giveBackSeats,
  lockAttendee,
  lockEvent,
  lockEventForRegistration,
  lockTicketPayment,
  markRefundDue,
  takeSeat,
  ticketPaymentByReleaseHash,
} from '../repositories/registrations.js';
import { inEventChange } from './event-sequence.js';
import { issueTicket } from './tickets.js';

/**
 * Registration rules: a seat is held under the event row's lock (per-email limit, then one ticket of
 * the category), held seats are released when their time passes, and a held registration becomes
 * confirmed once (free: by its emailed link; paid: when the provider confirms the payment).
 */

/** The token page's text; also the answer when the access of a paid ticket was already handed out. */
export const ACCESS_SENT_MESSAGE = 'Your event access has been sent to your email.';
export const TICKET_CHANGED_MESSAGE = 'This ticket has just changed. Please try again.';
export const soldOutMessage = (ticket: string): string => `Sorry, the ${ticket} ticket is sold out.`;

/** How long a free registration waiting for its email confirmation holds its seat. */
export const HOLD_MS = REGISTRATION_HOLD_MINUTES * 60_000;
/** How long a paid registration waiting for its payment holds its seat (and counts against its email). */
export const PAYMENT_HOLD_MS = PAYMENT_HOLD_MINUTES * 60_000;
/** How often held registrations past their time are released across all events. */
/** How often expired holds are released without a registration: every minute. */
export const HOLD_RELEASE_CRON = '* * * * *';

/** The answer to a registration past the email's limit: 409 under `email`, so the form shows it under the field. */
function emailLimitReached(max: number): HttpError {
  const message = max === 1 ? messages.emailAlreadyRegistered : messages.emailRegistrationLimit(max);
  return new HttpError(409, message, [{ field: 'email', message }]);
}

/** An image given with a registration (the contract takes only the product's own, isOwnImage); blank is none. */
export function acceptedImage(image: string | undefined): string | undefined {
  const value = image?.trim();
  return value && isOwnImage(value) ? value : undefined;
}

type Price = Row<'event_prices'>;

/**
 * Takes one ticket of a category, atomically: `sold < stock` is checked by the update itself, so
 * concurrent registrations can never sell more than the stock (the row lock orders them).
 */
async function reserveTicket(trx: Transaction<Database>, price: Price): Promise<void> {
  const taken = await takeSeat(trx, price.id);
  if (!taken) throw conflict(soldOutMessage(price.title));
  if (taken.amount !== price.amount) throw conflict(TICKET_CHANGED_MESSAGE);
}

/**
 * Cancels the pending registrations of `eventId` (every event when null) whose hold has passed (free
 * ones waiting for their email confirmation, paid ones waiting for their payment) and gives their seats
 * back, in one transaction: a row is cancelled once (the conditional update) and its ticket's `sold`
 * drops by exactly the rows this call cancelled; the orders of released paid ones are marked expired.
 * Lock order: the held attendee rows, then their tickets, then their orders (a registration holds the
 * event row before all).
 */
export async function releaseExpiredHolds(trx: Transaction<Database>, eventId: string | null, now: Date): Promise<number> {
  const released = await cancelExpiredHolds(trx, eventId, now);
  const perPrice = new Map<string, number>();
  for (const { price_id } of released) perPrice.set(price_id, (perPrice.get(price_id) ?? 0) + 1);
  for (const [priceId, n] of [...perPrice].sort(([a], [b]) => a.localeCompare(b))) {
    await giveBackSeats(trx, priceId, n);
  }
  if (released.length > 0) {
    await expireOrdersOfAttendees(
      trx,
      released.map((r) => r.id),
      now,
    );
  }
  return released.length;
}

/**
 * The seat and email checks of a registration, inside its transaction: takes the event row's lock
 * (every registration of the event queues behind it, so two with one email can never both see room),
 * releases the event's expired holds, refuses an email that already holds the event's
 * `max_registrations_per_email` (confirmed ones and pending ones still held, compared
 * case-insensitively) under `email`, then takes one ticket.
 */
export async function holdSeat(trx: Transaction<Database>, event: Row<'events'>, price: Price, email: string, now: Date): Promise<void> {
  const locked = await lockEventForRegistration(trx, event.id);
  if (!locked) throw notFound(EVENT_NOT_FOUND_MESSAGE);
  await releaseExpiredHolds(trx, event.id, now);
  const n = await activeRegistrationsOfEmail(trx, event.id, email, now);
  if (n >= locked.max_registrations_per_email) throw emailLimitReached(locked.max_registrations_per_email);
  await reserveTicket(trx, price);
}

/**
 * Releases expired holds of every event once a minute (a periodic job: one run per minute whatever the
 * number of upstreams), so the stock the pages show catches up without a registration.
 */
export function scheduleHoldRelease(app: FastifyInstance): void {
  app.jobs.periodic('holds.release', HOLD_RELEASE_CRON, async () => {
    await app.db.transaction().execute((trx) => releaseExpiredHolds(trx, null, app.now()));
  });
}

/** The event as the mails describe it. */
export function mailEvent(event: Row<'events'>): MailEvent {
  return { id: event.id, title: event.title, description: event.description, location: event.location, ...eventDates(event) };
}

/**
 * Mails the access link, the door ticket's QR code (signed now, as the token page's: no access token
 * in it) and the event's calendar file. The mail is queued, so a failed SMTP attempt is retried later;
 * the link is also in the answer, so even a mail that cannot be stored is logged, not fatal.
 */
export async function mailAccess(app: FastifyInstance, to: string, name: string, event: Row<'events'>, ticket: string, tid: string): Promise<void> {
  const link = `${app.config.publicUrl}${pages.eventToken(tid)}`;
  try {
    const attendee = await confirmedAttendeeByTidHash(app.db, hashToken(tid));
    if (!attendee) throw new Error('no confirmed attendee holds this access token');
    const content = await eventAccessMail({
      name,
      event: mailEvent(event),
      ticket,
      link,
      doorTicket: await issueTicket(app, event.id, attendee.id),
      // Stable per attendee and event: the access token names both.
      uid: `${hashToken(tid).slice(0, 32)}-${event.id}@${new URL(app.config.publicUrl).hostname}`,
    });
    await app.mailer.send({ to, ...content });
  } catch (err) {
    app.log.error({ err, eventId: event.id }, 'could not mail the event access');
  }
}

/**
 * Mails the link that confirms a free registration. Queued: a failed SMTP attempt is retried in the
 * background and does not release the seat (the hold's own expiry does, if nobody confirms). Only a
 * mail that could not even be stored fails the registration.
 */
export async function mailConfirmation(app: FastifyInstance, to: string, name: string, event: Row<'events'>, ticket: string, token: string): Promise<void> {
  const link = `${app.config.publicUrl}${pages.eventConfirm(token)}`;
  await app.mailer.send({ to, ...eventConfirmationMail({ name, event: mailEvent(event), ticket, link, holdMinutes: REGISTRATION_HOLD_MINUTES }) });
}


/**
 * The buyer gives back the seat of a paid ticket still held for its payment: the registration is
 * cancelled, its seat returns to the stock and its order is marked expired, at once and once (the
 * ticket payment's lock, then the conditional cancel, as a declined payment's). The access token
 * stays with the payment, so a payment completed anyway is settled as one that came after its hold:
 * a seat if one is left, else a refund. Answers 'released', 'ended' (not held any more: paid,
 * declined, expired or already released) or 'unknown'.
 */
export async function releaseHeldTicket(db: Kysely<Database>, releaseHash: string, now: Date): Promise<'released' | 'ended' | 'unknown'> {
  const held = await ticketPaymentByReleaseHash(db, releaseHash);
  if (!held) return 'unknown';
  return db.transaction().execute(async (trx) => {
    await lockTicketPayment(trx, held.reference);
    await clearReleaseHash(trx, held.reference);
    if (!(await cancelPending(trx, held.attendee_id))) return 'ended' as const;
    await giveBackSeat(trx, held.price_id);
    await expireOrdersOfAttendees(trx, [held.attendee_id], now);
    return 'released' as const;
  });
}
/**
 * Mails the provider's payment page of a paid ticket held for its payment. Queued like the others; a
 * mail that cannot even be stored is logged, not fatal: the page shows the same link.
 */
export async function mailPaymentLink(app: FastifyInstance, to: string, name: string, event: Row<'events'>, ticket: string, link: string): Promise<void> {
  try {
    await app.mailer.send({ to, ...eventPaymentMail({ name, event: mailEvent(event), ticket, link, holdMinutes: PAYMENT_HOLD_MINUTES }) });
  } catch (err) {
    app.log.error({ err, eventId: event.id }, 'could not mail the payment link');
  }
}

/** A declined payment cancels its reservation and gives the ticket back, once (not again when its hold had already released it). */
export async function cancelDeclinedTicket(db: Kysely<Database>, reference: string, attendeeId: string, priceId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockTicketPayment(trx, reference);
    if (await cancelPending(trx, attendeeId)) await giveBackSeat(trx, priceId);
    await clearPendingTid(trx, reference);
  });
}

/**
 * A paid ticket: confirms the attendee and hands out the access once (the row locks make a second call
 * wait, then see it 'used'). A registration whose hold ran out (its seat went back) takes a seat again
 * only if the stock still has one; otherwise 'sold_out' and the order is marked for a refund. Lock
 * order as a registration's: the event row (seq), then the attendee, then the ticket.
 *
 * `via`: the buyer's return hands the access token out (its link is the answer) and drops it; the
 * webhook confirms and mails but keeps the token for the buyer's return, which then shows the link
 * once more without a second mail (`mail: false`). A later return sees 'used'.
 */
export async function confirmPaidTicket(
  db: Kysely<Database>,
  eventId: string,
  reference: string,
  attendeeId: string,
  priceId: string,
  now: Date,
  via: 'return' | 'webhook' = 'return',
): Promise<'used' | 'sold_out' | { tid: string; mail: boolean }> {
  return inEventChange(db, eventId, async (trx, seq) => {
    const pending = await lockTicketPayment(trx, reference);
    if (!pending?.tid_pending) return 'used' as const;
    const attendee = await lockAttendee(trx, attendeeId);
    if (attendee.status === 'confirmed') {
      if (via === 'webhook') return 'used' as const;
      await clearPendingTid(trx, reference);
      return { tid: pending.tid_pending, mail: false };
    }
    if (attendee.status !== 'pending') {
      if (!(await takeSeat(trx, priceId))) {
        await clearPendingTid(trx, reference);
        await markRefundDue(trx, reference, now);
        return 'sold_out' as const;
      }
    }
    await confirmAttendee(trx, attendeeId, seq);
    if (via === 'return') await clearPendingTid(trx, reference);
    return { tid: pending.tid_pending, mail: true };
  });
}

/**
 * Confirms a free registration by its emailed link with a new access token (its hash `tidHash`):
 * false when its hold has passed, 409 when it was confirmed already. The attendee row is locked after
 * the event row (the seq bump); a second use waits, then sees it confirmed.
 */
export async function confirmHeldRegistration(db: Kysely<Database>, eventId: string, attendeeId: string, tidHash: string, now: Date): Promise<boolean> {
  return inEventChange(db, eventId, async (trx, seq) => {
    const row = await lockAttendee(trx, attendeeId);
    if (row.status === 'confirmed') throw conflict(ACCESS_SENT_MESSAGE);
    if (row.status !== 'pending' || !row.hold_until || row.hold_until <= now) return false;
    await confirmAttendee(trx, attendeeId, seq, tidHash);
    return true;
  });
}

/** Releases the event's expired holds now (under the event row's lock) rather than at the next release. */
export async function releaseEventHoldsNow(db: Kysely<Database>, eventId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockEvent(trx, eventId);
    await releaseExpiredHolds(trx, eventId, now);
  });
}

/** Gives a held seat back at once (its confirmation mail could not be sent). */
export async function releaseHeldSeat(db: Kysely<Database>, eventId: string, attendeeId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await endHold(trx, attendeeId, now);
    await releaseExpiredHolds(trx, eventId, now);
  });
}
