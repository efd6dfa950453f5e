import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Spinner } from '../../components/Spinner.js';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';
import { ApiError } from '../../lib/api-error.js';
import { useEventPagesWorker } from '../../lib/pwa.js';
import { eventTokenQuery, keptTickets } from './api.js';
import { CancelledTicket, endedTicket } from './CancelledTicket.js';
import { QrDrawn, type QrDrawing } from './QrDrawn.js';
import { TicketCancel } from './TicketCancel.js';
import { TEXTS } from './texts.js';
import { isTransferredRefusal } from './ticket-holder-api.js';
import { TicketHolderActions, type HolderChange } from './TicketHolderActions.js';
import { TicketView } from './TicketView.js';

const LazyQrCode = lazy(() => import('./QrCode.js'));

/** What a tap on the server-rendered ticket page asked for before this page took it over. */
export type TicketIntent = HolderChange | 'cancel';

export interface TicketPageProps {
  tid: string;
  intent?: TicketIntent | null;
  /** The server's drawing of the ticket's QR (the light ticket page's): shown while it is the ticket's, else the QR library is fetched. */
  drawing?: QrDrawing;
}

/**
 * The ticket page (event/u/token/:tid and event/u/ticket/:tid): the registration result with the door
 * ticket's QR code. The QR carries the signed ticket from the answer (as the access mail's does), never
 * the access token: a photo of it opens no arena and no chat; the button below is the attendee's way
 * in. Once the door admits the attendee, the page says when and where, live (the attendee's own arena
 * view). No router: the light entry's server-rendered ticket page hands over to it (TicketVisit).
 */
export function TicketPage({ tid, intent = null, drawing }: TicketPageProps) {
  useEventPagesWorker();
  const live = useArenaLive(tid || undefined);
  const queryClient = useQueryClient();
  // The answer the server rendered the page from, else the one this device kept, shows at once (and
  // with no network); the page still asks the server.
  const [kept] = useState(() => (tid ? (queryClient.getQueryData(eventTokenQuery(tid).queryKey) ?? keptTickets.read(tid)) : null));
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
  const data = query.data.data;
  // The live view once it came; until then the token's answer.
  const checkIn = live.view?.attendee ?? data.attendee;
  const name = live.view?.attendee.name ?? data.name;
  const renamed = (next: string) => {
    queryClient.setQueryData(eventTokenQuery(tid).queryKey, (old) => old && { ...old, data: { ...old.data, name: next } });
    if (live.view) live.applyLocal({ attendees: [{ ...live.view.attendee, name: next }] });
  };
  return (
    <TicketView
      tid={tid}
      data={data}
      name={name}
      checkIn={checkIn}
      connection={live.connection}
      qr={
        drawing?.value === data.ticket ? (
          <QrDrawn drawing={drawing} label={TEXTS.qrLabel} />
        ) : (
          <Suspense fallback={<Spinner />}>
            <LazyQrCode value={data.ticket} label={TEXTS.qrLabel} />
          </Suspense>
        )
      }
      holderActions={
        <TicketHolderActions
          tid={tid}
          name={name}
          checkedIn={checkIn.checked_in}
          onRenamed={renamed}
          onTransferred={() => setTransferred(true)}
          initialOpen={intent === 'name' || intent === 'transfer' ? intent : null}
        />
      }
      cancel={<TicketCancel tid={tid} initialOpen={intent === 'cancel'} />}
    />
  );
}
