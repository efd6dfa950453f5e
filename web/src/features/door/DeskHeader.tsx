import styles from './Door.module.css';
import { TEXTS } from './texts.js';

const dateTimeOf = (iso: string): string => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** The door page's heading: the gate and event this phone checks in at, and until when. */
export function DeskHeader({ gate, eventTitle, expiresAt }: { gate: string; eventTitle: string; expiresAt: string }) {
  return (
    <header>
      <h1 id="door-title">{TEXTS.atGate(gate, eventTitle)}</h1>
      <p className={styles.muted}>
        {TEXTS.until} <time dateTime={expiresAt}>{dateTimeOf(expiresAt)}</time>
      </p>
    </header>
  );
}
