import { useQuery } from '@tanstack/react-query';
import { REFUND_STATE_TEXTS } from '@tapcard/shared/domain';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Page } from '../../components/Page.js';
import { paths } from '../../lib/paths.js';
import { ticketCancellationQuery } from './api.js';
import styles from './Attendee.module.css';
import { CANCEL_TEXTS as T } from './cancel-texts.js';
import { TEXTS } from './texts.js';
import { TicketTransferredView } from './TicketHolderActions.js';

/** How often a refund on its way is read again. */
const REFUND_POLL_MS = 3000;

/**
 * The ticket page of a cancelled ticket: who cancelled it, that its seat went back, and its refund's
 * state, read again every few seconds until the refund is processed or failed. `fallback`: what the
 * page shows when the token names no cancelled ticket (it is unknown). It reads the state afresh when
 * it opens: a page told live of the cancel may hold an older read that still says confirmed.
 */
export function CancelledTicket({ tid, fallback }: { tid: string; fallback: ReactNode }) {
  const query = useQuery({
    ...ticketCancellationQuery(tid),
    refetchOnMount: 'always',
    refetchInterval: (q) => {
      const state = q.state.data?.refund?.state;
      return state === 'pending_request' || state === 'pending' ? REFUND_POLL_MS : false;
    },
  });
  if (query.isPending || (query.isFetching && query.data?.status !== 'cancelled')) return <LoadingScreen />;
  const ticket = query.data;
  if (!ticket || ticket.status !== 'cancelled') return <>{fallback}</>;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="cancelled-title">
        <h1 id="cancelled-title">{T.cancelled}</h1>
        <h2>{ticket.event.title}</h2>
        <p>
          {T.cancelledBy(ticket.cancelled_by ?? 'attendee')} {T.seatReleased}
        </p>
        <div className={styles.refundState}>
          <h3 className={styles.cancelHeading}>{T.refundHeading}</h3>
          <p role="status" aria-live="polite" data-testid="refund-state" data-state={ticket.refund?.state ?? 'none'}>
            {ticket.refund ? REFUND_STATE_TEXTS[ticket.refund.state] : ticket.amount > 0 ? T.noRefundDue : T.freeTicket}
          </p>
        </div>
        <div className={styles.actions}>
          <ButtonLink to={paths.openEvent(ticket.event.clean_name)} variant="secondary">
            {TEXTS.backToEvent}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}

/**
 * What a ticket's page shows in place of the ticket once it is given away or cancelled (told live, or
 * known before); null while the ticket holds.
 */
export function endedTicket(tid: string, transferred: boolean | undefined, cancelled: boolean | undefined): ReactNode {
  if (transferred) {
    return (
      <Page>
        <TicketTransferredView />
      </Page>
    );
  }
  if (cancelled) return <CancelledTicket tid={tid} fallback={<NotFoundView />} />;
  return null;
}
