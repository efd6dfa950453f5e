import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANISER_CHECK_IN } from '@tapcard/shared/domain';
import { Mail } from 'lucide-react';
import { ButtonLink } from '../../components/Button.js';
import { paths } from '../../lib/paths.js';
import type { Update } from '@tapcard/shared/realtime';
import { Dialog } from '../../components/Dialog.js';
import { Avatar } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { Switch } from '../../components/Switch.js';
import { notify } from '../../lib/toast.js';
import { checkIn, refreshAdminEvent } from './api.js';
import { clockTime, placeOf } from './door-places.js';
import { MuteControl } from './MuteControl.js';
import { ResendTicketButton } from './ResendTicketButton.js';
import { CancelAttendee } from './CancelAttendee.js';
import { HiddenMark } from './HiddenMark.js';
import styles from './Organiser.module.css';
import type { LiveAttendee, OrganiserView } from './organiser-view.js';
import { MESSAGE_TEXTS } from './messages-texts.js';
import { TEXTS } from './texts.js';

/**
 * An attendee's modal: the Attendance switch (Present/Absent), with a spinner while it saves, and when
 * and where they were checked in; their mute in the chats (Mute for a time or for good, Unmute); and
 * whether they hide from the public attendee lists; Re-send ticket (their access mail again); and
 * Cancel registration (`ticketAmount`: their ticket's price, refunded in full when paid).
 */
export function AttendeeDialog({
  eventId,
  attendee,
  onClose,
  applyLocal,
  view,
  ticketAmount = 0,
}: {
  eventId: string;
  ticketAmount?: number;
  attendee: LiveAttendee | null;
  onClose: () => void;
  applyLocal: (change: Partial<Update>) => void;
  view: OrganiserView | null;
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, checked }: { id: string; checked: boolean }) => checkIn(eventId, id, checked),
    onSuccess: (answer, { id }) => {
      // Until the live update arrives, the switch's own check-in is shown as made now, by the organiser.
      const status = answer.data.status;
      const place = status ? { checked_in_at: new Date().toISOString(), checked_in_by: ORGANISER_CHECK_IN } : { checked_in_at: null, checked_in_by: null };
      if (attendee && attendee.id === id) applyLocal({ attendees: [{ ...attendee, checked_in: status, ...place }] });
      // The event is read again after a change (the page's fallback when no live view is there yet).
      void refreshAdminEvent(queryClient, eventId);
    },
    onError: (error) => notify.error(error.message),
  });
  return (
    <Dialog open={attendee !== null} onOpenChange={(open) => !open && onClose()} title={attendee?.name ?? ''}>
      {attendee && (
        <div className={styles.attendeeDialog}>
          <Avatar src={attendee.image} name={attendee.name} size={72} alt="" />
          <p className={styles.muted}>
            {TEXTS.ticket}: {attendee.price_category}
          </p>
          {attendee.hidden && <HiddenMark />}
          <div className={styles.switchRow}>
            <Switch
              label={TEXTS.attendance}
              checked={attendee.checked_in}
              onCheckedChange={(checked) => save.mutate({ id: attendee.id, checked })}
              disabled={save.isPending}
              stateText={attendee.checked_in ? TEXTS.present : TEXTS.absent}
            />
            {save.isPending && <Spinner size={20} />}
          </div>
          {attendee.checked_in && attendee.checked_in_at && (
            <p className={styles.muted} data-testid="checked-in-at">
              {TEXTS.checkedInAt(clockTime(attendee.checked_in_at), placeOf(attendee.checked_in_by))}
            </p>
          )}
          <MuteControl eventId={eventId} attendee={attendee} live={{ view, applyLocal }} />
          <ResendTicketButton eventId={eventId} attendee={attendee} />
          <CancelAttendee key={attendee.id} eventId={eventId} attendee={attendee} amount={ticketAmount} onCancelled={onClose} />
          <ButtonLink variant="secondary" to={paths.eventMessages(eventId, attendee.id)}>
            <Mail aria-hidden size={18} />
            {MESSAGE_TEXTS.messageAttendee(attendee.name)}
          </ButtonLink>
        </div>
      )}
    </Dialog>
  );
}
