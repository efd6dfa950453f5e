import styles from './Door.module.css';
import { TEXTS } from './texts.js';

export interface Ended {
  message: string;
  unsynced: number;
}

/** The door page of a phone with no door session: none yet, or (`ended`) the one it had has ended, and why. */
export function NoSession({ ended }: { ended: Ended | null }) {
  return (
    <section className={styles.card} aria-labelledby="door-title">
      <h1 id="door-title">{ended ? TEXTS.ended : TEXTS.noSession}</h1>
      {ended && (
        <div role="alert" data-testid="door-ended">
          <p className={styles.error}>{ended.message}</p>
          {ended.unsynced > 0 && <p className={styles.error}>{TEXTS.unsynced(ended.unsynced)}</p>}
        </div>
      )}
      <p className={styles.muted}>{TEXTS.noSessionLead}</p>
    </section>
  );
}
