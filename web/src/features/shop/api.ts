import { queryOptions } from '@tanstack/react-query';
import { calls, type Body, type Order } from '@tapcard/shared/contract';
import { api, ApiError } from '../../lib/api.js';
import { callKey } from '../../lib/call-key.js';

/** The shop's calls: the order check and the country list as queries, the order's writes as functions. */

export type OrderLookup =
  | { state: 'paid'; order: Order }
  | { state: 'declined'; order: Order | null }
  | { state: 'pending'; order: Order | null }
  | { state: 'missing' };

/** What the order's answer means for the page: an unpaid order answers with its state, not its data. */
async function lookUp(reference: string, signal: AbortSignal): Promise<OrderLookup> {
  // background: a failed check shows a retry on this page instead of leaving for the no-internet page.
  const result = await api(calls.getOrder, { params: { reference }, signal, background: true });
  if (result.ok) return { state: 'paid', order: result.answer.order };
  if (result.kind === 'failure') {
    const order = result.body?.order ?? null;
    if (order?.payment_status === 'declined') return { state: 'declined', order };
    if (result.status === 202 || order?.payment_status === 'pending') return { state: 'pending', order };
    if (result.status === 404) return { state: 'missing' };
    if (result.status === 200) return { state: 'declined', order };
  }
  throw new ApiError(result.message, result.status, result.errors, result.kind);
}

/** The order lookup (GET orders/{reference}), keyed as the call with its input, cached as what it means. */
export function orderLookupQuery(reference: string | null) {
  return queryOptions({
    queryKey: callKey('getOrder', { params: { reference: reference ?? '' } }),
    queryFn: ({ signal }) => lookUp(reference ?? '', signal),
  });
}

/**
 * The countries' names (the order takes the name), a small chunk of its own fetched only when the
 * checkout shows the delivery address; the rest of the country data is not needed here. The one read
 * of the web that is no call.
 */
export function countriesQuery() {
  return queryOptions({
    queryKey: ['countries'],
    queryFn: () => import('@tapcard/shared/country-names').then((m) => m.COUNTRY_NAMES),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export const createOrder = (body: Body<typeof calls.createOrder>) => api(calls.createOrder, { body });
/** A new payment of a declined order (its figures are the server's, never the cart's). */
export const retryOrder = (reference: string) => api(calls.retryOrder, { params: { reference } });
