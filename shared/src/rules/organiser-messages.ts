/**
 * The organiser's messages to an event's attendees: who a message goes to (its audience), its subject
 * and body, and when it goes. Used by the web's form and the upstream's checks alike.
 */
import { z } from 'zod';
import { AFTER_EVENT_MAIL_DELAY_HOURS, MESSAGE_BODY_MAX_LENGTH, MESSAGE_SCHEDULE_MAX_DAYS, MESSAGE_SUBJECT_MAX_LENGTH } from '../constants/index.js';
import { eventEndsAt, type EventDates } from '../domain/events.js';
import { requiredString } from './fields.js';

export const organiserMessageTexts = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters`,
  bodyRequired: 'Message is required',
  bodyTooLong: `Message must be at most ${MESSAGE_BODY_MAX_LENGTH} characters`,
  audienceRequired: 'Choose who receives this message',
  ticketRequired: 'Choose a ticket type',
  attendeeRequired: 'Choose an attendee',
  sendAtRequired: 'Choose when to send this message',
  sendAtInvalid: 'Enter a valid date and time',
  sendAtPast: 'Choose a time in the future',
  sendAtTooFar: `Choose a time within ${MESSAGE_SCHEDULE_MAX_DAYS} days`,
  noShowsBeforeEnd: 'No-shows can be messaged once the event has ended',
  noRecipients: 'Nobody is in this audience yet',
  ticketNotFound: 'This ticket type was not found',
  messageNotFound: 'This message was not found',
  /** An edit or cancel of a message that has already gone (or been cancelled). */
  alreadySent: 'This message has already been sent and can no longer be changed',
  sent: (count: number) => `Your message is on its way to ${count === 1 ? '1 person' : `${count} people`}.`,
  scheduled: 'Your message is scheduled.',
  updated: 'The scheduled message was updated.',
  cancelled: 'The scheduled message was cancelled.',
  unsubscribed: 'You will no longer receive messages from the organiser of this event. Tickets and reminders still arrive.',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  afterEventTooLate: `This event ended more than ${AFTER_EVENT_MAIL_DELAY_HOURS} hours ago, so this mail can no longer be scheduled. Write a message above to send one now.`,
  afterEventAlreadyOn: 'This mail is already scheduled or sent for this event',
  afterEventAudience: 'This mail goes to its own audience, which cannot be changed',
} as const;

/**
 * Who a message goes to, among the event's confirmed attendees:
 * - everyone;
 * - the holders of one ticket type (`price_id`);
 * - checked in: those checked in now; not checked in: those who are not;
 * - no-shows: those never checked in, once the event has ended;
 * - one attendee (`attendee_id`).
 */
export const MESSAGE_AUDIENCE_KINDS = ['everyone', 'ticket', 'checked_in', 'not_checked_in', 'no_show', 'attendee'] as const;
export type MessageAudienceKind = (typeof MESSAGE_AUDIENCE_KINDS)[number];

/** Each audience as the organiser's form names it. */
export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudienceKind, string> = {
  everyone: 'Everyone',
  ticket: 'By ticket type',
  checked_in: 'Checked in',
  not_checked_in: 'Not yet checked in',
  no_show: 'No-shows (after the event)',
  attendee: 'One attendee',
};

const refId = (message: string) => requiredString(message).pipe(z.string().max(128, message));

export const messageAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('ticket'), price_id: refId(organiserMessageTexts.ticketRequired) }),
    z.object({ kind: z.literal('checked_in') }),
    z.object({ kind: z.literal('not_checked_in') }),
    z.object({ kind: z.literal('no_show') }),
    z.object({ kind: z.literal('attendee'), attendee_id: refId(organiserMessageTexts.attendeeRequired) }),
  ],
  { error: organiserMessageTexts.audienceRequired },
);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

export const messageSubjectField = requiredString(organiserMessageTexts.subjectRequired).pipe(
  z.string().max(MESSAGE_SUBJECT_MAX_LENGTH, organiserMessageTexts.subjectTooLong).refine((s) => !/[\r\n]/.test(s), organiserMessageTexts.subjectRequired),
);
export const messageBodyField = requiredString(organiserMessageTexts.bodyRequired).pipe(z.string().max(MESSAGE_BODY_MAX_LENGTH, organiserMessageTexts.bodyTooLong));

/** An ISO date-time (with its offset) for a scheduled message; "in the future" is the upstream's check against its clock. */
export const messageSendAtField = z
  .string({ error: organiserMessageTexts.sendAtRequired })
  .trim()
  .min(1, organiserMessageTexts.sendAtRequired)
  .pipe(z.iso.datetime({ offset: true, error: organiserMessageTexts.sendAtInvalid }));

/** A message to send now. */
export const messageDraftSchema = z.object({
  subject: messageSubjectField,
  body: messageBodyField,
  audience: messageAudienceSchema,
});
export type MessageDraft = z.infer<typeof messageDraftSchema>;

/** A message to send later (also an edit of a scheduled one). */
export const scheduledMessageSchema = messageDraftSchema.extend({ send_at: messageSendAtField });
export type ScheduledMessageValues = z.infer<typeof scheduledMessageSchema>;

/** Whether `sendAt` is a time a message may be scheduled for, at `now`: an error message, or undefined. */
export function sendAtProblem(sendAt: Date, now: Date): string | undefined {
  if (Number.isNaN(sendAt.getTime())) return organiserMessageTexts.sendAtInvalid;
  if (sendAt.getTime() <= now.getTime()) return organiserMessageTexts.sendAtPast;
  if (sendAt.getTime() - now.getTime() > MESSAGE_SCHEDULE_MAX_DAYS * 86_400_000) return organiserMessageTexts.sendAtTooFar;
  return undefined;
}

// ── After-event mails ───────────────────────────────────────────────────────

/**
 * The optional mails after the event, each a scheduled message of its own kind: a thank-you to those
 * checked in, and a 'sorry we missed you' to the no-shows. Each goes AFTER_EVENT_MAIL_DELAY_HOURS after
 * the event's end, and an event has at most one of each kind that is not cancelled.
 */
export const AFTER_EVENT_MAIL_KINDS = ['thank_you', 'missed_you'] as const;
export const afterEventMailKindSchema = z.enum(AFTER_EVENT_MAIL_KINDS);
export type AfterEventMailKind = z.infer<typeof afterEventMailKindSchema>;

/** Each kind's fixed audience. */
export const AFTER_EVENT_MAIL_AUDIENCE: Record<AfterEventMailKind, MessageAudience> = {
  thank_you: { kind: 'checked_in' },
  missed_you: { kind: 'no_show' },
};

/** The organiser's starting text for each kind (`{event}` is not a placeholder: the mail already names the event). */
export const AFTER_EVENT_MAIL_DEFAULTS: Record<AfterEventMailKind, { subject: string; body: string }> = {
  thank_you: {
    subject: 'Thank you for coming',
    body: 'Thank you for joining us. It was a pleasure to have you there, and we hope you enjoyed it as much as we did.\n\nWe would love to see you at our next event.',
  },
  missed_you: {
    subject: 'Sorry we missed you',
    body: 'We are sorry you could not make it this time. We hope everything is well.\n\nWe would love to see you at our next event.',
  },
};

/** When an event's after-event mails go (ms): AFTER_EVENT_MAIL_DELAY_HOURS after its end; undefined without a readable start. */
export function afterEventSendAt(event: EventDates): Date | undefined {
  const end = eventEndsAt(event);
  return end === undefined ? undefined : new Date(end + AFTER_EVENT_MAIL_DELAY_HOURS * 3_600_000);
}

/** A message to schedule; `kind` makes it one of the event's after-event mails (its audience and time are the kind's). */
export const scheduleMessageSchema = scheduledMessageSchema.extend({ kind: afterEventMailKindSchema.optional() });
export type ScheduleMessageValues = z.infer<typeof scheduleMessageSchema>;
