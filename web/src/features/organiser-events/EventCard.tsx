import { Link } from 'react-router-dom';
import { TRUNCATE } from '../../lib/ui.js';
import type { Event } from '@tapcard/shared/contract';
import { formatEventDate, offersGetChips, truncate } from '@tapcard/shared/domain';
import { EventBanner } from '../../components/EventBanner.js';
import { paths } from '../../lib/paths.js';
import styles from './Organiser.module.css';
import { EditDeleteIcons } from './EditDeleteIcons.js';
import { TEXTS } from './texts.js';

/**
 * An event of the organiser's list: image, title (13), description (50), start date, delete; edit for
 * upcoming events only; Get Chips while the event runs, when a ticket has chips.
 */
export function EventCard({ event, upcoming, now, onDelete }: { event: Event; upcoming: boolean; now: Date; onDelete: (event: Event) => void }) {
  return (
    <li className={styles.card}>
      <Link to={paths.event(event.id)} className={styles.cardLink}>
        <EventBanner image={event.image} title={event.title} compact decorative />
        <h3 className={styles.cardTitle} title={event.title}>
          {truncate(event.title, TRUNCATE.organiserTitle)}
        </h3>
      </Link>
      <p className={styles.muted}>{truncate(event.description, TRUNCATE.organiserDescription)}</p>
      <StartDate event={event} />
      <div className={styles.cardActions}>
        {upcoming && offersGetChips(event, now) && (
          <Link to={paths.eventGetChips(event.id)} className={styles.textLink}>
            {TEXTS.getChips}
          </Link>
        )}
        <span className={styles.iconGroup}>
          <EditDeleteIcons eventId={event.id} title={event.title} editable={upcoming} onDelete={() => onDelete(event)} />
        </span>
      </div>
    </li>
  );
}

/** The first upcoming event, featured: description truncated to 100, with Get Cards. */
export function FeaturedEvent({ event, now, onDelete }: { event: Event; now: Date; onDelete: (event: Event) => void }) {
  return (
    <li className={`${styles.card} ${styles.featured}`}>
      <Link to={paths.event(event.id)} className={styles.cardLink}>
        <EventBanner image={event.image} title={event.title} eager decorative />
        <h3 className={styles.featuredTitle}>{event.title}</h3>
      </Link>
      <p className={styles.muted}>{truncate(event.description, TRUNCATE.featuredDescription)}</p>
      <StartDate event={event} />
      <div className={styles.cardActions}>
        <Link to={paths.eventGetCards(event.id)} className={styles.pillLink}>
          {TEXTS.getCards}
        </Link>
        {offersGetChips(event, now) && (
          <Link to={paths.eventGetChips(event.id)} className={styles.textLink}>
            {TEXTS.getChips}
          </Link>
        )}
        <span className={styles.iconGroup}>
          <EditDeleteIcons eventId={event.id} title={event.title} editable onDelete={() => onDelete(event)} />
        </span>
      </div>
    </li>
  );
}

function StartDate({ event }: { event: Event }) {
  return (
    <p className={styles.date}>
      <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
    </p>
  );
}
