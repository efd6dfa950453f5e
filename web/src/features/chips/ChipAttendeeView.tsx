import { formatEventDate } from '@tapcard/shared/domain';
import { ButtonLink } from '../../components/Button.js';
import { EventBanner } from '../../components/EventBanner.js';
import { Avatar } from '../../components/Page.js';
import { paths } from '../../lib/paths.js';
import type { ViewOf } from '@tapcard/shared/realtime';
import styles from './Chips.module.css';
import { TEXTS } from './texts.js';

/** A chip bound to an attendee: the event, the attendee and the Chat button. */
export function ChipAttendeeView({ chipId, view }: { chipId: string; view: ViewOf<'chip'> & { attendee: NonNullable<ViewOf<'chip'>['attendee']> } }) {
  const { event, attendee } = view;
  return (
    <section className={styles.card} aria-labelledby="chip-event-title">
      <EventBanner image={event.image} title={event.title} eager />
      <h1 id="chip-event-title">{event.title}</h1>
      <p className={styles.date}>
        <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
      </p>
      <div className={styles.person}>
        <Avatar src={attendee.image} name={attendee.name} size={64} alt="" />
        <div>
          <p className={styles.name}>{attendee.name}</p>
          {attendee.price_category && (
            <p className={styles.muted}>
              {TEXTS.ticket}: {attendee.price_category}
            </p>
          )}
        </div>
      </div>
      <ButtonLink to={paths.chipChat(chipId)} block>
        {TEXTS.chat}
      </ButtonLink>
    </section>
  );
}
