import styles from './Spinner.module.css';

/** A spinner; `label` is announced to screen readers (empty when the surrounding text says it). */
export function Spinner({ size = 24, label = 'Loading...' }: { size?: number; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label || undefined} aria-hidden={label ? undefined : true}>
      <span className={styles.spinner} style={{ width: size, height: size }} />
    </span>
  );
}
