import { formatNaira } from '@tapcard/shared/domain';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/Button.js';
import { notify } from '../../lib/toast.js';
import { useCancelAttendee } from './api.js';
import { CANCEL_TEXTS as T } from './cancel-texts.js';
import styles from './Organiser.module.css';

/**
 * An attendee's "Cancel registration" in their dialog: a confirmation in place that says what happens
 * to the money (a paid ticket is refunded in full), then one request whatever the clicks.
 */
export function CancelAttendee({ eventId, attendee, amount, onCancelled }: { eventId: string; attendee: { id: string; name: string }; amount: number; onCancelled: () => void }) {
  const cancel = useCancelAttendee(eventId);
  const [asking, setAsking] = useState(false);
  const sending = useRef(false);
  const hintId = useId();
  const questionId = useId();
  const onConfirm = () => {
    if (sending.current) return;
    sending.current = true;
    cancel.mutate(
      { attendeeId: attendee.id, name: attendee.name },
      {
        onSuccess: () => {
          notify.success(T.cancelled(attendee.name));
          onCancelled();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  if (!asking) {
    return (
      <div className={styles.resendTicket}>
        <Button variant="danger" onClick={() => setAsking(true)} aria-describedby={hintId}>
          {T.cancelRegistration}
        </Button>
        <p id={hintId} className={styles.muted}>
          {T.cancelHint}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.resendTicket} role="group" aria-labelledby={questionId}>
      <p>
        <strong id={questionId}>{T.confirmQuestion(attendee.name)}</strong> {amount > 0 ? T.refundFull(formatNaira(amount)) : T.nothingToRefund} {T.cancelHint}
      </p>
      <div className={styles.switchRow}>
        <Button variant="secondary" onClick={() => setAsking(false)} disabled={cancel.isPending}>
          {T.keep}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={cancel.isPending}>
          {T.confirmCancel}
        </Button>
      </div>
    </div>
  );
}
