import { TRUNCATE } from '../../lib/ui.js';
import type { Event } from '@tapcard/shared/contract';
import { formatEventDate, truncate } from '@tapcard/shared/domain';
import { AppLink } from '../../components/AppLink.js';
import { ButtonLink } from '../../components/Button.js';
import { EventBanner } from '../../components/EventBanner.js';
import { isSoldOut } from '../../components/TicketList.js';
import { paths } from '../../lib/paths.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';

/** An event of a card's list: image, title (22), description (60), date, and Register for upcoming ones ('Sold out' instead when no ticket is left). */
export function EventListItem({ event, link, canRegister }: { event: Event; link: string; canRegister: boolean }) {
  return (
    <li className={styles.item}>
      <AppLink to={paths.cardEvent(event.id, link)} className={styles.itemLink}>
        <EventBanner image={event.image} title={event.title} compact decorative />
        <h3 className={styles.itemTitle} title={event.title}>
          {truncate(event.title, TRUNCATE.publicTitle)}
        </h3>
      </AppLink>
      <p className={styles.muted}>{truncate(event.description, TRUNCATE.publicDescription)}</p>
      <p className={styles.date}>
        <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
      </p>
      {canRegister && isSoldOut(event.prices) && <p className={styles.muted}>{TEXTS.soldOut}</p>}
      {canRegister && !isSoldOut(event.prices) && (
        <ButtonLink to={paths.cardEventRegister(event.id, link)} variant="secondary">
          {TEXTS.register}
          {' '}<span className="visually-hidden">for {event.title}</span>
        </ButtonLink>
      )}
    </li>
  );
}

/** The card's latest (first upcoming) event: description truncated to 50, with Register. */
export function LatestEventCard({ event, link }: { event: Event; link: string }) {
  return (
    <section className={styles.latest} aria-labelledby="latest-event-title">
      <h2 id="latest-event-title" className={styles.latestLabel}>
        {TEXTS.latestEvent}
      </h2>
      <AppLink to={paths.cardEvent(event.id, link)} className={styles.itemLink}>
        <EventBanner image={event.image} title={event.title} eager decorative />
        <h3 className={styles.latestTitle}>{event.title}</h3>
      </AppLink>
      <p className={styles.muted}>{truncate(event.description, TRUNCATE.latestDescription)}</p>
      <p className={styles.date}>
        <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
      </p>
      {isSoldOut(event.prices) ? (
        <p className={styles.muted}>{TEXTS.soldOut}</p>
      ) : (
        <ButtonLink to={paths.cardEventRegister(event.id, link)}>
          {TEXTS.register}
          {' '}<span className="visually-hidden">for {event.title}</span>
        </ButtonLink>
      )}
    </section>
  );
}
