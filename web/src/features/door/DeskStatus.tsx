import styles from './Door.module.css';
import { TEXTS } from './texts.js';

/**
 * Whether the phone is online (and its counts live), and how many check-ins wait to be sent (null:
 * not read from the phone yet, the line's place kept empty).
 */
export function DeskStatus({ online, live, queueSize }: { online: boolean; live: boolean; queueSize: number | null }) {
  const state = !online ? 'offline' : live ? 'online' : 'connecting';
  const text = state === 'offline' ? TEXTS.offline : state === 'online' ? TEXTS.online : TEXTS.connecting;
  return (
    <div className={styles.statusBar}>
      <p className={`${styles.net} ${styles[state] ?? ''}`} data-testid="door-network" data-state={state} role="status">
        <span className={styles.dot} aria-hidden="true" /> {text}
      </p>
      {queueSize === null ? (
        <p className={styles.muted} aria-hidden="true">
          &nbsp;
        </p>
      ) : (
        <p className={queueSize > 0 ? styles.queueWaiting : styles.muted} role="status">
          <span data-testid="door-queue">{queueSize}</span> {TEXTS.queueWaiting(queueSize)}
        </p>
      )}
    </div>
  );
}
