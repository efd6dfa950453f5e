import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { cartTotals, NIGERIAN_STATES, SHIPPING_OPTIONS, shippingFeeFor, shippingOptionForAddress } from '@tapcard/shared/domain';
import { CHECKOUT_FAILED_TOAST, type CheckoutValues } from '@tapcard/shared/rules';
import { Button, ButtonLink } from '../../../components/Button.js';
import { BackLink, EmptyState } from '../../../components/Page.js';
import { routes } from '../../../lib/paths.js';
import { notify } from '../../../lib/toast.js';
import { cartItemsAtom, shippingAtom } from '../cart/cart-state.js';
import { checkoutDefaults, checkoutDraftAtom, checkoutResolver, DEFAULT_COUNTRY, type CheckoutForm } from '../checkout/checkout-form.js';
import { CustomerFields } from '../checkout/CustomerFields.js';
import { DeliveryAddressFields } from '../checkout/DeliveryAddressFields.js';
import { DeliveryMethodField } from '../checkout/DeliveryMethodField.js';
import { OrderSummary } from '../checkout/OrderSummary.js';
import { PickupBranches } from '../checkout/PickupBranches.js';
import { formFieldOf, orderPayload, useCreateOrder } from '../checkout/useCreateOrder.js';
import { ShopHeader } from '../components/ShopHeader.js';
import { SHOP_TEXTS } from '../texts.js';
import styles from './CheckoutPage.module.css';

/** Checkout: customer information, delivery method, order summary, then off to pay. */
export function CheckoutPage() {
  const items = useAtomValue(cartItemsAtom);
  return (
    <>
      <ShopHeader />
      <main className={styles.page}>
        <BackLink to={routes.getCard}>Back to cart</BackLink>
        <h1>Checkout</h1>
        {items.length === 0 ? (
          <EmptyState title={SHOP_TEXTS.emptyCartTitle}>
            <p>{SHOP_TEXTS.emptyCartText}</p>
            <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
          </EmptyState>
        ) : (
          <CheckoutFormView />
        )}
      </main>
    </>
  );
}

function CheckoutFormView() {
  const items = useAtomValue(cartItemsAtom);
  const [shipping, setShipping] = useAtom(shippingAtom);
  const [draft, setDraft] = useAtom(checkoutDraftAtom);
  const [initial] = useState(() => draft ?? checkoutDefaults(shipping));
  const form = useForm<CheckoutForm, unknown, CheckoutValues>({ resolver: checkoutResolver, defaultValues: initial });
  const { handleSubmit, watch, setError, getValues, setValue } = form;
  const { isSubmitted } = form.formState;
  const createOrder = useCreateOrder();
  const leaving = createOrder.isPending || (createOrder.data?.ok ?? false);

  // Keep what is typed (in memory) and follow the delivery shipping choice in the cart.
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      setDraft(values as CheckoutForm);
      if (name === 'shipping') {
        const option = SHIPPING_OPTIONS.find((o) => String(o.fee) === values.shipping);
        if (option) setShipping(option.id);
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, setDraft, setShipping]);

  const method = watch('method');
  const state = watch('state');
  const country = watch('country');
  // Back to Nigeria (or no country), the State is the states' list again: a state typed for another
  // country is not one of them, and would be held while the list shows 'Select state' with no message.
  useEffect(() => {
    if ((country === DEFAULT_COUNTRY || country === '') && state !== '' && !(NIGERIAN_STATES as readonly string[]).includes(state)) {
      setValue('state', '', { shouldValidate: isSubmitted });
    }
  }, [state, country, setValue, isSubmitted]);
  // The delivery's shipping zone follows its address (the server refuses one chosen against it).
  useEffect(() => {
    if (!state.trim()) return;
    const zone = String(shippingOptionForAddress({ state, country }).fee);
    if (getValues('shipping') !== zone) setValue('shipping', zone, { shouldValidate: isSubmitted });
  }, [state, country, getValues, setValue, isSubmitted]);
  const fee = shippingFeeFor(method, SHIPPING_OPTIONS.find((o) => String(o.fee) === watch('shipping'))?.id);
  const totals = cartTotals(items, fee);

  const onValid = async (values: CheckoutValues) => {
    const result = await createOrder.mutateAsync(orderPayload(values, items, window.location.origin));
    if (result.ok || result.kind === 'network') return; // leaving for the provider, or the API layer toasted the network error (the form stays as typed)
    for (const [field, message] of Object.entries(result.errors)) {
      const name = formFieldOf(field);
      if (name in initial) setError(name as FieldPath<CheckoutForm>, { message });
    }
    // An order-creation failure is told to the visitor, not only logged (docs/decisions.md).
    notify.error(result.message);
  };

  return (
    <FormProvider {...form}>
      <form className={styles.layout} onSubmit={handleSubmit(onValid, () => notify.error(CHECKOUT_FAILED_TOAST))} noValidate aria-label="Checkout">
        <div className={styles.fields}>
          <CustomerFields />
          <DeliveryMethodField />
          {method === 'pickup' ? <PickupBranches /> : <DeliveryAddressFields />}
        </div>
        <div className={styles.aside}>
          <OrderSummary items={items} totals={totals} />
          <Button type="submit" block busy={leaving}>
            Proceed to payment
          </Button>
          <p className={styles.note}>You will pay by card on our payment provider&apos;s secure page.</p>
        </div>
      </form>
    </FormProvider>
  );
}
