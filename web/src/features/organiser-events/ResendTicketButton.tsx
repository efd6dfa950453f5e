import { useId, useRef } from 'react';
import { Button } from '../../components/Button.js';
import { useResendTicket } from './api.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';

/**
 * An attendee's "Re-send ticket": mails their access again. A click while one is on its way sends
 * nothing (the button is disabled while it is pending, and a second click in the same moment is
 * dropped before it renders); a toast says it was sent, or why not.
 */
export function ResendTicketButton({ eventId, attendee }: { eventId: string; attendee: { id: string; name: string } }) {
  const resend = useResendTicket(eventId);
  const sending = useRef(false);
  const hintId = useId();
  const onClick = () => {
    if (sending.current) return;
    sending.current = true;
    resend.mutate(
      { attendeeId: attendee.id, name: attendee.name },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <div className={styles.resendTicket}>
      <Button variant="secondary" busy={resend.isPending} onClick={onClick} aria-describedby={hintId}>
        {TEXTS.resendTicket}
      </Button>
      <p id={hintId} className={styles.muted}>
        {TEXTS.resendTicketHint}
      </p>
    </div>
  );
}
