import styles from './Totals.module.css';

export interface TotalRow {
  label: string;
  value: string;
  /** The grand total: set apart by a rule and bolder. */
  grand?: boolean;
}

/** A list of amounts (subtotal, shipping, VAT, total) as label and value rows. */
export function Totals({ rows }: { rows: readonly TotalRow[] }) {
  return (
    <dl className={styles.totals}>
      {rows.map((row) => (
        <div key={row.label} className={row.grand ? styles.grand : undefined}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
