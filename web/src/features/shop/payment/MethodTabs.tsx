import * as Tabs from '@radix-ui/react-tabs';
import { MethodPanel } from './MethodPanel.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';
import styles from './Payment.module.css';

/** Larger screens: the methods as tabs (Card, Bank, Transfer, USSD). */
export function MethodTabs({ method, onMethodChange, total }: { method: PaymentMethod; onMethodChange: (m: PaymentMethod) => void; total: number }) {
  return (
    <Tabs.Root value={method} onValueChange={(v) => onMethodChange(v as PaymentMethod)}>
      <Tabs.List className={styles.tabs} aria-label="Payment method">
        {PAYMENT_METHODS.map((m) => (
          <Tabs.Trigger key={m.value} value={m.value} className={styles.tab}>
            {m.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {PAYMENT_METHODS.map((m) => (
        <Tabs.Content key={m.value} value={m.value} className={styles.panel}>
          <MethodPanel method={m.value} total={total} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
