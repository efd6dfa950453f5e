import { eventCalendar, formatEventDate, type EventDates } from '@tapcard/shared/domain';
import QRCode from 'qrcode';
import type { MailAttachment } from '../lib/mailer.js';
import { action, esc, layout, para, type MailContent } from './layout.js';

/** What the event mails say about the event. */
export interface MailEvent extends EventDates {
  id: string;
  title: string;
  description: string;
  location: string;
}

/** What a held-ticket mail is about: the registration and the seat's hold. */
interface HeldTicket {
  name: string;
  event: MailEvent;
  ticket: string;
  link: string;
  holdMinutes: number;
}

/**
 * A mail about a ticket held `holdMinutes` for one step (`step`, also its subject and heading): hello,
 * thanks for registering, the step with its link and button, and what becomes of the seat meanwhile.
 */
function heldTicketMail({ name, event, ticket, link, holdMinutes }: HeldTicket, step: string, button: string, held: string): MailContent {
  const when = formatEventDate(event.start_date);
  const hello = `Hello ${name},`;
  const thanks = `Thank you for registering for ${event.title}${when ? ` on ${when}` : ''} (${ticket} ticket).`;
  const todo = `${step} within ${holdMinutes} minutes to receive your event access`;
  return {
    subject: `${step} for ${event.title}`,
    text: `${hello}\n\n${thanks}\n\n${todo}: ${link}\n\n${held}\n`,
    html: layout(step, para(hello) + para(thanks) + para(`${todo}.`) + action(button, link) + para(held)),
    attachments: [],
  };
}

/**
 * The way to pay for a paid ticket held for its payment (the seat is held `holdMinutes`): the buyer
 * who closed or reloaded the page still has the link, and knows the seat goes back if unpaid.
 */
export function eventPaymentMail(input: HeldTicket): MailContent {
  return heldTicketMail(input, 'Complete your payment', 'Continue to payment', 'Your ticket is reserved until then. If you do not pay, the ticket is released and no payment is taken.');
}

/** The link that confirms a free registration (the seat is held until then). */
export function eventConfirmationMail(input: HeldTicket): MailContent {
  return heldTicketMail(input, 'Confirm your registration', 'Confirm my registration', 'Your seat is held until then. If you did not register, ignore this email and the seat will be released.');
}

/**
 * "Lost your ticket?": a one-time link (`link`, working `ttlMinutes`) that replaces the ticket's access
 * link when opened. Anyone who knows the email may ask, so the mail says the current link keeps
 * working until then.
 */
export function ticketRecoveryMail(input: { name: string; event: MailEvent; link: string; ttlMinutes: number }): MailContent {
  const { name, event, link, ttlMinutes } = input;
  const heading = `Your ticket to ${event.title}`;
  const hello = `Hello ${name},`;
  const asked = `Someone asked for your ticket to ${event.title} again. Open this link to get a new ticket link; your current link keeps working until you do.`;
  const once = `The link works once, within ${ttlMinutes} minutes. If you did not ask, ignore this email.`;
  return {
    subject: `Get a new link to your ticket for ${event.title}`,
    text: `${hello}\n\n${asked}\n\n${link}\n\n${once}\n`,
    html: layout(heading, para(hello) + para(asked) + action('Get a new ticket link', link) + para(once)),
    attachments: [],
  };
}

/** The content id the access mail's HTML shows its QR code by. */
export const ACCESS_QR_CID = 'access-qr@tapcard';

/** How the access mail's QR code is drawn; a test redraws the ticket with it to compare. */
export const ACCESS_QR_OPTIONS = { type: 'png', margin: 2, width: 240, errorCorrectionLevel: 'M' } as const;

/** The door ticket's QR code as an inline PNG (shown by ACCESS_QR_HTML). */
async function accessQrAttachment(doorTicket: string): Promise<MailAttachment> {
  return { filename: 'access-qr.png', contentType: 'image/png', content: await QRCode.toBuffer(doorTicket, ACCESS_QR_OPTIONS), cid: ACCESS_QR_CID };
}

const ACCESS_QR_HTML = `<p style="margin:0 0 16px"><img src="cid:${esc(ACCESS_QR_CID)}" width="240" height="240" alt="QR code of your ticket for the door" style="display:block;border:0"></p>`;

