/**
 * Safe arena chat's words and pure rules, with no schema: the texts of refused posts and invalid forms,
 * the refusal codes and how a refusal is worded in the reader's clock. A module of its own so that a
 * page that only shows them (a server-rendered chat) loads no schema; arena-safety.ts holds the forms'
 * and the choices' schemas, built from these.
 */
import { BLOCKS_MAX, REPORT_DETAILS_MAX_LENGTH, PINNED_ANNOUNCEMENTS_MAX, ANNOUNCEMENT_MAX_LENGTH } from '../constants/index.js';

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

/** The consent an attendee without a card agrees to when sharing their details; stored beside the contact it makes. */
export function shareConsentText(recipientName: string, eventTitle: string): string {
  return `I agree that ${recipientName} may keep my name, job title, phone number and email as a contact, shared in the arena of ${eventTitle}.`;
}

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
