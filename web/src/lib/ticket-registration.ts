import { asString, readStored, removeStored, writeStored } from './storage.js';

/**
 * The visitor's last registration for a paid ticket, kept in storage (see 'ticketRegistration'): the
 * registration form starts from its values, and while its seat is held the payment step shows again
 * after a reload. The payment pages (another feature) drop the hold when the payment ends.
 */

export interface RegistrationFields {
  name: string;
  email: string;
  phone: string;
  event_prices_id: string;
}

export interface HeldPayment {
  /** The provider's payment page. */
  link: string;
  /** When the seat goes back (ISO time). */
  until: string;
  /** The secret that gives the seat back now. */
  release_token: string;
}

export interface TicketRegistration {
  event_id: string;
  values: RegistrationFields;
  payment?: HeldPayment;
  /** When it was written (ms): an old one is not offered again. */
  saved_at: number;
}

/** How long the form's values are offered again. */
const KEPT_MS = 24 * 60 * 60_000;

function parse(value: unknown): TicketRegistration | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const values = v.values as Record<string, unknown> | undefined;
  const eventId = asString(v.event_id);
  if (!eventId || typeof values !== 'object' || values === null || typeof v.saved_at !== 'number') return null;
  const text = (key: string) => (typeof values[key] === 'string' ? values[key] : '');
  const p = v.payment as Record<string, unknown> | undefined;
  const payment =
    p && asString(p.link) && asString(p.until) && asString(p.release_token)
      ? { link: String(p.link), until: String(p.until), release_token: String(p.release_token) }
      : undefined;
  return {
    event_id: eventId,
    values: { name: text('name'), email: text('email'), phone: text('phone'), event_prices_id: text('event_prices_id') },
    ...(payment ? { payment } : {}),
    saved_at: v.saved_at,
  };
}

/** The kept registration of `eventId`, if any and recent. */
export function keptRegistration(eventId: string, now = Date.now()): TicketRegistration | null {
  const kept = readStored('ticketRegistration', parse);
  return kept && kept.event_id === eventId && now - kept.saved_at < KEPT_MS ? kept : null;
}

/** The kept payment of `eventId` while its seat is still held. */
export function heldPayment(eventId: string, now = Date.now()): HeldPayment | null {
  const payment = keptRegistration(eventId, now)?.payment;
  return payment && new Date(payment.until).getTime() > now ? payment : null;
}

export function keepRegistration(eventId: string, values: RegistrationFields, payment?: HeldPayment): void {
  writeStored('ticketRegistration', { event_id: eventId, values, ...(payment ? { payment } : {}), saved_at: Date.now() } satisfies TicketRegistration);
}

/** The payment ended without a ticket (declined, released, run out): the values stay for another try. */
export function endHeldPayment(): void {
  const kept = readStored('ticketRegistration', parse);
  if (kept?.payment) keepRegistration(kept.event_id, kept.values);
}

/** A ticket was issued: nothing to offer again. */
export function forgetRegistration(): void {
  removeStored('ticketRegistration');
}
