/**
 * Safe arena chat: what attendees choose (blocks, reports, who may write to them, hiding from public
 * lists, sharing their card) and what the organiser sets (mutes, closing the group chat, slow mode,
 * pinned announcements), with the messages a refused post or an invalid form shows. Used by the web's
 * forms and the upstream's checks alike.
 */
import { z } from 'zod';
import { BLOCKS_MAX, REPORT_DETAILS_MAX_LENGTH, PINNED_ANNOUNCEMENTS_MAX, ANNOUNCEMENT_MAX_LENGTH, SLOW_MODE_MAX_SECONDS, MUTE_MAX_MINUTES } from '../constants/index.js';
import { contactExchangeSchema } from './exchange.js';
import { requiredString } from './fields.js';

// ── Texts ────────────────────────────────────────────────────────────────────
export const safetyMessages = {
  reportReasonRequired: 'Choose a reason',
  reportDetailsMax: `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
  announcementEmpty: 'Announcement cannot be empty',
  announcementTooLong: `Announcement must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`,
  tooManyPinned: `At most ${PINNED_ANNOUNCEMENTS_MAX} announcements can be pinned. Unpin one first.`,
  consentRequired: 'Please agree to share your details',
  slowModeInvalid: 'Choose a slow mode',
  muteInvalid: 'Choose how long to mute',
  /** A group post while the organiser has closed the group chat. */
  chatClosed: 'The organiser has closed the group chat',
  /** A post by a muted attendee: for good, or until a time (HH:MM in the reader's clock). */
  mutedForGood: 'You are muted in this chat',
  mutedUntil: (time: string) => `You are muted until ${time}`,
  slowMode: (seconds: number) => `Slow mode: wait ${seconds} s`,
  tooFast: (seconds: number) => `You are sending messages too fast: wait ${seconds} s`,
  /** A private post refused by the recipient's choice or block (the same words, so a block is not revealed). */
  notAcceptingPrivate: 'This attendee is not accepting private messages',
  /** A private post to someone the poster has blocked. */
  youBlocked: 'You blocked this attendee. Unblock them to write.',
  blockSelf: 'You cannot block yourself',
  tooManyBlocks: `You can block at most ${BLOCKS_MAX} attendees`,
  reportOwn: 'You cannot report your own message',
  tooManyReports: 'You have sent many reports. Please wait a few minutes.',
  tooManyShares: 'You have shared your card many times. Please wait a while.',
  shareSelf: 'You cannot share your card with yourself',
  /** Share my card without a signed-in card owner and without details. */
  shareNeedsDetails: 'Sign in to share your card, or share your details',
  messageNotFound: 'This message was not found',
  reportNotFound: 'This report was not found',
  announcementNotFound: 'This announcement was not found',
  attendeeNotFound: 'This attendee was not found',
} as const;

// ── Choices ──────────────────────────────────────────────────────────────────
/**
 * Who may start a private chat with an attendee: anyone (the default); only attendees the attendee has
 * written to first; or nobody. The organiser may always write.
 */
export const DM_POLICIES = ['anyone', 'replied', 'nobody'] as const;
export const dmPolicySchema = z.enum(DM_POLICIES);
export type DmPolicy = z.infer<typeof dmPolicySchema>;

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: safetyMessages.reportReasonRequired });
export type ReportReason = z.infer<typeof reportReasonSchema>;
/** Each reason as the report form offers it and the organiser's queue shows it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate or offensive',
  other: 'Something else',
};

/** Which chat a message is in. */
export const chatRoomKindSchema = z.enum(['group', 'private']);
export type ChatRoomKind = z.infer<typeof chatRoomKindSchema>;

/** The consent an attendee without a card agrees to when sharing their details; stored beside the contact it makes. */
export function shareConsentText(recipientName: string, eventTitle: string): string {
  return `I agree that ${recipientName} may keep my name, job title, phone number and email as a contact, shared in the arena of ${eventTitle}.`;
}

// ── Forms ────────────────────────────────────────────────────────────────────
/** Reporting a message: a reason, and optional details. */
export const reportFormSchema = z.object({
  reason: reportReasonSchema.or(z.literal('')).refine((value) => value !== '', safetyMessages.reportReasonRequired),
  details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, safetyMessages.reportDetailsMax).default(''),
});
export type ReportFormValues = z.input<typeof reportFormSchema>;

/** The organiser's announcement: trimmed, not empty, at most ANNOUNCEMENT_MAX_LENGTH characters. */
export const announcementTextSchema = requiredString(safetyMessages.announcementEmpty).pipe(
  z.string().max(ANNOUNCEMENT_MAX_LENGTH, safetyMessages.announcementTooLong),
);

/** Slow mode in seconds: 0 (off) up to SLOW_MODE_MAX_SECONDS. */
export const slowModeSecondsSchema = z
  .number({ error: safetyMessages.slowModeInvalid })
  .int(safetyMessages.slowModeInvalid)
  .min(0, safetyMessages.slowModeInvalid)
  .max(SLOW_MODE_MAX_SECONDS, safetyMessages.slowModeInvalid);

/** A mute: for some minutes (1 to MUTE_MAX_MINUTES), 'forever', or 'off' (unmute). */
export const muteChoiceSchema = z.union(
  [
    z.literal('forever'),
    z.literal('off'),
    z
      .number()
      .int(safetyMessages.muteInvalid)
      .min(1, safetyMessages.muteInvalid)
      .max(MUTE_MAX_MINUTES, safetyMessages.muteInvalid),
  ],
  { error: safetyMessages.muteInvalid },
);
export type MuteChoice = z.infer<typeof muteChoiceSchema>;

/**
 * An attendee without a card shares their details: the contact-exchange fields with their messages,
 * and their agreement to the consent text (shareConsentText), which must be ticked.
 */
export const shareDetailsSchema = contactExchangeSchema.extend({
  consent: z.boolean().refine((agreed) => agreed, safetyMessages.consentRequired),
});
export type ShareDetailsValues = z.input<typeof shareDetailsSchema>;

// ── Refused posts ────────────────────────────────────────────────────────────
/** Why a chat post was refused: the `code` of the refusal's answer (with `retry_at` where it ends). */
export const CHAT_REFUSAL_CODES = ['muted', 'slow_mode', 'too_fast', 'chat_closed', 'not_accepting', 'you_blocked'] as const;
export type ChatRefusalCode = (typeof CHAT_REFUSAL_CODES)[number];

export function isChatRefusalCode(code: string | undefined): code is ChatRefusalCode {
  return (CHAT_REFUSAL_CODES as readonly string[]).includes(code ?? '');
}

/** Whole seconds left until `retryAt`, at least 1. */
export function secondsUntil(retryAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
}

/**
 * The words for a refused post, in the reader's clock: the upstream writes its answer's message with
 * it (in the server's time zone) and the web writes it again from `code` and `retry_at` in the
 * browser's, e.g. 'You are muted until 18:40' or 'Slow mode: wait 8 s'. `formatTime` gives HH:MM.
 */
export function chatRefusalText(code: ChatRefusalCode, retryAt: Date | null, now: Date, formatTime: (time: Date) => string): string {
  switch (code) {
    case 'muted':
      return retryAt ? safetyMessages.mutedUntil(formatTime(retryAt)) : safetyMessages.mutedForGood;
    case 'slow_mode':
      return safetyMessages.slowMode(retryAt ? secondsUntil(retryAt, now) : 1);
    case 'too_fast':
      return safetyMessages.tooFast(retryAt ? secondsUntil(retryAt, now) : 1);
    case 'chat_closed':
      return safetyMessages.chatClosed;
    case 'not_accepting':
      return safetyMessages.notAcceptingPrivate;
    case 'you_blocked':
      return safetyMessages.youBlocked;
  }
}
