import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Update, ViewOf } from '@tapcard/shared/realtime';
import { Button } from '../../components/Button.js';
import { Avatar } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { ApiError } from '../../lib/api.js';
import { organiserCheckIn as sendOrganiserCheckIn } from './api.js';
import styles from './Chips.module.css';
import { TEXTS } from './texts.js';

/** Checks an attendee in and answers whether they are checked in now. */
export type SendCheckIn = (attendeeId: string) => Promise<boolean>;

/** The organiser's check-in from a chip page (their session). */
export const organiserCheckIn =
  (chipId: string, eventId: string): SendCheckIn =>
  (attendeeId) =>
    sendOrganiserCheckIn(chipId, eventId, attendeeId);

/**
 * A staff phone's check-in from a chip page, with its door session for the chip's event (the server
 * admits an attendee once, so a retry or a second tap answers 'already' and counts nothing). A refused
 * session is forgotten, so the next visit shows the attendee view.
 */
export const doorSessionCheckIn =
  (session: string, onRefused: () => void): SendCheckIn =>
  async (attendeeId) => {
    try {
      const { sendDoorCheckIn } = await import('./door-check-in.js');
      return await sendDoorCheckIn(session, attendeeId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) onRefused();
      throw error;
    }
  };

/**
 * The check-in view of a tapped chip, for its event's organiser or a phone holding a door session for
 * the event: on load, an attendee not yet checked in is checked in (once); a spinner while it saves,
 * then a green check with 'Checked In'. Without an attendee: 'Not checked in'.
 */
export function CheckInView({ view, applyLocal, send }: { view: ViewOf<'chip'>; applyLocal: (change: Partial<Update>) => void; send: SendCheckIn }) {
  const attendee = view.attendee;
  const checkIn = useMutation({
    mutationFn: (attendeeId: string) => send(attendeeId),
    onSuccess: (status, attendeeId) => {
      if (attendee && attendee.id === attendeeId) applyLocal({ attendees: [{ ...attendee, checked_in: status }] });
    },
  });
  const postedFor = useRef<string | null>(null);
  const { mutate } = checkIn;
  useEffect(() => {
    if (!attendee || attendee.checked_in || postedFor.current === attendee.id) return;
    postedFor.current = attendee.id;
    mutate(attendee.id);
  }, [attendee, mutate]);

  // Until the check-in has been sent, an attendee not yet checked in shows the spinner too.
  const saving = checkIn.isPending || (attendee !== null && !attendee.checked_in && checkIn.isIdle);
  // The answer counts until the live view catches up (it may not have arrived when the answer did).
  const checkedIn = attendee !== null && (attendee.checked_in || (checkIn.isSuccess && checkIn.variables === attendee.id && checkIn.data));
  return (
    <section className={styles.card} aria-labelledby="check-in-title">
      <h1 id="check-in-title">{view.event.title}</h1>
      {attendee && (
        <div className={styles.person}>
          <Avatar src={attendee.image} name={attendee.name} size={64} alt="" />
          <div>
            <p className={styles.name}>{attendee.name}</p>
            {attendee.price_category && <p className={styles.muted}>{attendee.price_category}</p>}
          </div>
        </div>
      )}
      <div className={styles.result} role="status" aria-live="polite">
        {saving ? (
          <>
            <Spinner size={40} label="" />
            <span>{TEXTS.checkingIn}</span>
          </>
        ) : checkedIn ? (
          <>
            <CheckCircle2 className={styles.ok} size={56} aria-hidden />
            <span className={styles.okText}>{TEXTS.checkedIn}</span>
          </>
        ) : (
          <>
            <XCircle className={styles.no} size={56} aria-hidden />
            <span>{TEXTS.notCheckedIn}</span>
            {checkIn.isError && <span className={styles.error}>{checkIn.error.message}</span>}
          </>
        )}
      </div>
      {checkIn.isError && attendee && (
        <Button variant="secondary" onClick={() => checkIn.mutate(attendee.id)}>
          {TEXTS.retry}
        </Button>
      )}
    </section>
  );
}
