import { useMutation } from '@tanstack/react-query';
import type { Body, calls } from '@tapcard/shared/contract';
import { cartTotals, findPickupBranch, type CartItem } from '@tapcard/shared/domain';
import type { CheckoutValues } from '@tapcard/shared/rules';
import { routes } from '../../../lib/paths.js';
import { writeStored } from '../../../lib/storage.js';
import { createOrder } from '../api.js';

export type OrderBody = Body<typeof calls.createOrder>;

/**
 * The order payload from the checked form and the cart. The figures come from the shared
 * cart math; the server prices the cart again and refuses the order if they differ.
 */
export function orderPayload(values: CheckoutValues, items: readonly CartItem[], origin: string): OrderBody {
  const totals = cartTotals(items, values.shipping);
  const common = {
    name: values.name,
    phoneNumber: values.phone,
    email: values.email,
    cart: [...items],
    total: totals.total,
    vat: totals.vat,
    shipping: totals.shipping,
    callback_url: `${origin}${routes.paymentStatus}`,
  };
  if (values.method === 'delivery') {
    return { ...common, method: 'delivery', address: values.address, city: values.city, state: values.state, country: values.country, pickup: null };
  }
  const branch = findPickupBranch(values.pickup);
  return {
    ...common,
    method: 'pickup',
    pickup: values.pickup,
    address: branch?.address ?? '',
    city: branch?.city ?? '',
    state: branch?.state ?? '',
    country: branch?.country ?? '',
  };
}

/** The payload's keys that are named differently in the form. */
const FORM_FIELD: Record<string, string> = { phoneNumber: 'phone' };
export const formFieldOf = (field: string): string => FORM_FIELD[field] ?? field;

/**
 * Creates the order, stores its reference (transactionRef) for the status check, then leaves for the
 * provider's payment page. Resolves with the failure when the server refuses.
 */
export function useCreateOrder() {
  return useMutation({
    mutationFn: async (body: OrderBody) => {
      const result = await createOrder(body);
      if (result.ok) {
        writeStored('transactionRef', result.answer.data.reference);
        window.location.assign(result.answer.data.url);
      }
      return result;
    },
  });
}
