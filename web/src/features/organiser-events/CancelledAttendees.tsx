import type { CancelledAttendee } from '@tapcard/shared/contract';
import { formatNaira, REFUND_STATE_LABELS } from '@tapcard/shared/domain';
import { Button } from '../../components/Button.js';
import { CANCEL_TEXTS as T } from './cancel-texts.js';
import styles from './Organiser.module.css';

/**
 * The event's cancelled tickets on the attendees page: who, which ticket, who cancelled it, and the
 * refund's state (read again while one is on its way). Nothing while there are none.
 */
export function CancelledAttendees({ list, failed, onRetry }: { list: CancelledAttendee[] | undefined; failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <p className={styles.muted} role="alert">
        {T.loadFailed}{' '}
        <Button variant="secondary" onClick={onRetry}>
          {T.tryAgain}
        </Button>
      </p>
    );
  }
  if (!list || list.length === 0) return null;
  return (
    <section aria-labelledby="cancelled-title" className={styles.cancelledList}>
      <h2 id="cancelled-title">{T.cancelledTitle}</h2>
      <ul>
        {list.map((a) => (
          <li key={a.id} data-testid="cancelled-attendee">
            <span className={styles.attendeeName}>{a.name}</span>
            <span className={styles.muted}>
              {a.ticket} · {a.amount > 0 ? formatNaira(a.amount) : T.free} · {T.cancelledBy(a.cancelled_by)}
            </span>
            <span className={styles.refundLabel} data-state={a.refund?.state ?? 'none'}>
              {a.refund ? `${REFUND_STATE_LABELS[a.refund.state]} (${formatNaira(a.refund.amount)})` : a.amount > 0 ? T.noRefund : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
