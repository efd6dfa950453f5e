import type { Order, OrderPayload } from '@tapcard/shared/contract';
import { findPickupBranch, type CardColour } from '@tapcard/shared/domain';
import { messages } from '@tapcard/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.js';
import { randomId, randomToken } from '../lib/crypto.js';
import { badRequest, HttpError } from '../lib/http-error.js';
import { deleteOrder, insertOrderRow, orderByReference, recordPaymentStart, recordVerdict } from '../repositories/orders.js';
import { cancelPending, giveBackSeat, lockTicketPayment } from '../repositories/registrations.js';
import type { PaymentProvider, ProviderVerdict } from './payments.js';

type DbLike = Kysely<Database> | Transaction<Database>;

/** The answer when the payment provider cannot be reached or refuses to start a payment: nothing is kept. */
export const PAYMENT_START_FAILED_MESSAGE = 'We could not reach the payment provider. Nothing was charged; please try again in a moment.';

export interface NewOrder {
  kind: 'cards' | 'ticket';
  name: string;
  phone_number: string;
  email: string;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
  method: 'delivery' | 'pickup';
  pickup?: string | null;
  /** Priced on the server: never the client's figures. */
  items: { color: string; qty: number; price: number }[];
  total: number;
  vat: number;
  shipping: number;
  final_total: number;
  callback_url: string;
}

/** A new order's reference: the buyer's secret, and the provider's transaction reference. */
export function newOrderReference(): string {
  return `TC-${randomToken().slice(0, 20)}`;
}

/**
 * Stores a pending order whose payment is not started yet, inside the caller's transaction (a paid
 * ticket stores it with the held seat). Its payment_url and payment_access_code stay '' until
 * startPayment records the provider's; the reference is handed out only after that, so no lookup ever
 * shows an order without them.
 */
export async function storePendingOrder(db: DbLike, reference: string, order: NewOrder, now: Date): Promise<void> {
  await insertOrderRow(db, {
    id: randomId(),
    reference,
    kind: order.kind,
    name: order.name,
    phone_number: order.phone_number,
    email: order.email,
    address: order.address ?? '',
    city: order.city ?? '',
    state: order.state ?? '',
    country: order.country ?? '',
    method: order.method,
    pickup: order.pickup ?? null,
    items: JSON.stringify(order.items),
    total: order.total,
    final_total: order.final_total,
    vat: order.vat,
    shipping: order.shipping,
    payment_status: 'pending',
    payment_access_code: '',
    payment_url: '',
    payment_metadata: null,
    callback_url: order.callback_url,
    created_at: now,
    updated_at: now,
  });
}

/**
 * Starts the payment of an order stored by storePendingOrder, and records the provider's page and
 * access code on it. Call it outside any transaction: the provider is called over the network (up to
 * its timeout), and no lock or connection may be held while it answers. When the provider cannot
 * start the payment, `withdraw` undoes what was stored (by default: the order is removed; the
 * reference was never handed out) and the answer is 503 with PAYMENT_START_FAILED_MESSAGE.
 */
export async function startPayment(
  db: Kysely<Database>,
  provider: PaymentProvider,
  reference: string,
  order: NewOrder,
  /** Where a provider that cannot start the payment is logged (the buyer is told to try again). */
  log?: { error(obj: object, msg: string): void },
  withdraw: (trx: Transaction<Database>) => Promise<void> = (trx) => deleteOrder(trx, reference),
): Promise<{ reference: string; url: string }> {
  let started: { url: string; accessCode: string };
  try {
    started = await provider.initialise({
      reference,
      amount: order.final_total,
      email: order.email,
      callbackUrl: order.callback_url,
      kind: order.kind,
    });
  } catch (err) {
    log?.error({ err, provider: provider.name, kind: order.kind }, 'the payment provider could not start a payment');
    try {
      await db.transaction().execute(withdraw);
    } catch (cleanupErr) {
      // Left pending without a page: nobody holds its reference, and a ticket's hold still runs out.
      log?.error({ err: cleanupErr, kind: order.kind }, 'could not withdraw an order whose payment did not start');
    }
    throw new HttpError(503, PAYMENT_START_FAILED_MESSAGE);
  }
  await recordPaymentStart(db, reference, started.url, started.accessCode);
  return { reference, url: started.url };
}

/**
 * A paid registration whose payment could not be started, inside the caller's transaction: its seat
 * goes back at once (once: the conditional cancel), and its order and ticket payment are removed (the
 * reference was never handed out, so nothing is left pending). Lock order as a declined payment's:
 * the ticket payment, the attendee, the ticket, then the order.
 */
export async function withdrawUnstartedTicket(trx: Transaction<Database>, reference: string, attendeeId: string, priceId: string): Promise<void> {
  await lockTicketPayment(trx, reference);
  if (await cancelPending(trx, attendeeId)) await giveBackSeat(trx, priceId);
  await deleteOrder(trx, reference);
}

