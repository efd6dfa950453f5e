import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import styles from './Switch.module.css';

/** An accessible on/off switch from Radix, with its label and the current state in words. */
export function Switch({
  label,
  checked,
  onCheckedChange,
  disabled,
  stateText,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Words for the state, e.g. Present / Absent. */
  stateText?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <RadixSwitch.Root id={id} className={styles.root} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled}>
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      {stateText && (
        <span className={styles.state} aria-live="polite">
          {stateText}
        </span>
      )}
    </div>
  );
}
