import type { ReactNode } from 'react';
import type { calls, Success } from '@tapcard/shared/contract';
import { checkInPlace, formatEventDate } from '@tapcard/shared/domain';
import type { ViewOf } from '@tapcard/shared/realtime';
import { ButtonLink } from '../../components/Button.js';
import { ClockTime } from '../../components/ClockTime.js';
import { Avatar, Page } from '../../components/Page.js';
import { clockTimeOf } from '../../lib/live/clock.js';
import { paths } from '../../lib/paths.js';
import styles from './Attendee.module.css';
import { TEXTS } from './texts.js';

/** The event-token answer's data: what the ticket page shows. */
export type TicketData = Success<typeof calls.eventToken>['data'];

export type CheckIn = Pick<ViewOf<'arena'>['attendee'], 'checked_in' | 'checked_in_at' | 'checked_in_by'>;

export interface TicketViewProps {
  tid: string;
  data: TicketData;
  /** The holder's name (renamed here or live, else the answer's). */
  name: string;
  checkIn: CheckIn;
  /** The QR of the signed ticket. */
  qr: ReactNode;
  /** Edit name and Transfer ticket. */
  holderActions: ReactNode;
  /** The cancel step, before check-in. */
  cancel: ReactNode;
  /** The live connection's state, for the tests that watch it. */
  connection?: string;
}

/**
 * The ticket page's markup, drawn the same by the server render with its light entry (TicketVisit) and
 * by the page that then takes it over (TicketPage): so the hand-over changes nothing on screen.
 */
export function TicketView({ tid, data, name, checkIn, qr, holderActions, cancel, connection }: TicketViewProps) {
  const { event, image } = data;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="token-title" data-connection={connection}>
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
        <div className={styles.qr}>{qr}</div>
        <p className={styles.muted}>{TEXTS.qrHint}</p>
        <CheckedInLine attendee={checkIn} />
        {holderActions}
        <p>{TEXTS.thankYou}</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.openEvent(event.clean_name)} variant="secondary">
            {TEXTS.goBack}
          </ButtonLink>
          <ButtonLink to={paths.arena(tid)}>{TEXTS.openArena}</ButtonLink>
        </div>
        {!checkIn.checked_in && cancel}
      </section>
    </Page>
  );
}

/**
 * 'Already checked in at North gate, 18:04' once the attendee is in; nothing before. The time is the
 * phone's clock, so it waits for the browser (the server's time zone may not be the phone's); until
 * then its place is kept, unseen, so the line does not wrap under the page when it comes.
 */
function CheckedInLine({ attendee }: { attendee: CheckIn }) {
  if (!attendee.checked_in) return null;
  const place = checkInPlace(attendee.checked_in_by);
  const where = place.kind === 'gate' ? TEXTS.checkedInAt(place.label) : place.kind === 'organiser' ? TEXTS.checkedInByOrganiser : TEXTS.checkedIn;
  return (
    <p className={styles.checkedIn} data-testid="ticket-check-in" role="status">
      {where}
      {attendee.checked_in_at && <ClockTime lead=", " iso={attendee.checked_in_at} format={clockTimeOf} />}
    </p>
  );
}
