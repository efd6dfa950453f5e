import { useParams, useSearchParams } from 'react-router-dom';
import { eventTiming } from '@tapcard/shared/domain';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, BackLink, EmptyState, Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';
import { useEventAttendees, usePublicEvent } from './api.js';

/** card/event/:id/attendees: 'registered/total capacity', everyone's avatar and name, and Register. */
export function CardEventAttendeesPage() {
  useBlockContextMenu();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const link = search.get('link') ?? undefined;
  const event = usePublicEvent(id);
  const attendees = useEventAttendees(id);
  const now = useNow();
  if (event.isError || attendees.isError) return <NotFoundView />;
  if (!event.data || !attendees.data) return <LoadingScreen />;
  const { registered, capacity, attendees: people } = attendees.data;
  return (
    <Page>
      <BackLink to={paths.cardEvent(id, link)}>{TEXTS.backToEvent}</BackLink>
      <h1>{event.data.title}</h1>
      <p className={styles.count} aria-label={`${registered} of ${capacity} places taken`}>
        {registered}/{capacity}
      </p>
      {people.length === 0 ? (
        <EmptyState title={TEXTS.noAttendees} />
      ) : (
        <ul className={styles.people}>
          {people.map((person) => (
            <li key={person.id} className={styles.person}>
              <Avatar src={person.image} name={person.name} size={56} alt="" />
              <span>{person.name}</span>
            </li>
          ))}
        </ul>
      )}
      {eventTiming(event.data, now) !== 1 && (
        <ButtonLink to={paths.cardEventRegister(id, link)} block>
          {TEXTS.register}
        </ButtonLink>
      )}
    </Page>
  );
}
