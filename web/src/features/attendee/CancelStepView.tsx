import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import styles from './Attendee.module.css';
import { CANCEL_TEXTS as T } from './cancel-texts.js';

/**
 * The ticket page's cancel step as drawn: its heading, the refund policy once known, and the button.
 * The server-rendered page draws it before its code arrives (TicketVisit), TicketCancel after.
 */
export function CancelStepView({ policy, onCancel, pending = false, children }: { policy?: string | null; onCancel: () => void; pending?: boolean; children?: ReactNode }) {
  return (
    <section className={styles.cancelStep} aria-labelledby="ticket-cancel-title">
      <h3 id="ticket-cancel-title" className={styles.cancelHeading}>
        {T.cancelTicket}
      </h3>
      {policy && <p className={styles.muted}>{policy}</p>}
      <Button variant="secondary" busy={pending} onClick={onCancel}>
        {T.cancelTicket}
      </Button>
      {children}
    </section>
  );
}
