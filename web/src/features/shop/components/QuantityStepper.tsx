import { Minus, Plus } from 'lucide-react';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { MIN_QUANTITY } from '@tapcard/shared/constants';
import styles from './QuantityStepper.module.css';

/** A quantity as typed: empty counts as 0. */
export function quantityOf(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || 0);
  return Number.isFinite(n) ? Math.trunc(n) : MIN_QUANTITY;
}

interface QuantityStepperProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: string;
  error?: string | undefined;
  /** The current value (as typed) and a setter, for the minus and plus buttons. */
  current: unknown;
  onStep: (next: number) => void;
  onChange: InputHTMLAttributes<HTMLInputElement>['onChange'];
  ref?: Ref<HTMLInputElement>;
}

/** Minus, a number input and plus; the minimum is 0 and its required message shows under it. */
export function QuantityStepper({ label, error, current, onStep, id, ...input }: QuantityStepperProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const value = quantityOf(current);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={fieldId}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button type="button" className={styles.step} onClick={() => onStep(Math.max(MIN_QUANTITY, value - 1))} disabled={value <= MIN_QUANTITY} aria-label="Decrease quantity">
          <Minus aria-hidden size={18} />
        </button>
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          step={1}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...input}
        />
        <button type="button" className={styles.step} onClick={() => onStep(value + 1)} aria-label="Increase quantity">
          <Plus aria-hidden size={18} />
        </button>
      </div>
      {error && (
        <p className={styles.error} id={`${fieldId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
