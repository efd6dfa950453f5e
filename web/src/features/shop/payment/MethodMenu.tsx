import { MoreVertical } from 'lucide-react';
import { useId, useState } from 'react';
import { SHOP_TEXTS } from '../texts.js';
import { MethodPanel } from './MethodPanel.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';
import styles from './Payment.module.css';

/**
 * Small screens: the current method with a dropdown offering Change Payment Method (which lists the
 * four methods) and Cancel Payment.
 */
export function MethodMenu({ method, onMethodChange, onCancel, total }: { method: PaymentMethod; onMethodChange: (m: PaymentMethod) => void; onCancel: () => void; total: number }) {
  const [open, setOpen] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const menuId = useId();
  const label = PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;

  return (
    <div>
      <div className={styles.menuBar}>
        <h3 className={styles.current}>{label}</h3>
        <button type="button" className={styles.menuButton} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
          <MoreVertical aria-hidden size={20} />
          <span className="visually-hidden">Payment options</span>
        </button>
      </div>
      {open && (
        <div id={menuId} className={styles.menu}>
          <button type="button" className={styles.menuItem} aria-expanded={choosing} onClick={() => setChoosing((c) => !c)}>
            {SHOP_TEXTS.changeMethod}
          </button>
          {choosing && (
            <fieldset className={styles.methods}>
              <legend className="visually-hidden">Payment method</legend>
              {PAYMENT_METHODS.map((m) => (
                <label key={m.value} className={styles.methodChoice}>
                  <input
                    type="radio"
                    name="payment-method"
                    value={m.value}
                    checked={m.value === method}
                    onChange={() => {
                      onMethodChange(m.value);
                      setChoosing(false);
                      setOpen(false);
                    }}
                  />
                  {m.label}
                </label>
              ))}
            </fieldset>
          )}
          <button type="button" className={`${styles.menuItem} ${styles.cancel}`} onClick={onCancel}>
            {SHOP_TEXTS.cancelPayment}
          </button>
        </div>
      )}
      <div className={styles.panel}>
        <MethodPanel method={method} total={total} />
      </div>
    </div>
  );
}
