import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { checkInPlace, formatEventDate } from '@tapcard/shared/domain';
import type { ViewOf } from '@tapcard/shared/realtime';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { clockTime } from '../../lib/live/clock.js';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { useEventPagesWorker } from '../../lib/pwa.js';
import { eventTokenQuery, keptTickets } from './api.js';
import { CancelledTicket, endedTicket } from './CancelledTicket.js';
import { TicketCancel } from './TicketCancel.js';
import styles from './Attendee.module.css';
import { TEXTS } from './texts.js';
import { isTransferredRefusal } from './ticket-holder-api.js';
import { TicketHolderActions } from './TicketHolderActions.js';

const QrCode = lazy(() => import('./QrCode.js'));

/**
 * event/u/token/:tid and event/u/ticket/:tid: the registration result with the door ticket's QR code.
 * The QR carries the signed ticket from the answer (as the access mail's does), never the access
 * token: a photo of it opens no arena and no chat; the button below is the attendee's way in. Once the
 * door admits the attendee, the page says when and where, live (the attendee's own arena view).
 */
export function EventTokenPage() {
  const { tid = '' } = useParams();
  useEventPagesWorker();
  const live = useArenaLive(tid || undefined);
  // The answer this device kept shows at once (and with no network); the page still asks the server.
  const [kept] = useState(() => (tid ? keptTickets.read(tid) : null));
  const query = useQuery({
    ...eventTokenQuery(tid, { background: kept !== null }),
    enabled: tid !== '',
    initialData: kept ?? undefined,
    initialDataUpdatedAt: 0,
  });
  const unreachable = query.isError && query.error instanceof ApiError && query.error.kind === 'network';
  useEffect(() => {
    if (!tid) return;
    if (query.isSuccess && query.dataUpdatedAt > 0) keptTickets.save(tid, query.data);
    else if (query.isError && !unreachable) keptTickets.forget(tid);
  }, [tid, query.isSuccess, query.isError, query.data, query.dataUpdatedAt, unreachable]);
  const queryClient = useQueryClient();
  const [transferred, setTransferred] = useState(false);
  // Given away here, on another device (live), or before this page was opened (the link answers 410);
  // cancelled on another device or by the organiser, told live.
  const ended = endedTicket(tid, transferred || live.view?.attendee.transferred || (query.isError && isTransferredRefusal(query.error)), live.view?.attendee.cancelled);
  if (ended) return ended;
  if (query.isPending) return <LoadingScreen />;
  // A token that opens nothing may be a cancelled ticket's: that page says so, else the token is unknown.
  // With no network, the kept ticket stays on screen.
  if (query.isError && !(unreachable && query.data)) return <CancelledTicket tid={tid} fallback={<NotFoundView />} />;
  if (!query.data) return <NotFoundView />;
  const { event, image, ticket, attendee } = query.data.data;
  // The live view once it came; until then the token's answer.
  const checkIn = live.view?.attendee ?? attendee;
  const name = live.view?.attendee.name ?? query.data.data.name;
  const renamed = (next: string) => {
    queryClient.setQueryData(eventTokenQuery(tid).queryKey, (old) => old && { ...old, data: { ...old.data, name: next } });
    if (live.view) live.applyLocal({ attendees: [{ ...live.view.attendee, name: next }] });
  };
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="token-title" data-connection={live.connection}>
        <h1 id="token-title" className={styles.success}>
          {TEXTS.registered}
        </h1>
        <h2>{event.title}</h2>
        <p className={styles.date}>
          <time dateTime={event.start_date}>{formatEventDate(event.start_date)}</time>
        </p>
        <div className={styles.person}>
          <Avatar src={image} name={name} size={56} alt="" />
          <p className={styles.name}>{name}</p>
        </div>
        <div className={styles.qr}>
          <Suspense fallback={<Spinner />}>
            <QrCode value={ticket} label={TEXTS.qrLabel} />
          </Suspense>
        </div>
        <p className={styles.muted}>{TEXTS.qrHint}</p>
        <CheckedInLine attendee={checkIn} />
        <TicketHolderActions tid={tid} name={name} checkedIn={checkIn.checked_in} onRenamed={renamed} onTransferred={() => setTransferred(true)} />
        <p>{TEXTS.thankYou}</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.openEvent(event.clean_name)} variant="secondary">
            {TEXTS.goBack}
          </ButtonLink>
          <ButtonLink to={paths.arena(tid)}>{TEXTS.openArena}</ButtonLink>
        </div>
        {!checkIn.checked_in && <TicketCancel tid={tid} />}
      </section>
    </Page>
  );
}

type CheckIn = Pick<ViewOf<'arena'>['attendee'], 'checked_in' | 'checked_in_at' | 'checked_in_by'>;

/** 'Already checked in at North gate, 18:04' once the attendee is in; nothing before. */
function CheckedInLine({ attendee }: { attendee: CheckIn }) {
  if (!attendee.checked_in) return null;
  const place = checkInPlace(attendee.checked_in_by);
  const where = place.kind === 'gate' ? TEXTS.checkedInAt(place.label) : place.kind === 'organiser' ? TEXTS.checkedInByOrganiser : TEXTS.checkedIn;
  const at = attendee.checked_in_at ? new Date(attendee.checked_in_at) : null;
  return (
    <p className={styles.checkedIn} data-testid="ticket-check-in" role="status">
      {where}
      {at && (
        <>
          {', '}
          <time dateTime={attendee.checked_in_at ?? undefined}>{clockTime(at)}</time>
        </>
      )}
    </p>
  );
}
