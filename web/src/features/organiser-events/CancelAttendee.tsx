import { formatNaira } from '@tapcard/shared/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { notify } from '../../lib/toast.js';
import { useCancelAttendee } from './api.js';
import { HintedButton, useSendOnce } from './AttendeeAction.js';
import { CANCEL_TEXTS as T } from './cancel-texts.js';
import styles from './Organiser.module.css';

/**
 * An attendee's "Cancel registration" in their dialog: a confirmation in place that says what happens
 * to the money (a paid ticket is refunded in full), then one request whatever the clicks.
 */
export function CancelAttendee({ eventId, attendee, amount, onCancelled }: { eventId: string; attendee: { id: string; name: string }; amount: number; onCancelled: () => void }) {
  const cancel = useCancelAttendee(eventId);
  const send = useSendOnce(cancel);
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const onConfirm = () =>
    send({ attendeeId: attendee.id, name: attendee.name }, () => {
      notify.success(T.cancelled(attendee.name));
      onCancelled();
    });
  if (!asking) {
    return (
      <HintedButton variant="danger" onClick={() => setAsking(true)} hint={T.cancelHint}>
        {T.cancelRegistration}
      </HintedButton>
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