/**
 * Stores a pending order, commits, then starts its payment (startPayment): no transaction is open
 * while the provider answers. A payment that cannot be started leaves no order behind (503).
 * Returns the reference and the provider's page.
 */
export async function insertOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  order: NewOrder,
  /** The app's clock (app.now()); the order's created_at and updated_at. */
  now: Date = new Date(),
  log?: { error(obj: object, msg: string): void },
): Promise<{ reference: string; url: string }> {
  const reference = newOrderReference();
  await storePendingOrder(db, reference, order, now);
  return startPayment(db, provider, reference, order, log);
}

/** What became of an order when its payment was settled. */
export interface Settled {
  /** The order as it now stands; undefined for an unknown reference. */
  order: Row<'orders'> | undefined;
  /** This caller moved the order out of pending (only the winner runs the side effects). */
  won: boolean;
  /** Why a verdict of 'paid' was refused (the order was declined instead), or null. */
  refused: string | null;
}

/**
 * Settles a pending order: the verdict given (a signed webhook's) or the provider's verify, then the
 * pending → paid/declined move in one conditional update, so of concurrent callers exactly one wins.
 * A 'paid' verdict that `refuse` objects to (e.g. a wrong amount) declines the order instead and marks
 * its refund due. A paid or declined order is never moved again.
 */
export async function settleOrderOnce(
  db: Kysely<Database>,
  provider: PaymentProvider,
  reference: string,
  now: Date,
  options: { verdict?: ProviderVerdict; refuse?: (order: Row<'orders'>, verdict: ProviderVerdict) => string | null } = {},
): Promise<Settled> {
  const order = await orderByReference(db, reference);
  if (!order || order.payment_status !== 'pending') return { order, won: false, refused: null };
  const verdict = options.verdict ?? (await provider.verify(reference));
  if (verdict.status === 'pending') return { order, won: false, refused: null };
  const refused = verdict.status === 'paid' ? (options.refuse?.(order, verdict) ?? null) : null;
  const metadata = verdict.metadata ? JSON.stringify(verdict.metadata) : null;
  const updated = await recordVerdict(db, reference, refused ? 'declined' : verdict.status, metadata, now, refused !== null);
  if (updated) return { order: updated, won: true, refused };
  return { order: await orderByReference(db, reference), won: false, refused: null };
}

/**
 * Asks the provider about a pending order and records its verdict. An order becomes paid only here,
 * after the provider confirms. Returns the order as it now stands, or undefined if unknown.
 */
export async function settleOrder(db: Kysely<Database>, provider: PaymentProvider, reference: string, now: Date): Promise<Row<'orders'> | undefined> {
  return (await settleOrderOnce(db, provider, reference, now)).order;
}

/** An order row in the wire shape of the order lookup (the contract's Order). */
export function orderAnswer(row: Row<'orders'>): Order {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phone_number,
    email: row.email,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    method: row.method,
    pickup: row.pickup,
    items: JSON.parse(row.items) as Order['items'],
    total: row.total,
    final_total: row.final_total,
    vat: row.vat,
    shipping: row.shipping,
    payment_status: row.payment_status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    payment_url: row.payment_url,
    payment_reference: row.reference,
    payment_access_code: row.payment_access_code,
    payment_metadata: row.payment_metadata,
  };
}

/** Most cards of one colour in one order. */
export const MAX_CARDS_PER_COLOUR = 100;

/**
 * Where the buyer returns after paying: a path on the public site ('/payment/status') made absolute
 * with `publicUrl`, or an absolute URL of the same origin. Anything else (another host, a
 * protocol-relative '//host', credentials in the URL) is refused, so an order cannot be used as an
 * open redirect. Returns the absolute URL, or null.
 */
export function resolveCallbackUrl(input: string, publicUrl: string): string | null {
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = input.startsWith('/') ? new URL(input, base) : new URL(input);
  } catch {
    return null;
  }
  if (input.startsWith('//') || input.startsWith('/\\')) return null;
  if (url.origin !== base.origin || url.username || url.password) return null;
  return url.href;
}

/** The cart's lines merged by colour, in the order the colours first appear. */
export function linesByColour(cart: OrderPayload['cart']): { color: CardColour; qty: number }[] {
  const qty = new Map<CardColour, number>();
  for (const line of cart) qty.set(line.color, (qty.get(line.color) ?? 0) + line.qty);
  return [...qty].map(([color, n]) => ({ color, qty: n }));
}

/** The customer and delivery part of an order: a pickup order takes its branch's address. */
export function deliveryOf(body: OrderPayload): Pick<NewOrder, 'method' | 'address' | 'city' | 'state' | 'country' | 'pickup'> {
  if (body.method === 'delivery') {
    return { method: 'delivery', address: body.address, city: body.city, state: body.state, country: body.country, pickup: null };
  }
  const branch = findPickupBranch(body.pickup);
  if (!branch) throw badRequest(messages.pickupRequired, 'pickup');
  return { method: 'pickup', address: branch.address, city: branch.city, state: branch.state, country: branch.country, pickup: branch.id };
}
