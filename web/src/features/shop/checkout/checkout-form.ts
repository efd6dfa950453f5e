import { zodResolver } from '@hookform/resolvers/zod';
import { atom } from 'jotai';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { shippingOptionFee, type DeliveryMethod, type ShippingOptionId } from '@tapcard/shared/domain';
import { checkoutSchema, type CheckoutValues, type deliveryCheckoutSchema, type pickupCheckoutSchema } from '@tapcard/shared/rules';

/**
 * The checkout form holds both methods' fields at once (switching method keeps what was typed); the
 * shared checkoutSchema picks the branch by `method` and checks only that branch's fields, with the
 * required messages.
 */
export type CheckoutForm = Omit<z.input<typeof deliveryCheckoutSchema>, 'method' | 'shipping'> &
  Pick<z.input<typeof pickupCheckoutSchema>, 'pickup'> & {
    method: DeliveryMethod;
    /** The delivery shipping fee as the select gives it ('2500' or '5000'). */
    shipping: string;
  };

/** Nigeria first: the states list is Nigeria's and every pickup branch is in Lagos. */
export const DEFAULT_COUNTRY = 'Nigeria';

export function checkoutDefaults(shipping: ShippingOptionId): CheckoutForm {
  return {
    method: 'delivery',
    name: '',
    phone: '',
    email: '',
    address: '',
    city: '',
    state: '',
    country: DEFAULT_COUNTRY,
    shipping: String(shippingOptionFee(shipping)),
    pickup: '',
  };
}

const schemaResolver = zodResolver(checkoutSchema);

/**
 * The flat form checked by the discriminated checkoutSchema. The delivery shipping select keeps its
 * value while pickup is chosen; pickup's own shipping is 0, so the select's value is not sent to the
 * pickup branch. (The casts: RHF wants one flat field type, the schema takes a union.)
 */
export const checkoutResolver: Resolver<CheckoutForm, unknown, CheckoutValues> = (values, context, options) => {
  const input = values.method === 'pickup' ? { ...values, shipping: undefined } : values;
  return schemaResolver(input as never, context, options as never) as never;
};

/**
 * What was typed, kept in memory while the visitor moves around the app (e.g. to the no-internet page
 * and back). Personal details are deliberately not written to browser storage.
 */
export const checkoutDraftAtom = atom<CheckoutForm | null>(null);
