import { useSetAtom } from 'jotai';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Button, ButtonLink } from '../../../components/Button.js';
import { Spinner } from '../../../components/Spinner.js';
import { routes } from '../../../lib/paths.js';
import { clearCartAtom } from '../cart/cart-state.js';
import { ShopHeader } from '../components/ShopHeader.js';
import { TryAgainButton } from '../components/TryAgainButton.js';
import { useOrderLookup, useOrderReference } from '../hooks/useOrderLookup.js';
import { SHOP_TEXTS } from '../texts.js';
import styles from './ResultPage.module.css';

/**
 * Payment status: 'Checking Transaction' while the order is looked up (and while the
 * provider has not decided: checked again a few times, then on request), then 'Payment Successful!'
 * (the cart is emptied) only once the server says the order is paid, or 'Payment Declined.' with
 * Try again (a new payment of the same order); an unknown reference says so. A failed request offers
 * a retry instead of spinning forever.
 */
export function PaymentStatusPage() {
  const reference = useOrderReference();
  const lookup = useOrderLookup(reference);
  const clearCart = useSetAtom(clearCartAtom);
  const paid = lookup.data?.state === 'paid';

  useEffect(() => {
    if (paid) clearCart();
  }, [paid, clearCart]);

  return (
    <>
      <ShopHeader />
      <main className={styles.page}>
        <div className={styles.card} aria-live="polite">
          <StatusContent reference={reference} lookup={lookup} />
        </div>
      </main>
    </>
  );
}

function StatusContent({ reference, lookup }: { reference: string | null; lookup: ReturnType<typeof useOrderLookup> }) {
  const home = (
    <ButtonLink to={routes.home} variant="secondary">
      {SHOP_TEXTS.homepage}
    </ButtonLink>
  );

  if (reference === null) {
    return (
      <>
        <h1>No payment to check</h1>
        <p>We could not find a payment on this device. If you have just paid, open the link your payment provider sent you back with.</p>
        <div className={styles.actions}>
          <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
          {home}
        </div>
      </>
    );
  }

  if (lookup.isError) {
    return (
      <>
        <XCircle className={styles.warn} aria-hidden size={56} />
        <h1>We could not check your payment</h1>
        <p>Please check your connection and try again.</p>
        <div className={styles.actions}>
          <Button onClick={() => void lookup.refetch()} busy={lookup.isFetching}>
            Retry
          </Button>
          {home}
        </div>
      </>
    );
  }

  const data = lookup.data;
  if (data?.state === 'paid') {
    return (
      <>
        <CheckCircle2 className={styles.ok} aria-hidden size={56} />
        <h1>{SHOP_TEXTS.successTitle}</h1>
        <p>{SHOP_TEXTS.successText}</p>
        <div className={styles.actions}>
          <ButtonLink to={`${routes.orderDetails}?reference=${encodeURIComponent(reference)}`}>View order details</ButtonLink>
          {home}
        </div>
      </>
    );
  }

  if (data?.state === 'missing') {
    return (
      <>
        <XCircle className={styles.warn} aria-hidden size={56} />
        <h1>{SHOP_TEXTS.unknownTitle}</h1>
        <p>{SHOP_TEXTS.unknownText}</p>
        <div className={styles.actions}>
          <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
          {home}
        </div>
      </>
    );
  }

  if (data?.state === 'declined') {
    return (
      <>
        <XCircle className={styles.bad} aria-hidden size={56} />
        <h1>{SHOP_TEXTS.declinedTitle}</h1>
        <p>{SHOP_TEXTS.declinedText}</p>
        <div className={styles.actions}>
          <TryAgainButton reference={reference} />
          <ButtonLink to={routes.getCard} variant="secondary">
            Go to cart
          </ButtonLink>
          {home}
        </div>
      </>
    );
  }

  // Loading, or the provider has not decided yet.
  return (
    <>
      <Spinner size={48} label="" />
      <h1>{SHOP_TEXTS.checking}</h1>
      {lookup.stillPending ? (
        <>
          <p>Your payment has not been confirmed yet. This can take a moment.</p>
          <div className={styles.actions}>
            <Button onClick={() => void lookup.refetch()} aria-busy={lookup.isFetching || undefined}>
              Check again
            </Button>
            {home}
          </div>
        </>
      ) : (
        <p>Please wait while we confirm your payment.</p>
      )}
    </>
  );
}
