import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { capacity, insideCount } from '@tapcard/shared/domain';
import type { ViewOf } from '@tapcard/shared/realtime';
import { INSIDE_TEXTS, InsideCount } from '../../components/InsideCount.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar } from '../../components/Page.js';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths } from '../../lib/paths.js';
import { clockTime, placeOf } from './door-places.js';
import styles from './EventLive.module.css';
import { GateCounts } from './GateCounts.js';
import { TEXTS } from './texts.js';
import { useOrganiserEvent } from './useOrganiserEvent.js';

/** How many of the newest arrivals the projector lists. */
const LAST_ARRIVALS = 8;

type LiveAttendee = ViewOf<'organiser'>['attendees'][number];
type Arrival = LiveAttendee & { checked_in_at: string };

/** Those checked in with a recorded time, newest first. */
function lastArrivals(attendees: readonly LiveAttendee[]): Arrival[] {
  return attendees
    .filter((a): a is Arrival => a.checked_in && typeof a.checked_in_at === 'string')
    .sort((a, b) => Date.parse(b.checked_in_at) - Date.parse(a.checked_in_at))
    .slice(0, LAST_ARRIVALS);
}

/**
 * event/:id/live: the organiser's projector view, readable across a room: how many are checked in of
 * the event's total ticket stock (insideCount, the attendees page's and the door's count too), per
 * gate, and the last arrivals, all following the live view (which resyncs after a reconnect, so the
 * figures stay right); the live status shows while it is not live.
 */
export function EventLivePage() {
  const { id, admin, live } = useOrganiserEvent();
  if (admin.isError || live.error) return <NotFoundView />;
  if (!admin.data) return <LoadingScreen />;
  const view = live.view ?? organiserViewOf(admin.data);
  const inside = insideCount(view.attendees, capacity(admin.data.prices));
  const arrivals = lastArrivals(view.attendees);
  return (
    <main className={styles.screen}>
      <header className={styles.top}>
        <Link to={paths.eventAttendees(id)} className={styles.back}>
          <span aria-hidden="true">←</span> {TEXTS.backToAttendees}
        </Link>
        <h1 className={styles.title}>{view.event.title}</h1>
      </header>
      <LiveStatus connection={live.connection} stale={live.stale} hasView={live.view !== null} />
      <section className={styles.figures} aria-label={INSIDE_TEXTS.label}>
        <InsideCount
          count={inside}
          testId="inside-count"
          className={styles.inside}
          labelClassName={styles.insideLabel}
          numberClassName={styles.insideNow}
          totalClassName={styles.total}
        />
        <GateCounts attendees={view.attendees} className={styles.gates} />
      </section>
      <section className={styles.arrivals} aria-labelledby="arrivals-heading">
        <h2 id="arrivals-heading">{TEXTS.lastArrivals}</h2>
        <Arrivals arrivals={arrivals} live={live.view !== null} />
      </section>
    </main>
  );
}

/**
 * The last arrivals, newest first. Those that arrive while the screen is up slide in (not with
 * reduced motion); the ones already there when it opened just show.
 */
function Arrivals({ arrivals, live }: { arrivals: readonly Arrival[]; live: boolean }) {
  // Those in the first live view: the screen opened on them, they did not just arrive.
  const firstSeen = useRef<ReadonlySet<string> | null>(null);
  if (live) firstSeen.current ??= new Set(arrivals.map((a) => a.id));
  const shown = firstSeen.current;
  if (arrivals.length === 0) return <p className={styles.quiet}>{TEXTS.noArrivals}</p>;
  return (
    <ol className={styles.arrivalList} data-testid="last-arrivals">
      {arrivals.map((a) => (
        <li key={a.id} className={!shown || shown.has(a.id) ? styles.arrival : `${styles.arrival} ${styles.fresh}`} data-testid="arrival">
          <Avatar src={a.image} name={a.name} size={64} alt="" />
          <span className={styles.arrivalName}>{a.name}</span>
          <span className={styles.quiet}>{placeOf(a.checked_in_by)}</span>
          <time className={styles.quiet} dateTime={a.checked_in_at}>
            {clockTime(a.checked_in_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
