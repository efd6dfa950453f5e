import { useAtom, useAtomValue } from 'jotai';
import { formatAmount, formatNaira, SHIPPING_OPTIONS, shippingOptionIdSchema } from '@tapcard/shared/domain';
import { ButtonLink } from '../../../components/Button.js';
import { SelectField } from '../../../components/Field.js';
import { EmptyState } from '../../../components/Page.js';
import { routes } from '../../../lib/paths.js';
import { cartItemsAtom, cartTotalsAtom, shippingAtom } from '../cart/cart-state.js';
import { useCartActions } from '../cart/useCartActions.js';
import { SHOP_TEXTS } from '../texts.js';
import { CartLine } from './CartLine.js';
import { Totals } from './Totals.js';
import styles from './CartPanel.module.css';

/** The cart's lines, subtotal, shipping select, VAT, total and the way to checkout. */
export function CartPanel() {
  const items = useAtomValue(cartItemsAtom);
  const totals = useAtomValue(cartTotalsAtom);
  const [shipping, setShipping] = useAtom(shippingAtom);
  const cart = useCartActions();

  if (items.length === 0) {
    return (
      <EmptyState title={SHOP_TEXTS.emptyCartTitle}>
        <p>{SHOP_TEXTS.emptyCartText}</p>
      </EmptyState>
    );
  }

  return (
    <div className={styles.panel}>
      <ul className={styles.lines} aria-label="Cart items">
        {items.map((item) => (
          <CartLine key={item.id} item={item} onIncrease={() => cart.increase(item)} onDecrease={() => cart.decrease(item)} onRemove={() => cart.remove(item)} />
        ))}
      </ul>
      <Totals rows={[{ label: SHOP_TEXTS.subtotal, value: formatNaira(totals.subtotal) }]} />
      <SelectField
        label={SHOP_TEXTS.shipping}
        value={shipping}
        onChange={(event) => {
          const parsed = shippingOptionIdSchema.safeParse(event.target.value);
          if (parsed.success) setShipping(parsed.data);
        }}
        hint={`Shipping fee: ${formatNaira(totals.shipping)}`}
      >
        {SHIPPING_OPTIONS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <Totals
        rows={[
          { label: SHOP_TEXTS.vat, value: formatNaira(totals.vat) },
          { label: SHOP_TEXTS.total, value: formatAmount(totals.total), grand: true },
        ]}
      />
      <ButtonLink to={routes.checkout} block>
        {SHOP_TEXTS.proceed}
      </ButtonLink>
    </div>
  );
}
