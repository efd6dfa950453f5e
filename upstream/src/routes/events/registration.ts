import { PAYMENT_HOLD_MINUTES, REGISTRATION_HOLD_MINUTES } from '@tapcard/shared/constants';
import { calls, type TicketPaymentOutcome } from '@tapcard/shared/contract';
import { avatarFor, eventTiming, formatEventDate } from '@tapcard/shared/domain';
import { pagePatterns, pages } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Row } from '../../db/schema.js';
import { clientKey } from '../../lib/client-address.js';
import { hashToken, randomId, randomToken } from '../../lib/crypto.js';
import { inEventChange } from '../../domain/event-sequence.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.js';
import { insertOrder, settleOrder } from '../../domain/orders.js';
import { route } from '../../lib/route.js';
import type { Limit } from '../../lib/throttle.js';
import { eventById, eventDates } from '../../repositories/events.js';

/** The token page's text; also the answer when the access of a paid ticket was already handed out. */
export const ACCESS_SENT_MESSAGE = 'Your event access has been sent to your email.';
export const REGISTRATION_CLOSED_MESSAGE = 'This event has ended, so registration is closed.';
export const TICKET_NOT_IN_EVENT_MESSAGE = 'This ticket is not available for this event';
export const TICKET_CHANGED_MESSAGE = 'This ticket has just changed. Please try again.';
export const PAYMENT_PENDING_MESSAGE = 'Your payment has not been confirmed yet. Please try again in a moment.';
export const PAYMENT_DECLINED_MESSAGE = 'Your payment was declined, so no ticket was issued.';
export const PAYMENT_UNKNOWN_MESSAGE = 'We could not find this payment. Check the link, or register again from the event page.';
/** A payment completed after its hold ran out and its seat was sold meanwhile. */
export const paidTooLateMessage = (ticket: string): string =>
  `Your payment arrived after your reservation expired and the ${ticket} ticket sold out, so no ticket was issued. Your payment will be refunded.`;
export const soldOutMessage = (ticket: string): string => `Sorry, the ${ticket} ticket is sold out.`;

/** How long a free registration waiting for its email confirmation holds its seat. */
export const HOLD_MS = REGISTRATION_HOLD_MINUTES * 60_000;
/** How long a paid registration waiting for its payment holds its seat (and counts against its email). */
export const PAYMENT_HOLD_MS = PAYMENT_HOLD_MINUTES * 60_000;
/** How often held registrations past their time are released across all events. */
export const RELEASE_INTERVAL_MS = 60_000;
/**
 * Registrations of one event from one client address: a family or an office registering together
 * stays well within it; a script draining the free seats does not.
 */
export const REGISTRATIONS_PER_ADDRESS: Limit = { max: 10, windowMs: 60 * 60_000 };

/** The answer to a registration past the email's limit: 409 under `email`, so the form shows it under the field. */
function emailLimitReached(max: number): HttpError {
  const message = max === 1 ? messages.emailAlreadyRegistered : messages.emailRegistrationLimit(max);
  return new HttpError(409, message, [{ field: 'email', message }]);
}

/** An image given with a registration is kept only when it is an image reference the web can show. */
function acceptedImage(image: string | undefined): string | undefined {
  const value = image?.trim();
  if (!value) return undefined;
  return /^(https?:\/\/|data:image\/|\/backend\/files\/)/i.test(value) ? value : undefined;
}

type Price = Row<'event_prices'>;

/**
 * Takes one ticket of a category, atomically: `sold < stock` is checked by the update itself, so
 * concurrent registrations can never sell more than the stock (the row lock orders them).
 */
