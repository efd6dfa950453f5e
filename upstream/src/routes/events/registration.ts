import { calls } from '@tapcard/shared/contract';
import { avatarFor, eventTiming, formatEventDate } from '@tapcard/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Row } from '../../db/schema.js';
import { hashToken, randomId, randomToken } from '../../lib/crypto.js';
import { inEventChange } from '../../lib/event-seq.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.js';
import { insertOrder, settleOrder } from '../../lib/orders.js';
import { route } from '../../lib/route.js';
import { eventById, eventDates } from './views.js';

/** The token page's text; also the answer when the access of a paid ticket was already handed out. */
export const ACCESS_SENT_MESSAGE = 'Your event access has been sent to your email.';
export const REGISTRATION_CLOSED_MESSAGE = 'This event has ended, so registration is closed.';
export const TICKET_NOT_IN_EVENT_MESSAGE = 'This ticket is not available for this event';
export const TICKET_CHANGED_MESSAGE = 'This ticket has just changed. Please try again.';
export const PAYMENT_PENDING_MESSAGE = 'Your payment has not been confirmed yet. Please try again in a moment.';
export const PAYMENT_DECLINED_MESSAGE = 'Your payment was declined, so no ticket was issued.';
export const PAYMENT_UNKNOWN_MESSAGE = 'Payment not found';
export const soldOutMessage = (ticket: string): string => `Sorry, the ${ticket} ticket is sold out.`;

/** The page the web navigates to for an attendee's access (relative), and the link mailed (absolute). */
export const tokenPath = (tid: string): string => `/event/u/token/${encodeURIComponent(tid)}`;
export const TICKET_CALLBACK_PATH = '/event/p/ticket/successful';

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

export function registrationRoutes(app: FastifyInstance): void {
  /** Mails the access link; the link is also in the answer, so a mail failure is logged, not fatal. */
  async function mailAccess(to: string, name: string, event: Row<'events'>, ticket: string, tid: string): Promise<void> {
    const link = `${app.config.publicUrl}${tokenPath(tid)}`;
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

  route(app, calls.register)(async ({ body }) => {
    const event = await eventById(app.db, body.event_id);
    if (eventTiming(eventDates(event), app.now()) === 1) throw badRequest(REGISTRATION_CLOSED_MESSAGE);
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

    if (price.amount === 0) {
      // A free ticket is confirmed at once: a change live viewers see (the event row first, then the ticket).
      await inEventChange(app.db, event.id, async (trx, seq) => {
        await reserveTicket(trx, price);
        await trx.insertInto('attendees').values({ ...attendee, status: 'confirmed', seq }).execute();
      });
      await mailAccess(body.email, body.name, event, price.title, tid);
      return { success: 'true', message: ACCESS_SENT_MESSAGE, link: tokenPath(tid) };
    }

    // A paid ticket is reserved while the provider takes the payment; the tid waits in ticket_payments.
    const order = await app.db.transaction().execute(async (trx) => {
      await reserveTicket(trx, price);
      await trx.insertInto('attendees').values({ ...attendee, status: 'pending', seq: 0 }).execute();
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
        callback_url: `${app.config.publicUrl}${TICKET_CALLBACK_PATH}`,
      });
      await trx.insertInto('ticket_payments').values({ reference: started.reference, attendee_id: attendee.id, tid_pending: tid, created_at: now }).execute();
      return started;
    });
    return { success: 'true', message: 'Continue to payment', link: order.url };
  });

  route(app, calls.paymentSuccessful)(async ({ body }) => {
    const reference = body.reference;
    const payment = await app.db
      .selectFrom('ticket_payments')
      .innerJoin('attendees', 'attendees.id', 'ticket_payments.attendee_id')
      .innerJoin('event_prices', 'event_prices.id', 'attendees.price_id')
      .select(['attendees.id as attendee_id', 'attendees.event_id', 'attendees.price_id', 'attendees.name', 'attendees.email', 'event_prices.title as ticket'])
      .where('ticket_payments.reference', '=', reference)
      .executeTakeFirst();
    if (!payment) throw notFound(PAYMENT_UNKNOWN_MESSAGE);

    const order = await settleOrder(app.db, app.payments, reference, app.now());
    if (!order || order.payment_status === 'pending') throw conflict(PAYMENT_PENDING_MESSAGE);

    if (order.payment_status === 'declined') {
      // Cancel the reservation and give the ticket back, once.
      await app.db.transaction().execute(async (trx) => {
        await trx.selectFrom('ticket_payments').select('reference').where('reference', '=', reference).forUpdate().execute();
        const cancelled = await trx
          .updateTable('attendees')
          .set({ status: 'cancelled' })
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
      throw new HttpError(402, PAYMENT_DECLINED_MESSAGE);
    }

    // Paid: confirm the attendee and hand out the access once (the row lock makes a second call wait, then see it used).
    const tid = await inEventChange(app.db, payment.event_id, async (trx, seq) => {
      const pending = await trx.selectFrom('ticket_payments').select('tid_pending').where('reference', '=', reference).forUpdate().executeTakeFirst();
      if (!pending?.tid_pending) throw conflict(ACCESS_SENT_MESSAGE);
      const confirmed = await trx
        .updateTable('attendees')
        .set({ status: 'confirmed', seq })
        .where('id', '=', payment.attendee_id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (confirmed.numUpdatedRows === 0n) throw conflict(ACCESS_SENT_MESSAGE);
      await trx.updateTable('ticket_payments').set({ tid_pending: null }).where('reference', '=', reference).execute();
      return pending.tid_pending;
    });
    const event = await eventById(app.db, payment.event_id);
    await mailAccess(payment.email, payment.name, event, payment.ticket, tid);
    return { success: 'true', message: ACCESS_SENT_MESSAGE, link: tokenPath(tid) };
  });
}
