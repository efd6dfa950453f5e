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
