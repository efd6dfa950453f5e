import { useFormContext } from 'react-hook-form';
import { formatNaira, PICKUP_SHIPPING_FEE } from '@tapcard/shared/domain';
import { SHIPPING_WITHIN_LAGOS_NGN } from '@tapcard/shared/constants';
import type { CheckoutForm } from './checkout-form.js';
import styles from './Checkout.module.css';

const METHODS = [
  { value: 'delivery', label: 'Delivery', note: `Delivered to your door, from ${formatNaira(SHIPPING_WITHIN_LAGOS_NGN)}` },
  { value: 'pickup', label: 'Pickup', note: `From one of our Lagos branches, ${formatNaira(PICKUP_SHIPPING_FEE)}` },
] as const;

/** Delivery or pickup. */
export function DeliveryMethodField() {
  const { register } = useFormContext<CheckoutForm>();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Delivery Method</legend>
      <div className={styles.choices}>
        {METHODS.map((method) => (
          <label key={method.value} className={styles.choice}>
            <input type="radio" value={method.value} {...register('method')} />
            <span>
              <strong>{method.label}</strong>
              <span className={styles.note}>{method.note}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
