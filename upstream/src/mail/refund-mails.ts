import { formatNaira } from '@tapcard/shared/domain';
import { layout, para, type MailContent } from './layout.js';

/** What a refund mail says: whose ticket to which event, and how much. */
interface RefundMail {
  name: string;
  eventTitle: string;
  ticket: string;
  /** Whole naira. */
  amount: number;
}

/** The refund of a cancelled ticket was processed: the money is on its way back. */
export function refundProcessedMail({ name, eventTitle, ticket, amount }: RefundMail): MailContent {
  const heading = 'Your refund has been processed';
  const hello = `Hello ${name},`;
  const done = `Your refund of ${formatNaira(amount)} for the cancelled ${ticket} ticket to ${eventTitle} has been processed.`;
  const when = 'The money goes back to the card you paid with. Depending on your bank, it can take a few working days to show on your statement.';
  return {
    subject: `Refund processed: ${eventTitle}`,
    text: `${hello}\n\n${done}\n\n${when}\n`,
    html: layout(heading, para(hello) + para(done) + para(when)),
    attachments: [],
  };
}

/** The refund of a cancelled ticket failed at the payment provider: the organiser sees it and settles it. */
export function refundFailedMail({ name, eventTitle, ticket, amount }: RefundMail): MailContent {
  const heading = 'Your refund could not be completed';
  const hello = `Hello ${name},`;
  const failed = `We could not complete your refund of ${formatNaira(amount)} for the cancelled ${ticket} ticket to ${eventTitle}: the payment provider turned it down.`;
  const next = 'The organiser can see this and will arrange your refund with you. Your ticket stays cancelled.';
  return {
    subject: `Refund failed: ${eventTitle}`,
    text: `${hello}\n\n${failed}\n\n${next}\n`,
    html: layout(heading, para(hello) + para(failed) + para(next)),
    attachments: [],
  };
}

/** What the cancel's confirmation says about the money (the shared rule's outcome of the cancel). */
export type CancelMailRefund =
  | { kind: 'refund'; amount: number }
  | { kind: 'window_closed'; ended: string }
  | { kind: 'no_refunds' }
  | { kind: 'free' };

interface CancelMail {
  name: string;
  eventTitle: string;
  ticket: string;
  by: 'attendee' | 'organiser';
  refund: CancelMailRefund;
}

function cancelRefundLine(refund: CancelMailRefund): string {
  switch (refund.kind) {
    case 'refund':
      return `A full refund of ${formatNaira(refund.amount)} has been requested. It goes back to the card the ticket was paid with, and we will email you again once the payment provider has processed it.`;
    case 'window_closed':
      return `No refund is due: refunds for this event ended on ${refund.ended}.`;
    case 'no_refunds':
      return 'No refund is due: this event does not refund cancelled tickets.';
    case 'free':
      return 'This ticket was free, so there is nothing to refund.';
  }
}

/** A ticket was cancelled (by its holder or the organiser): its seat went back, and what happens to the money. */
export function ticketCancelledMail({ name, eventTitle, ticket, by, refund }: CancelMail): MailContent {
  const heading = 'Your ticket is cancelled';
  const hello = `Hello ${name},`;
  const who = by === 'organiser' ? `The organiser has cancelled your ${ticket} ticket to ${eventTitle}.` : `Your ${ticket} ticket to ${eventTitle} has been cancelled, as you asked.`;
  const gone = 'Its seat has gone back on sale, and the ticket and its QR code no longer work at the door or in the event access.';
  const money = cancelRefundLine(refund);
  return {
    subject: `Ticket cancelled: ${eventTitle}`,
    text: `${hello}\n\n${who} ${gone}\n\n${money}\n`,
    html: layout(heading, para(hello) + para(`${who} ${gone}`) + para(money)),
    attachments: [],
  };
}
