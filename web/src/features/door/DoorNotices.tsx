import styles from './Door.module.css';
import type { DoorNotice } from './desk/result.js';
import { TEXTS } from './texts.js';

/** What the sync reported (conflicts, check-ins not counted): kept until the staff member dismisses it. */
export function DoorNotices({ notices, onDismiss }: { notices: DoorNotice[]; onDismiss: (id: string) => void }) {
  if (notices.length === 0) return null;
  return (
    <section aria-label={TEXTS.notices} data-testid="door-notices">
      <h2 className={styles.subtitle}>{TEXTS.notices}</h2>
      <ul className={styles.notices}>
        {notices.map((n) => (
          <li key={n.id} className={n.tone === 'conflict' ? styles.noticeConflict : styles.noticeError} data-tone={n.tone}>
            <span>{n.text}</span>
            <button type="button" className={styles.dismiss} onClick={() => onDismiss(n.id)}>
              {TEXTS.dismiss}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
