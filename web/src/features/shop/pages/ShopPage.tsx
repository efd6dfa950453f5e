import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog.js';
import { cartCountAtom } from '../cart/cart-state.js';
import { cartAnnouncementAtom } from '../cart/useCartActions.js';
import { CartButton } from '../components/CartButton.js';
import { CartPanel } from '../components/CartPanel.js';
import { ProductSection } from '../components/ProductSection.js';
import { ShopHeader } from '../components/ShopHeader.js';
import { LARGE_SCREEN, useMediaQuery } from '../hooks/useMediaQuery.js';
import { SHOP_TEXTS } from '../texts.js';
import styles from './ShopPage.module.css';

/** The card shop (get-card, get-started): the product, and the cart beside it or in a dialog. */
export function ShopPage() {
  const large = useMediaQuery(LARGE_SCREEN);
  const count = useAtomValue(cartCountAtom);
  const announcement = useAtomValue(cartAnnouncementAtom);
  const [cartOpen, setCartOpen] = useState(false);

  return (
    <>
      <ShopHeader>{!large && <CartButton count={count} onClick={() => setCartOpen(true)} />}</ShopHeader>
      <main className={styles.layout}>
        <ProductSection />
        {large && (
          <aside className={styles.cart} aria-labelledby="cart-title">
            <h2 id="cart-title">{SHOP_TEXTS.cartTitle}</h2>
            <CartPanel />
          </aside>
        )}
      </main>
      {!large && (
        <Dialog open={cartOpen} onOpenChange={setCartOpen} title={SHOP_TEXTS.cartTitle} fullOnSmall>
          <CartPanel />
        </Dialog>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
