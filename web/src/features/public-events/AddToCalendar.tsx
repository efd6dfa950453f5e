import { CalendarPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Event } from '@tapcard/shared/contract';
import { calendarFileName, eventCalendar } from '@tapcard/shared/domain';
import { paths } from '../../lib/paths.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';

/**
 * 'Add to calendar': the event as an .ics file (start and end in UTC, title, place, description and its
 * open link), built in the browser from the event shown. It appears once the page runs in the browser
 * (the server render has neither the visitor's clock nor the app's address); until then its place is
 * kept, so nothing below it moves when it appears.
 */
export function AddToCalendar({ event }: { event: Event }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const { origin, hostname } = window.location;
    const text = eventCalendar(
      { id: event.id, title: event.title, description: event.description, location: event.location, url: `${origin}${paths.openEvent(event.clean_name)}`, start_date: event.start_date, end_date: event.end_date },
      { domain: hostname || 'tapcard' },
    );
    setHref(text === undefined ? null : `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`);
  }, [event.id, event.title, event.description, event.location, event.clean_name, event.start_date, event.end_date]);
  if (!href) return <span className={styles.calendarLink} aria-hidden />;
  return (
    <a href={href} download={calendarFileName(event.clean_name)} className={styles.calendarLink}>
      <CalendarPlus aria-hidden size={18} />
      {TEXTS.addToCalendar}
    </a>
  );
}
