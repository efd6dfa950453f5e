import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { eventTiming } from '@tapcard/shared/domain';
import { ButtonLink } from '../../components/Button.js';
import { EventBanner } from '../../components/EventBanner.js';
import { EventNotice } from '../../components/EventNotice.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, Page } from '../../components/Page.js';
import { PinnedAnnouncements } from '../../components/PinnedAnnouncements.js';
import { PrivateThreads, privateThreads } from '../../components/PrivateThreads.js';
import { useSeen } from '../../lib/live/unread.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import styles from './Attendee.module.css';
import safetyStyles from './Safety.module.css';
import { TEXTS } from './texts.js';
import { useArenaSeed } from './api.js';
import { useArena } from './useArena.js';
import { endedTicket } from './CancelledTicket.js';

// The Privacy section (its switch and calls) is fetched after the arena's first render: it sits below the fold.
const PrivacySection = lazy(() => import('./PrivacySection.js'));

/** The Privacy section while its code is on its way. */
function PrivacyPlaceholder() {
  return (
    <section className={safetyStyles.privacy} aria-label={TEXTS.privacy}>
      <h2>{TEXTS.privacy}</h2>
      <p className={safetyStyles.muted}>{TEXTS.loadingPrivacy}</p>
    </section>
  );
}

/**
 * event/u/arena/:tid: concluded, not started, or the ongoing arena with the Event Chat button. Before
 * and during the event it shows the organiser's pinned announcements (live) and the attendee's Privacy
 * section.
 */
export function ArenaPage() {
  const { tid = '' } = useParams();
  const { live, self } = useArena(tid);
  const me = self?.attendee_id ?? null;
  const seen = useSeen(live.view?.eventId, me);
  const privateChats = live.view?.private_chats;
  const blocked = live.view?.blocked;
  const threads = useMemo(() => (privateChats && me ? privateThreads(privateChats, (id) => id === me, seen, blocked) : []), [privateChats, me, seen, blocked]);
  // A server-rendered arena starts from the event it was rendered with, until the live view arrives.
  const seed = useArenaSeed(tid);
  const now = useNow();
  const ended = endedTicket(tid, live.view?.attendee.transferred, live.view?.attendee.cancelled);
  if (ended) return ended;
  if (live.error) return <NotFoundView />;
  const view = live.view ?? seed;
  if (!view) return <LoadingScreen />;
  const status = <LiveStatus connection={live.connection} stale={live.stale} hasView />;
  const timing = eventTiming(view.event, now);
  const pinned = <PinnedAnnouncements announcements={live.view?.announcements} />;
  const privacy = (
    <Suspense fallback={<PrivacyPlaceholder />}>
      <PrivacySection tid={tid} live={live} />
    </Suspense>
  );
  if (timing !== 0) {
    return (
      <Page>
        {status}
        <EventNotice status={timing > 0 ? 'concluded' : 'notStarted'} event={view.event} />
        {timing < 0 && (
          <div className={styles.arena}>
            {pinned}
            {privacy}
          </div>
        )}
      </Page>
    );
  }
  return (
    <Page>
      {status}
      <EventBanner image={view.event.image} title={view.event.title} eager />
      <section className={styles.arena} aria-labelledby="arena-title">
        <h1 id="arena-title">{view.event.title}</h1>
        {pinned}
        <div className={styles.person}>
          <Avatar src={view.attendee.image} name={view.attendee.name} size={64} alt="" />
          <p>
            <span className={styles.muted}>{TEXTS.welcome}</span>
            <br />
            <strong className={styles.name}>{view.attendee.name}</strong>
          </p>
        </div>
        <ButtonLink to={paths.arenaChat(tid)} block>
          {TEXTS.eventChat}
        </ButtonLink>
        <PrivateThreads threads={threads} linkTo={(id) => paths.arenaPrivateChat(tid, id)} fallbackName={() => TEXTS.privateChat} />
        {privacy}
      </section>
    </Page>
  );
}
