import { LIMITS } from '@tapcard/shared/constants';
import { calls, type TicketPaymentOutcome } from '@tapcard/shared/contract';
import { avatarFor, eventTiming } from '@tapcard/shared/domain';
import { pagePatterns, pages } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import type { FastifyInstance } from 'fastify';
import { inEventChange } from '../../domain/event-sequence.js';
import { newOrderReference, startPayment, storePendingOrder, withdrawUnstartedTicket, type NewOrder } from '../../domain/orders.js';
import {
  ACCESS_SENT_MESSAGE,
  acceptedImage,
  confirmHeldRegistration,
  HOLD_MS,
  holdSeat,
  mailAccess,
  mailConfirmation,
  mailPaymentLink,
  PAYMENT_HOLD_MS,
  releaseEventHoldsNow,
  releaseHeldSeat,
  releaseHeldTicket,
  scheduleHoldRelease,
} from '../../domain/registration.js';
import { refusedPayment, settlePayment } from '../../domain/settlement.js';
import { clientKey } from '../../lib/client-address.js';
import { hashToken, randomId, randomToken } from '../../lib/crypto.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { eventDates } from '../../repositories/event-wire.js';
import { eventById } from '../../repositories/events.js';
import { insertAttendee, insertTicketPayment, priceOfEvent, registrationByConfirmTokenHash, ticketPaymentByReference } from '../../repositories/registrations.js';

export const REGISTRATION_CLOSED_MESSAGE = 'This event has ended, so registration is closed.';
export const TICKET_NOT_IN_EVENT_MESSAGE = 'This ticket is not available for this event';
export const PAYMENT_PENDING_MESSAGE = 'Your payment has not been confirmed yet. Please try again in a moment.';
export const PAYMENT_DECLINED_MESSAGE = 'Your payment was declined, so no ticket was issued.';
export const PAYMENT_AMOUNT_REFUSED_MESSAGE = 'The amount paid does not match the ticket price, so the payment was not accepted and no ticket was issued. Your payment will be refunded.';
export const SEAT_RELEASED_MESSAGE = 'Your seat has been released.';
export const HOLD_ENDED_MESSAGE = 'This reservation has already ended.';
export const PAYMENT_UNKNOWN_MESSAGE = 'We could not find this payment. Check the link, or register again from the event page.';
/** A payment completed after its hold ran out and its seat was sold meanwhile. */
export const paidTooLateMessage = (ticket: string): string =>
  `Your payment arrived after your reservation expired and the ${ticket} ticket sold out, so no ticket was issued. Your payment will be refunded.`;

