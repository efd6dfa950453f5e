import { useSetAtom } from 'jotai';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
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
  if (reference === null) {
    return (
      <Outcome
        title="No payment to check"
        text="We could not find a payment on this device. If you have just paid, open the link your payment provider sent you back with.">
        <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
      </Outcome>
    );
  }

  if (lookup.isError) {
    return (
      <Outcome
        icon={<XCircle className={styles.warn} aria-hidden size={56} />}
        title="We could not check your payment"
        text="Please check your connection and try again.">
        <Button onClick={() => void lookup.refetch()} busy={lookup.isFetching}>
          Retry
        </Button>
      </Outcome>
    );
  }

  const data = lookup.data;
  if (data?.state === 'paid') {
    return (
      <Outcome
        icon={<CheckCircle2 className={styles.ok} aria-hidden size={56} />}
        title={SHOP_TEXTS.successTitle}
        text={SHOP_TEXTS.successText}>
        <ButtonLink to={`${routes.orderDetails}?reference=${encodeURIComponent(reference)}`}>View order details</ButtonLink>
      </Outcome>
    );
  }

  if (data?.state === 'missing') {
    return (
      <Outcome
        icon={<XCircle className={styles.warn} aria-hidden size={56} />}
        title={SHOP_TEXTS.unknownTitle}
        text={SHOP_TEXTS.unknownText}>
        <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
      </Outcome>
    );
  }

  if (data?.state === 'declined') {
    return (
      <Outcome
        icon={<XCircle className={styles.bad} aria-hidden size={56} />}
        title={SHOP_TEXTS.declinedTitle}
        text={SHOP_TEXTS.declinedText}>
        <TryAgainButton reference={reference} />
        <ButtonLink to={routes.getCard} variant="secondary">
          Go to cart
        </ButtonLink>
      </Outcome>
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
            <HomeLink />
          </div>
        </>
      ) : (
        <p>Please wait while we confirm your payment.</p>
      )}
    </>
  );
}

function HomeLink() {
  return (
    <ButtonLink to={routes.home} variant="secondary">
      {SHOP_TEXTS.homepage}
    </ButtonLink>
  );
}

/** A decided outcome: its icon, title and text, then what the buyer can do next and the way home. */
function Outcome({ icon, title, text, children }: { icon?: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <>
      {icon}
      <h1>{title}</h1>
      <p>{text}</p>
      <div className={styles.actions}>
        {children}
        <HomeLink />
      </div>
    </>
  );
}
