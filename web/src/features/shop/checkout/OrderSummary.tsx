import { formatAmount, formatNaira, type CartItem, type CartTotals } from '@tapcard/shared/domain';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { SHOP_TEXTS } from '../texts.js';
import { Totals } from '../components/Totals.js';
import styles from './Checkout.module.css';

/** The order summary: each line, subtotal, shipping, VAT and total. */
export function OrderSummary({ items, totals }: { items: readonly CartItem[]; totals: CartTotals }) {
  return (
    <section className={styles.summary} aria-labelledby="summary-title">
      <h2 id="summary-title">Order Summary</h2>
      <ul className={styles.summaryLines}>
        {items.map((item) => (
          <li key={item.id}>
            <img src={item.image} alt="" width={56} height={35} loading="lazy" decoding="async" />
            <span>
              {item.color} {PRODUCT_NAME} × {item.qty}
            </span>
            <span>{formatNaira(item.price * item.qty)}</span>
          </li>
        ))}
      </ul>
      <Totals
        rows={[
          { label: SHOP_TEXTS.subtotal, value: formatNaira(totals.subtotal) },
          { label: SHOP_TEXTS.shipping, value: formatNaira(totals.shipping) },
          { label: SHOP_TEXTS.vat, value: formatNaira(totals.vat) },
          { label: SHOP_TEXTS.total, value: formatAmount(totals.total), grand: true },
        ]}
      />
    </section>
  );
}
