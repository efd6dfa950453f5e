import { formatAmount, formatNaira, type CartItem, type CartTotals } from '@tapcard/shared/domain';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { SHOP_TEXTS } from '../texts.js';
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
      <dl className={styles.totals}>
        <div>
          <dt>{SHOP_TEXTS.subtotal}</dt>
          <dd>{formatNaira(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>{SHOP_TEXTS.shipping}</dt>
          <dd>{formatNaira(totals.shipping)}</dd>
        </div>
        <div>
          <dt>{SHOP_TEXTS.vat}</dt>
          <dd>{formatNaira(totals.vat)}</dd>
        </div>
        <div className={styles.grand}>
          <dt>{SHOP_TEXTS.total}</dt>
          <dd>{formatAmount(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
