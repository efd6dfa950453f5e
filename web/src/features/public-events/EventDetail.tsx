import { AVATARS } from '@tapcard/shared/constants';
import type { Event } from '@tapcard/shared/contract';
import { formatEventDate, formatEventDateTime, parseEventDate, timeZoneLabel } from '@tapcard/shared/domain';
import { AppLink } from '../../components/AppLink.js';
import { AvatarStack } from '../../components/AvatarStack.js';
import { ButtonLink } from '../../components/Button.js';
import { EventBanner } from '../../components/EventBanner.js';
import { GallerySection } from '../../components/GalleryGrid.js';
import { Notice } from '../../components/Page.js';
import { isSoldOut, TicketList } from '../../components/TicketList.js';
import { useHydrated } from '../../lib/hydration.js';
import { routes } from '../../lib/paths.js';
import { AddToCalendar } from './AddToCalendar.js';
import { LostTicket } from './LostTicket.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';

/** One of the event's dates in its list: the label, and the date as `when` writes it. */
function Moment({ label, date, when }: { label: string; date: string; when: (date: string) => string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <time dateTime={date}>{when(date)}</time>
      </dd>
    </div>
  );
}

/**
 * A public event: image, title, start and end with their times and time zone, location, 'Add to
 * calendar' (.ics), description, the register link (or, once ended, the concluded
 * notice and the card shop; or, with no ticket left, the sold-out notice), 'Lost your ticket?' until it
 * ends, tickets, attendees (first 4) and the gallery.
 */
export function EventDetail({
  event,
  ended,
  registerTo,
  registerLabel,
  showCount = false,
  viewAllTo,
}: {
  event: Event;
  ended: boolean;
  registerTo: string;
  registerLabel: string;
  showCount?: boolean;
  viewAllTo?: string;
}) {
  const start = parseEventDate(event.start_date);
  // Times and the zone are the visitor's: the server's render (another zone) and the hydration show
  // the dates alone, the browser then adds them, so the markup it takes over always matches.
  const hydrated = useHydrated();
  const when = hydrated ? formatEventDateTime : formatEventDate;
  return (
    <article className={styles.detail} aria-labelledby="event-title">
      <EventBanner image={event.image} title={event.title} eager />
      <h1 id="event-title">{event.title}</h1>
      <dl className={styles.when}>
        <Moment label={TEXTS.starts} date={event.start_date} when={when} />
        {event.end_date && <Moment label={TEXTS.ends} date={event.end_date} when={when} />}
        {start && (
          // Kept in place, hidden, until the browser knows the zone: nothing below moves when it shows.
          <div className={hydrated ? undefined : styles.pending} aria-hidden={!hydrated || undefined}>
            <dt>{TEXTS.timeZone}</dt>
            <dd>{hydrated ? timeZoneLabel(new Date(start.time)) : '\u00a0'}</dd>
          </div>
        )}
        {event.location && (
          <div>
            <dt>{TEXTS.location}</dt>
            <dd>{event.location}</dd>
          </div>
        )}
      </dl>
      <AddToCalendar event={event} />
      <p className={styles.description}>{event.description}</p>
      {ended ? (
        <>
          <Notice>{TEXTS.concluded}</Notice>
          <ButtonLink to={routes.getCard} variant="secondary">
            {TEXTS.getCard}
          </ButtonLink>
        </>
      ) : isSoldOut(event.prices) ? (
        <Notice>{TEXTS.eventSoldOut}</Notice>
      ) : (
        <ButtonLink to={registerTo} block>
          {registerLabel}
        </ButtonLink>
      )}
      {!ended && <LostTicket eventId={event.id} />}
      {event.prices.length > 0 && (
        <section aria-labelledby="tickets-title">
          <h2 id="tickets-title">{TEXTS.tickets}</h2>
          <TicketList prices={event.prices} />
        </section>
      )}
      <section aria-labelledby="attendees-title">
        <div className={styles.sectionHead}>
          <h2 id="attendees-title">{TEXTS.attendees}</h2>
          {viewAllTo && event.attendee_count > 0 && <AppLink to={viewAllTo}>{TEXTS.viewAll}</AppLink>}
        </div>
        {showCount && event.attendee_count > 0 && (
          <p className={styles.count}>
            {event.attendee_count} {TEXTS.registered}
          </p>
        )}
        <AvatarStack people={event.attendees} max={AVATARS.public} empty={TEXTS.noAttendees} />
      </section>
      <GallerySection titleId="gallery-title" title={TEXTS.gallery} items={event.gallery} />
    </article>
  );
}
