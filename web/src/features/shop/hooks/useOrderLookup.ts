import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { calls, type Order } from '@tapcard/shared/contract';
import { api, ApiError } from '../../../lib/api.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { asString, readStored, writeStored } from '../../../lib/storage.js';

/** How often, and how many times, a still-pending payment is checked again. */
export const ORDER_POLL_MS = 2000;
export const ORDER_MAX_POLLS = 10;

export type OrderLookup =
  | { state: 'paid'; order: Order }
  | { state: 'declined'; order: Order | null }
  | { state: 'pending'; order: Order | null }
  | { state: 'missing' };

/**
 * The order's reference: ?reference= (as the payment providers send the buyer back: the test provider
 * with `reference&status`, Paystack with `trxref&reference`), else ?trxref=, else the stored
 * transactionRef. A reference from the query is stored, so the order details page finds it later.
 */
export function useOrderReference(): string | null {
  const [params] = useSearchParams();
  const fromQuery = params.get('reference')?.trim() || params.get('trxref')?.trim() || null;
  useEffect(() => {
    if (fromQuery) writeStored('transactionRef', fromQuery);
  }, [fromQuery]);
  return fromQuery ?? readStored('transactionRef', asString);
}

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

/**
 * The order lookup (GET orders/{reference}): paid, declined, missing, or pending — checked again every
 * ORDER_POLL_MS up to ORDER_MAX_POLLS times. A failed request is an error the page offers to retry.
 */
export function useOrderLookup(reference: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.getOrder(reference),
    queryFn: ({ signal }) => lookUp(reference ?? '', signal),
    enabled: reference !== null,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'pending' && q.state.dataUpdateCount < ORDER_MAX_POLLS ? ORDER_POLL_MS : false),
  });
  const checks = client.getQueryState(queryKeys.getOrder(reference))?.dataUpdateCount ?? 0;
  /**
   * Still pending after every planned check: the page offers to check again (and keeps offering it
   * while a check it asked for runs, so the button under the keyboard focus stays).
   */
  const stillPending = query.data?.state === 'pending' && checks >= ORDER_MAX_POLLS;
  return { ...query, stillPending };
}
