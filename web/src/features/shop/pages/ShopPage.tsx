import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog.js';
import { useHydrated } from '../../../lib/hydration.js';
import { cartCountAtom } from '../cart/cart-state.js';
import { cartAnnouncementAtom } from '../cart/useCartActions.js';
import { CartButton } from '../components/CartButton.js';
import { CartPanel } from '../components/CartPanel.js';
import { ProductSection } from '../components/ProductSection.js';
import { ShopHeader } from '../components/ShopHeader.js';
import { LARGE_SCREEN, useMediaQuery } from '../hooks/useMediaQuery.js';
import { SHOP_TEXTS } from '../texts.js';
import styles from './ShopPage.module.css';

/**
 * The card shop (get-card, get-started): the product, and the cart beside it or in a dialog. The
 * server renders it (web/src/app/server-pages.ts): the cart and the screen size are the browser's, so
 * the server's page and the first client render show the product, an empty cart column (hidden on
 * small screens by CSS) and a cart button without its count; the cart fills in once hydrated.
 */
export function ShopPage() {
  const hydrated = useHydrated();
  const large = useMediaQuery(LARGE_SCREEN);
  const count = useAtomValue(cartCountAtom);
  const announcement = useAtomValue(cartAnnouncementAtom);
  const [cartOpen, setCartOpen] = useState(false);

  return (
    <>
      <ShopHeader>{!large && <CartButton count={hydrated ? count : null} onClick={() => setCartOpen(true)} />}</ShopHeader>
      <main className={styles.layout}>
        <ProductSection />
        <aside className={styles.cart} aria-labelledby="cart-title">
          <h2 id="cart-title">{SHOP_TEXTS.cartTitle}</h2>
          {large && <CartPanel />}
        </aside>
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
