import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { eventTiming } from '@tapcard/shared/domain';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { PinnedAnnouncements } from '../../components/PinnedAnnouncements.js';
import { privateThreads } from '../../components/PrivateThreads.js';
import { useSeen } from '../../lib/live/unread.js';
import { useNow } from '../../lib/now.js';
import { ArenaHomeView, PrivacyPlaceholder } from './ArenaHomeView.js';
import { useArena } from './useArena.js';
import { endedTicket } from './CancelledTicket.js';

// The Privacy section (its switch and calls) is fetched after the arena's first render: it sits below the fold.
const PrivacySection = lazy(() => import('./PrivacySection.js'));

/**
 * event/u/arena/:tid: concluded, not started, or the ongoing arena with the Event Chat button. Before
 * and during the event it shows the organiser's pinned announcements (live) and the attendee's Privacy
 * section. A server-rendered arena hands its view over, so the page starts from it until the live view
 * arrives.
 */
export function ArenaPage() {
  const { tid = '' } = useParams();
  const { live, self } = useArena(tid);
  const me = self?.attendee_id ?? null;
  const seen = useSeen(live.view?.eventId, me);
  const privateChats = live.view?.private_chats;
  const blocked = live.view?.blocked;
  const threads = useMemo(() => (privateChats && me ? privateThreads(privateChats, (id) => id === me, seen, blocked) : []), [privateChats, me, seen, blocked]);
  const now = useNow();
  const ended = endedTicket(tid, live.view?.attendee.transferred, live.view?.attendee.cancelled);
  if (ended) return ended;
  if (live.error) return <NotFoundView />;
  const view = live.view;
  if (!view) return <LoadingScreen />;
  return (
    <ArenaHomeView
      tid={tid}
      view={view}
      timing={eventTiming(view.event, now)}
      status={<LiveStatus connection={live.connection} stale={live.stale} hasView />}
      pinned={<PinnedAnnouncements announcements={view.announcements} />}
      privacy={
        <Suspense fallback={<PrivacyPlaceholder />}>
          <PrivacySection tid={tid} live={live} />
        </Suspense>
      }
      threads={threads}
    />
  );
}