/** Which reminder: a day or an hour before the start. */
export type ReminderKind = 'day' | 'hour';

/**
 * A reminder before the event (`kind`): when it starts, in the event's time as the product shows it
 * (`when`, with its zone `zone`), where, a link to the ticket (`link`) and the door ticket's QR code.
 */
export async function eventReminderMail(input: { name: string; event: MailEvent; kind: ReminderKind; when: string; zone: string; link: string; doorTicket: string }): Promise<MailContent> {
  const { name, event, kind, when, zone, link, doorTicket } = input;
  const soon = kind === 'day' ? 'tomorrow' : 'in an hour';
  const lines = {
    hello: `Hello ${name},`,
    starts: `${event.title} starts ${soon}: ${when}${zone ? ` (${zone})` : ''}.`,
    where: event.location.trim() ? `Where: ${event.location}` : '',
    ticket: `Your ticket: ${link}`,
    link: 'The link opens your ticket with a fresh link of its own; it works once, until the event ends.',
    door: 'Show the QR code at the door: it is your ticket.',
    code: `Your ticket code: ${doorTicket}`,
  };
  return {
    subject: `Reminder: ${event.title} starts ${soon}`,
    text: [lines.hello, lines.starts, ...(lines.where ? [lines.where] : []), lines.ticket, lines.link, lines.door, lines.code].join('\n\n') + '\n',
    html: layout(
      `${event.title} starts ${soon}`,
      para(lines.hello) + para(lines.starts) + (lines.where ? para(lines.where) : '') + action('Open my ticket', link) + para(lines.link) + ACCESS_QR_HTML + para(lines.door),
      lines.starts,
    ),
    attachments: [await accessQrAttachment(doorTicket)],
  };
}

/**
 * The event access: the link (the attendee's own way into the arena and chats), the door ticket's QR
 * code inline (a PNG of `doorTicket`, the signed ticket the token page's QR shows too, which carries no
 * access token) and the event as an .ics calendar file whose UID is stable for this attendee and event
 * (`uid`), so adding it again updates the same entry.
 */
export async function eventAccessMail(input: {
  name: string;
  event: MailEvent;
  ticket: string;
  /** The attendee's token page. */
  link: string;
  /** The signed door ticket the QR code encodes (issueTicket of domain/tickets). */
  doorTicket: string;
  uid: string;
}): Promise<MailContent> {
  const { name, event, ticket, link, doorTicket, uid } = input;
  const when = formatEventDate(event.start_date);
  const lines = {
    hello: `Hello ${name},`,
    registered: `You are registered for ${event.title}${when ? ` on ${when}` : ''} (${ticket} ticket).`,
    access: `Your event access: ${link}`,
    keep: 'This link is your way into the event arena and chat. Keep it to yourself.',
    door: 'Show the QR code at the door: it is your ticket. It cannot open your event access or your chats.',
    code: `Your ticket code: ${doorTicket}`,
    where: event.location.trim() ? `Where: ${event.location}` : '',
    calendar: 'The attached calendar file adds the event to your calendar.',
  };
  const attachments: MailAttachment[] = [await accessQrAttachment(doorTicket)];
  const ics = eventIcs(event, link, uid);
  if (ics) attachments.push({ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ics, 'utf8') });
  const html = layout(
    `Your access to ${event.title}`,
    para(lines.hello) +
      para(lines.registered) +
      (lines.where ? para(lines.where) : '') +
      action('Open my event access', link) +
      ACCESS_QR_HTML +
      para(lines.door) +
      para(lines.keep) +
      (ics ? para(lines.calendar) : ''),
    lines.registered,
  );
  return {
    subject: `Your access to ${event.title}`,
    text: [lines.hello, lines.registered, ...(lines.where ? [lines.where] : []), lines.access, lines.keep, lines.door, lines.code, ...(ics ? [lines.calendar] : [])].join('\n\n') + '\n',
    html,
    attachments,
  };
}

/** The event as an iCalendar file (the shared calendar writer), or undefined when its start is unreadable. */
export function eventIcs(event: MailEvent, url: string, uid: string): string | undefined {
  const description = [event.description.trim(), `Your event access: ${url}`].filter(Boolean).join('\n\n');
  return eventCalendar({ ...event, description, url }, { domain: new URL(url).hostname, uid });
}