export function registrationRoutes(app: FastifyInstance): void {
  scheduleHoldRelease(app);

  route(app, calls.register)(async ({ body, request }) => {
    const event = await eventById(app.db, body.event_id);
    if (eventTiming(eventDates(event), app.now()) === 1) throw badRequest(REGISTRATION_CLOSED_MESSAGE);
    await app.throttle.attempt(`register:${event.id}:${clientKey(request)}`, LIMITS.registration);
    const price = await priceOfEvent(app.db, body.event_prices_id, event.id);
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
        await insertAttendee(trx, { ...attendee, status: 'confirmed', seq });
      });
      await mailAccess(app, body.email, body.name, event, price.title, tid);
      return { success: 'true', message: ACCESS_SENT_MESSAGE, link: pages.eventToken(tid) };
    }

    if (price.amount === 0) {
      // The organiser asks for a confirmed email: the seat is held, and the access (a new tid) is made
      // only when the mailed link is used. Nobody sees a pending registration, so no seq.
      const token = randomToken();
      await app.db.transaction().execute(async (trx) => {
        await holdSeat(trx, event, price, body.email, now);
        await insertAttendee(trx, { ...attendee, status: 'pending', seq: 0, hold_until: holdUntil, confirm_token_hash: hashToken(token) });
      });
      try {
        await mailConfirmation(app, body.email, body.name, event, price.title, token);
      } catch (err) {
        // Without the mail the registration could never be confirmed: give the seat back at once.
        app.log.error({ err, eventId: event.id }, 'could not mail the registration confirmation');
        await releaseHeldSeat(app.db, event.id, attendee.id, now);
        throw new HttpError(503, 'We could not send the confirmation email. Please try again.');
      }
      return { success: 'true', message: messages.confirmEmailSent, link: '', pending: true };
    }

    // A paid ticket is reserved while the provider takes the payment (PAYMENT_HOLD_MS, then released);
    // the tid waits in ticket_payments. Its email count lasts for the hold only, so an abandoned payment
    // does not lock the address out. The seat, the attendee and the pending order are committed first;
    // the provider is called after, so a slow provider never keeps the event row locked (every other
    // registration of the event waits for that lock). If it cannot start the payment, the seat goes back
    // at once and the order is removed (503).
    const paymentHoldUntil = new Date(now.getTime() + PAYMENT_HOLD_MS);
    const ticketOrder: NewOrder = {
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
    };
    const reference = newOrderReference();
    // The buyer's secret to give the seat back before paying (kept by the page, never in a mail).
    const releaseToken = randomToken();
    await app.db.transaction().execute(async (trx) => {
      await holdSeat(trx, event, price, body.email, now);
      await insertAttendee(trx, { ...attendee, status: 'pending', seq: 0, hold_until: paymentHoldUntil });
      await storePendingOrder(trx, reference, ticketOrder, now);
      await insertTicketPayment(trx, { reference, attendee_id: attendee.id, tid_pending: tid, release_hash: hashToken(releaseToken), created_at: now });
    });
    const order = await startPayment(app.db, app.payments, reference, ticketOrder, request.log, (trx) =>
      withdrawUnstartedTicket(trx, reference, attendee.id, price.id),
    );
    // The way to pay survives a closed or reloaded page.
    await mailPaymentLink(app, body.email, body.name, event, price.title, order.url);
    return { success: 'true', message: 'Continue to payment', link: order.url, hold_until: paymentHoldUntil.toISOString(), release_token: releaseToken };
  });

  /**
   * The buyer is back from the provider. The payment is settled (domain/settlement.ts: the same step
   * as the provider's webhook). Paid: the attendee is confirmed and the access handed out once; when
   * the webhook confirmed it first, its link is shown on this first return (the access also went by
   * mail), and a later return says the access was mailed. A payment completed after its hold ran out
   * (the seat released) takes a seat again when the category has one left; otherwise no ticket is
   * issued and the order is marked for a refund. Every failure says why (`outcome`) and where to
   * register again (`retry`).
   */
  route(app, calls.paymentSuccessful)(async ({ body, reply }) => {
    const reference = body.reference;
    const failed = (status: number, outcome: TicketPaymentOutcome, message: string, retry?: string) => {
      void reply.code(status);
      return { success: 'false' as const, message, outcome, ...(retry ? { retry } : {}) };
    };
    const payment = await ticketPaymentByReference(app.db, reference);
    if (!payment) return failed(404, 'unknown', PAYMENT_UNKNOWN_MESSAGE);
    const retry = pages.openEventRegister(payment.clean_name);

    const { order, ticket } = await settlePayment(app, reference, 'ticket-return');
    if (!order || !ticket || ticket.kind === 'pending') return failed(409, 'pending', PAYMENT_PENDING_MESSAGE, retry);
    if (ticket.kind === 'declined') {
      return failed(402, 'declined', refusedPayment(order) ? PAYMENT_AMOUNT_REFUSED_MESSAGE : PAYMENT_DECLINED_MESSAGE, retry);
    }
    if (ticket.kind === 'sold_out') return failed(409, 'sold_out', paidTooLateMessage(payment.ticket), retry);
    if (ticket.kind === 'used') throw conflict(ACCESS_SENT_MESSAGE);
    return { success: 'true', message: ACCESS_SENT_MESSAGE, link: pages.eventToken(ticket.tid) };
  });
  route(app, calls.releaseHeldTicket)(async ({ body }) => {
    const outcome = await releaseHeldTicket(app.db, hashToken(body.token), app.now());
    if (outcome === 'unknown') throw notFound(messages.releaseTokenInvalid);
    if (outcome === 'ended') throw conflict(HOLD_ENDED_MESSAGE);
    return { success: 'true', message: SEAT_RELEASED_MESSAGE };
  });

  route(app, calls.confirmRegistration)(async ({ body }) => {
    const now = app.now();
    const held = await registrationByConfirmTokenHash(app.db, hashToken(body.token));
    if (!held) throw notFound(messages.confirmTokenInvalid);
    if (held.status === 'confirmed') throw conflict(ACCESS_SENT_MESSAGE);

    const tid = randomToken();
    const confirmed = await confirmHeldRegistration(app.db, held.event_id, held.id, hashToken(tid), now);
    if (!confirmed) {
      // Too late: the seat goes back now rather than at the next release.
      await releaseEventHoldsNow(app.db, held.event_id, now);
      throw new HttpError(410, messages.confirmExpired);
    }
    const event = await eventById(app.db, held.event_id);
    await mailAccess(app, held.email, held.name, event, held.ticket, tid);
    return { success: 'true', message: ACCESS_SENT_MESSAGE, link: pages.eventToken(tid) };
  });
}
