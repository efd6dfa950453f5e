import { CardPaymentForm } from './CardPaymentForm.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';
import styles from './Payment.module.css';

/** What a method shows: the card form, or a plain note that the method is not available yet. */
export function MethodPanel({ method, total }: { method: PaymentMethod; total: number }) {
  if (method === 'card') return <CardPaymentForm total={total} />;
  const label = PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;
  return (
    <div className={styles.unavailable}>
      <p>
        <strong>{label} payments are not available yet.</strong>
      </p>
      <p>Please pay with Card for now.</p>
    </div>
  );
}
