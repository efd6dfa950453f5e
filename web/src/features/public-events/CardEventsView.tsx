import type { Event, EventLists } from '@tapcard/shared/contract';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, EmptyState, Page } from '../../components/Page.js';
import { Tabs } from '../../components/Tabs.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { paths } from '../../lib/paths.js';
import { EventListItem, LatestEventCard } from './EventListItem.js';
import styles from './PublicEvents.module.css';
import { TEXTS } from './texts.js';

function EventList({ events, link, canRegister, empty, hint }: { events: Event[]; link: string; canRegister: boolean; empty: string; hint: string }) {
  if (events.length === 0) {
    return (
      <EmptyState title={empty}>
        <p>{hint}</p>
      </EmptyState>
    );
  }
  return (
    <ul className={styles.list}>
      {events.map((event) => (
        <EventListItem key={event.id} event={event} link={link} canRegister={canRegister} />
      ))}
    </ul>
  );
}

/**
 * card/event?link=: the card owner's events, the latest first, then Upcoming and Past tabs, from the
 * lists however they were loaded (`failed`: they could not be).
 */
export function CardEventsView({ link, events, failed }: { link: string | null; events: EventLists | undefined; failed: boolean }) {
  useBlockContextMenu();
  if (!link || failed) return <NotFoundView />;
  if (!events) return <LoadingScreen />;
  const { upcoming, past } = events;
  const latest = upcoming[0];
  return (
    <Page>
      <BackLink to={paths.cardConnect(link)}>{TEXTS.back}</BackLink>
      <h1>{TEXTS.events}</h1>
      {latest && <LatestEventCard event={latest} link={link} />}
      <Tabs
        label={TEXTS.events}
        items={[
          { value: 'upcoming', label: TEXTS.upcoming, content: <EventList events={upcoming} link={link} canRegister empty={TEXTS.noUpcoming} hint={TEXTS.noUpcomingHint} /> },
          { value: 'past', label: TEXTS.past, content: <EventList events={past} link={link} canRegister={false} empty={TEXTS.noPast} hint={TEXTS.noPastHint} /> },
        ]}
      />
    </Page>
  );
}
