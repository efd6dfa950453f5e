import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { asString, readStored, writeStored } from '../../../lib/storage.js';
import { orderLookupQuery } from '../api.js';

/** How often, and how many times, a still-pending payment is checked again. */
export const ORDER_POLL_MS = 2000;
export const ORDER_MAX_POLLS = 10;

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

/**
 * The order lookup (GET orders/{reference}): paid, declined, missing, or pending — checked again every
 * ORDER_POLL_MS up to ORDER_MAX_POLLS times. A failed request is an error the page offers to retry.
 */
export function useOrderLookup(reference: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    ...orderLookupQuery(reference),
    enabled: reference !== null,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'pending' && q.state.dataUpdateCount < ORDER_MAX_POLLS ? ORDER_POLL_MS : false),
  });
  const checks = client.getQueryState(orderLookupQuery(reference).queryKey)?.dataUpdateCount ?? 0;
  /**
   * Still pending after every planned check: the page offers to check again (and keeps offering it
   * while a check it asked for runs, so the button under the keyboard focus stays).
   */
  const stillPending = query.data?.state === 'pending' && checks >= ORDER_MAX_POLLS;
  return { ...query, stillPending };
}
