import { useAtomValue } from 'jotai';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { ButtonLink } from '../../../components/Button.js';
import { Dialog } from '../../../components/Dialog.js';
import { EmptyState } from '../../../components/Page.js';
import { routes } from '../../../lib/paths.js';
import { cartItemsAtom, cartTotalsAtom } from '../cart/cart-state.js';
import { TABS_SCREEN, useMediaQuery } from '../hooks/useMediaQuery.js';
import { MethodMenu } from '../payment/MethodMenu.js';
import { MethodTabs } from '../payment/MethodTabs.js';
import type { PaymentMethod } from '../payment/payment-methods.js';
import styles from '../payment/Payment.module.css';
import { SHOP_TEXTS } from '../texts.js';

/**
 * The pay-with dialog: tabs Card, Bank, Transfer, USSD on larger screens, a dropdown
 * with Change Payment Method and Cancel Payment on small ones. The pay button shows the cart's real
 * total instead of a fixed figure (docs/decisions.md).
 */
export function PaymentPage() {
  const navigate = useNavigate();
  const wide = useMediaQuery(TABS_SCREEN);
  const items = useAtomValue(cartItemsAtom);
  const { total } = useAtomValue(cartTotalsAtom);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const cancel = () => void navigate(routes.getCard);

  return (
    <main className={styles.backdrop} aria-label="Payment">
      <Dialog open onOpenChange={(open) => !open && cancel()} title={SHOP_TEXTS.payWith}>
        {items.length === 0 ? (
          <EmptyState title={SHOP_TEXTS.emptyCartTitle}>
            <p>{SHOP_TEXTS.emptyCartText}</p>
            <ButtonLink to={routes.getCard}>Shop cards</ButtonLink>
          </EmptyState>
        ) : wide ? (
          <MethodTabs method={method} onMethodChange={setMethod} total={total} />
        ) : (
          <MethodMenu method={method} onMethodChange={setMethod} onCancel={cancel} total={total} />
        )}
        <p className={styles.secured}>
          <Lock aria-hidden size={14} /> Secured by {PRODUCT_NAME}
        </p>
      </Dialog>
    </main>
  );
}
