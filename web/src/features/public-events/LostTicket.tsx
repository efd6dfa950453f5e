import { lazy, Suspense, useId, useState } from 'react';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';

// The form, its rule and the API client load on first open: the light event pages ship none of them.
const LostTicketForm = lazy(() => import('./LostTicketForm.js').then((m) => ({ default: m.LostTicketForm })));

/**
 * "Lost your ticket?" under an event's register link: a disclosure that opens a small form asking the
 * upstream to mail the tickets of an email again. The answer is the same whether or not the email
 * registered.
 */
export function LostTicket({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <div className={styles.lostTicket}>
      <button type="button" className={styles.lostTicketToggle} aria-expanded={open} aria-controls={open ? formId : undefined} onClick={() => setOpen((was) => !was)}>
        {TEXTS.lostTicket}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LostTicketForm id={formId} eventId={eventId} />
        </Suspense>
      )}
    </div>
  );
}
