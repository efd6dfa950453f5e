import { useId, type ChangeEvent, type ReactNode } from 'react';
import styles from './Wizard.module.css';

/** A file input that looks like a button (keyboard and screen-reader friendly: a labelled native input). */
export function ImagePicker({ label, onFile, disabled = false, icon }: { label: string; onFile: (file: File) => void; disabled?: boolean; icon?: ReactNode }) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so the same file can be chosen again and an oversized one leaves nothing behind.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <label htmlFor={id} className={`${styles.picker} ${disabled ? styles.pickerDisabled : ''}`}>
      <input id={id} type="file" accept="image/*" className="visually-hidden" onChange={change} disabled={disabled} />
      {icon}
      {label}
    </label>
  );
}
