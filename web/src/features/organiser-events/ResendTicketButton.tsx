import { useResendTicket } from './api.js';
import { HintedButton, useSendOnce } from './AttendeeAction.js';
import { TEXTS } from './texts.js';

/**
 * An attendee's "Re-send ticket": mails their access again, once at a time (useSendOnce); a toast says
 * it was sent, or why not.
 */
export function ResendTicketButton({ eventId, attendee }: { eventId: string; attendee: { id: string; name: string } }) {
  const resend = useResendTicket(eventId);
  const send = useSendOnce(resend);
  return (
    <HintedButton variant="secondary" busy={resend.isPending} onClick={() => send({ attendeeId: attendee.id, name: attendee.name })} hint={TEXTS.resendTicketHint}>
      {TEXTS.resendTicket}
    </HintedButton>
  );
}
