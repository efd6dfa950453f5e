import { useId } from 'react';
import { formatEventDate } from '@tapcard/shared/domain';
import { ContactButtons } from './ContactButtons.js';
import styles from './EventParts.module.css';

export const EVENT_NOTICE_TEXTS = {
  concluded: 'This event has been concluded',
  notStarted: 'This event is yet to start',
  contactUs: 'Contact us to Get A Card Now.',
} as const;

/**
 * The arena's (and the public event's) page for an event that has ended or not started yet: the
 * notice, the event's title, date and description, and the contact buttons.
 */
export function EventNotice({ status, event }: { status: 'concluded' | 'notStarted'; event: { title: string; start_date: string; description: string } }) {
  const titleId = useId();
  return (
    <section className={styles.notice} aria-labelledby={titleId}>
      <p className={styles.noticeBadge} role="status">
        {EVENT_NOTICE_TEXTS[status]}
      </p>
      <h1 id={titleId}>{event.title}</h1>
      <p className={styles.date}>
        <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
      </p>
      <p>{event.description}</p>
      <p className={styles.contactLead}>{EVENT_NOTICE_TEXTS.contactUs}</p>
      <ContactButtons />
    </section>
  );
}