async function reserveTicket(trx: Transaction<Database>, price: Price): Promise<void> {
  const taken = await trx
    .updateTable('event_prices')
    .set((eb) => ({ sold: eb('sold', '+', 1) }))
    .where('id', '=', price.id)
    .where((eb) => eb('sold', '<', eb.ref('stock')))
    .returning(['amount'])
    .executeTakeFirst();
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
  let q = trx
    .updateTable('attendees')
    .set({ status: 'cancelled', hold_until: null })
    .where('status', '=', 'pending')
    .where('hold_until', '<=', now);
  if (eventId !== null) q = q.where('event_id', '=', eventId);
  const released = await q.returning(['id', 'price_id']).execute();
  const perPrice = new Map<string, number>();
  for (const { price_id } of released) perPrice.set(price_id, (perPrice.get(price_id) ?? 0) + 1);
  for (const [priceId, n] of [...perPrice].sort(([a], [b]) => a.localeCompare(b))) {
    await trx
      .updateTable('event_prices')
      .set({ sold: sql<number>`greatest(sold - ${n}, 0)` })
      .where('id', '=', priceId)
      .execute();
  }
  if (released.length > 0) {
    await trx
      .updateTable('orders')
      .set({ expired_at: now })
      .where('payment_status', '=', 'pending')
      .where('expired_at', 'is', null)
      .where(
        'reference',
        'in',
        trx.selectFrom('ticket_payments').select('reference').where('attendee_id', 'in', released.map((r) => r.id)),
      )
      .execute();
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
async function holdSeat(trx: Transaction<Database>, event: Row<'events'>, price: Price, email: string, now: Date): Promise<void> {
  const locked = await trx.selectFrom('events').select('max_registrations_per_email').where('id', '=', event.id).forUpdate().executeTakeFirst();
  if (!locked) throw notFound('Event not found');
  await releaseExpiredHolds(trx, event.id, now);
  const { n } = await trx
    .selectFrom('attendees')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('event_id', '=', event.id)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .where((eb) => eb.or([eb('status', '=', 'confirmed'), eb.and([eb('status', '=', 'pending'), eb('hold_until', '>', now)])]))
    .executeTakeFirstOrThrow();
  if (Number(n) >= locked.max_registrations_per_email) throw emailLimitReached(locked.max_registrations_per_email);
  await reserveTicket(trx, price);
}

/** Releases expired holds of every event now and then, so the stock the pages show catches up without a registration. */
function startHoldReleaser(app: FastifyInstance, db: Kysely<Database>): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = db
      .transaction()
      .execute((trx) => releaseExpiredHolds(trx, null, app.now()))
      .catch((err: unknown) => app.log.error({ err }, 'could not release expired registration holds'))
      .finally(() => {
        running = null;
      });
  }, RELEASE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export function registrationRoutes(app: FastifyInstance): void {
  startHoldReleaser(app, app.db);

  /** Mails the access link; the link is also in the answer, so a mail failure is logged, not fatal. */
  async function mailAccess(to: string, name: string, event: Row<'events'>, ticket: string, tid: string): Promise<void> {
    const link = `${app.config.publicUrl}${pages.eventToken(tid)}`;
    const when = formatEventDate(eventDates(event).start_date);
    try {
      await app.mailer.send({
        to,
        subject: `Your access to ${event.title}`,
        text:
          `Hello ${name},\n\n` +
          `You are registered for ${event.title}${when ? ` on ${when}` : ''} (${ticket} ticket).\n\n` +
          `Your event access: ${link}\n\n` +
          'This link is your ticket and your way into the event arena and chat. Keep it to yourself.\n',
      });
    } catch (err) {
      app.log.error({ err, eventId: event.id }, 'could not mail the event access');
    }
  }

  /** Mails the link that confirms a free registration; without it the seat is released, so a failure is fatal. */
  async function mailConfirmation(to: string, name: string, event: Row<'events'>, ticket: string, token: string): Promise<void> {
    const link = `${app.config.publicUrl}${pages.eventConfirm(token)}`;
    const when = formatEventDate(eventDates(event).start_date);
    await app.mailer.send({
      to,
      subject: `Confirm your registration for ${event.title}`,
      text:
        `Hello ${name},\n\n` +
        `Thank you for registering for ${event.title}${when ? ` on ${when}` : ''} (${ticket} ticket).\n\n` +
        `Confirm your registration within ${REGISTRATION_HOLD_MINUTES} minutes to receive your event access: ${link}\n\n` +
        'Your seat is held until then. If you did not register, ignore this email and the seat will be released.\n',
    });
  }

  route(app, calls.register)(async ({ body, request }) => {
    const event = await eventById(app.db, body.event_id);
    if (eventTiming(eventDates(event), app.now()) === 1) throw badRequest(REGISTRATION_CLOSED_MESSAGE);
    await app.throttle.attempt(`register:${event.id}:${clientKey(request)}`, REGISTRATIONS_PER_ADDRESS);
    const price = await app.db
      .selectFrom('event_prices')
      .selectAll()
      .where('id', '=', body.event_prices_id)
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    if (!price) throw badRequest(TICKET_NOT_IN_EVENT_MESSAGE, 'event_prices_id');

    const tid = randomToken();
    const now = app.now();
    const attendee = {
      id: randomId(),
      event_id: event.id,
      price_id: price.id,
      tid_hash: hashToken(tid),
      name: body.name,
      email: body.email,
      phone: body.phone,
      image: acceptedImage(body.image) ?? avatarFor(body.name),
      created_at: now,
    };

    const holdUntil = new Date(now.getTime() + HOLD_MS);

    if (price.amount === 0 && !event.confirm_email_for_free) {
      // A free ticket is confirmed at once: a change live viewers see (the event row first, then the ticket).
      await inEventChange(app.db, event.id, async (trx, seq) => {
        await holdSeat(trx, event, price, body.email, now);
        await trx.insertInto('attendees').values({ ...attendee, status: 'confirmed', seq }).execute();
      });
      await mailAccess(body.email, body.name, event, price.title, tid);
      return { success: 'true', message: ACCESS_SENT_MESSAGE, link: pages.eventToken(tid) };
    }

    if (price.amount === 0) {
      // The organiser asks for a confirmed email: the seat is held, and the access (a new tid) is made
      // only when the mailed link is used. Nobody sees a pending registration, so no seq.
      const token = randomToken();
      await app.db.transaction().execute(async (trx) => {
        await holdSeat(trx, event, price, body.email, now);
        await trx
          .insertInto('attendees')
          .values({ ...attendee, status: 'pending', seq: 0, hold_until: holdUntil, confirm_token_hash: hashToken(token) })
          .execute();
      });
      try {
        await mailConfirmation(body.email, body.name, event, price.title, token);
      } catch (err) {
        // Without the mail the registration could never be confirmed: give the seat back at once.
        app.log.error({ err, eventId: event.id }, 'could not mail the registration confirmation');
        await app.db.transaction().execute(async (trx) => {
          await trx.updateTable('attendees').set({ hold_until: now }).where('id', '=', attendee.id).where('status', '=', 'pending').execute();
          await releaseExpiredHolds(trx, event.id, now);
        });
        throw new HttpError(503, 'We could not send the confirmation email. Please try again.');
      }
      return { success: 'true', message: messages.confirmEmailSent, link: '', pending: true };
    }

    // A paid ticket is reserved while the provider takes the payment (PAYMENT_HOLD_MS, then released);
    // the tid waits in ticket_payments. Its email count lasts for the hold only, so an abandoned payment
    // does not lock the address out.
    const paymentHoldUntil = new Date(now.getTime() + PAYMENT_HOLD_MS);
    const order = await app.db.transaction().execute(async (trx) => {
      await holdSeat(trx, event, price, body.email, now);
      await trx.insertInto('attendees').values({ ...attendee, status: 'pending', seq: 0, hold_until: paymentHoldUntil }).execute();
      const started = await insertOrder(trx, app.payments, {
        kind: 'ticket',
        name: body.name,
        phone_number: body.phone,
        email: body.email,
        method: 'delivery',
        items: [{ color: price.title, qty: 1, price: price.amount }],
        total: price.amount,
        vat: 0,
        shipping: 0,
        final_total: price.amount,
        callback_url: `${app.config.publicUrl}${pagePatterns.ticketPaymentSuccessful}`,
      });
      await trx.insertInto('ticket_payments').values({ reference: started.reference, attendee_id: attendee.id, tid_pending: tid, created_at: now }).execute();
      return started;
    });
    return { success: 'true', message: 'Continue to payment', link: order.url, hold_until: paymentHoldUntil.toISOString() };
  });

  /**
   * The buyer is back from the provider. Paid: the attendee is confirmed and the access handed out once.
   * A payment completed after its hold ran out (the seat released) takes a seat again when the
   * category has one left; otherwise no ticket is issued and the order is marked for a refund.
   * Every failure says why (`outcome`) and where to register again (`retry`).
   */
  route(app, calls.paymentSuccessful)(async ({ body, reply }) => {
    const reference = body.reference;
    const failed = (status: number, outcome: TicketPaymentOutcome, message: string, retry?: string) => {
      void reply.code(status);
      return { success: 'false' as const, message, outcome, ...(retry ? { retry } : {}) };
    };
    const payment = await app.db
      .selectFrom('ticket_payments')
      .innerJoin('attendees', 'attendees.id', 'ticket_payments.attendee_id')
      .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
      .innerJoin('events', 'events.id', 'attendees.event_id')
      .select(['attendees.id as attendee_id', 'attendees.event_id', 'attendees.price_id', 'attendees.name', 'attendees.email', 'event_prices.title as ticket', 'events.clean_name'])
      .where('ticket_payments.reference', '=', reference)
      .executeTakeFirst();
    if (!payment) return failed(404, 'unknown', PAYMENT_UNKNOWN_MESSAGE);
    const retry = pages.openEventRegister(payment.clean_name);

    const order = await settleOrder(app.db, app.payments, reference, app.now());
    if (!order || order.payment_status === 'pending') return failed(409, 'pending', PAYMENT_PENDING_MESSAGE, retry);
    if (order.refund_due_at) return failed(409, 'sold_out', paidTooLateMessage(payment.ticket), retry);

    if (order.payment_status === 'declined') {
      // Cancel the reservation and give the ticket back, once (not again when its hold had already released it).
      await app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('ticket_payments').select('reference').where('reference', '=', reference).forUpdate().execute();
        const cancelled = await trx
          .updateTable('attendees')
          .set({ status: 'cancelled', hold_until: null })
          .where('id', '=', payment.attendee_id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (cancelled.numUpdatedRows > 0n) {
          await trx
            .updateTable('event_prices')
            .set((eb) => ({ sold: eb('sold', '-', 1) }))
            .where('id', '=', payment.price_id)
            .where('sold', '>', 0)
            .execute();
        }
        await trx.updateTable('ticket_payments').set({ tid_pending: null }).where('reference', '=', reference).execute();
      });
      return failed(402, 'declined', PAYMENT_DECLINED_MESSAGE, retry);
    }

    // Paid: confirm the attendee and hand out the access once (the row locks make a second call wait,
    // then see it used). Lock order as a registration's: the event row (seq), then the attendee, then the ticket.
    const now = app.now();
    const outcome = await inEventChange(app.db, payment.event_id, async (trx, seq) => {
      const pending = await trx.selectFrom('ticket_payments').select('tid_pending').where('reference', '=', reference).forUpdate().executeTakeFirst();
      if (!pending?.tid_pending) return 'used' as const;
      const attendee = await trx.selectFrom('attendees').select('status').where('id', '=', payment.attendee_id).forUpdate().executeTakeFirstOrThrow();
      if (attendee.status === 'confirmed') return 'used' as const;
      if (attendee.status !== 'pending') {
        // Its hold ran out and the seat went back: take one again only if the stock still has it.
        const taken = await trx
          .updateTable('event_prices')
          .set((eb) => ({ sold: eb('sold', '+', 1) }))
          .where('id', '=', payment.price_id)
          .where((eb) => eb('sold', '<', eb.ref('stock')))
          .executeTakeFirst();
        if (taken.numUpdatedRows === 0n) {
          await trx.updateTable('ticket_payments').set({ tid_pending: null }).where('reference', '=', reference).execute();
          await trx.updateTable('orders').set({ refund_due_at: now, updated_at: now }).where('reference', '=', reference).execute();
          return 'sold_out' as const;
        }
      }
      await trx.updateTable('attendees').set({ status: 'confirmed', seq, hold_until: null }).where('id', '=', payment.attendee_id).execute();
      await trx.updateTable('ticket_payments').set({ tid_pending: null }).where('reference', '=', reference).execute();
      return { tid: pending.tid_pending };
    });
    if (outcome === 'used') throw conflict(ACCESS_SENT_MESSAGE);
    if (outcome === 'sold_out') {
      app.log.warn({ eventId: payment.event_id }, 'a ticket payment arrived after its seat was sold: refund due');
      return failed(409, 'sold_out', paidTooLateMessage(payment.ticket), retry);
    }
    const event = await eventById(app.db, payment.event_id);
    await mailAccess(payment.email, payment.name, event, payment.ticket, outcome.tid);
    return { success: 'true', message: ACCESS_SENT_MESSAGE, link: pages.eventToken(outcome.tid) };
  });
  route(app, calls.confirmRegistration)(async ({ body }) => {
    const now = app.now();
    const held = await app.db
      .selectFrom('attendees')
      .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
      .select(['attendees.id', 'attendees.event_id', 'attendees.name', 'attendees.email', 'attendees.status', 'attendees.hold_until', 'event_prices.title as ticket'])
      .where('attendees.confirm_token_hash', '=', hashToken(body.token))
      .executeTakeFirst();
    if (!held) throw notFound(messages.confirmTokenInvalid);
    if (held.status === 'confirmed') throw conflict(ACCESS_SENT_MESSAGE);

    // The attendee row is locked after the event row (the seq bump); a second use waits, then sees it confirmed.
    const tid = randomToken();
    const confirmed = await inEventChange(app.db, held.event_id, async (trx, seq) => {
      const row = await trx.selectFrom('attendees').select(['status', 'hold_until']).where('id', '=', held.id).forUpdate().executeTakeFirstOrThrow();
      if (row.status === 'confirmed') throw conflict(ACCESS_SENT_MESSAGE);
      if (row.status !== 'pending' || !row.hold_until || row.hold_until <= now) return false;
      await trx
        .updateTable('attendees')
        .set({ status: 'confirmed', seq, tid_hash: hashToken(tid), hold_until: null })
        .where('id', '=', held.id)
        .execute();
      return true;
    });
    if (!confirmed) {
      // Too late: the seat goes back now rather than at the next release.
      await app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('events').select('id').where('id', '=', held.event_id).forUpdate().execute();
        await releaseExpiredHolds(trx, held.event_id, now);
      });
      throw new HttpError(410, messages.confirmExpired);
    }
    const event = await eventById(app.db, held.event_id);
    await mailAccess(held.email, held.name, event, held.ticket, tid);
    return { success: 'true', message: ACCESS_SENT_MESSAGE, link: pages.eventToken(tid) };
  });
}
