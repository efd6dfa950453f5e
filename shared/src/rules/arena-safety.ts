/**
 * Safe arena chat: what attendees choose (blocks, reports, who may write to them, hiding from public
 * lists, sharing their card) and what the organiser sets (mutes, closing the group chat, slow mode,
 * pinned announcements), with the messages a refused post or an invalid form shows. Used by the web's
 * forms and the upstream's checks alike.
 */
import { z } from 'zod';
import { REPORT_DETAILS_MAX_LENGTH, ANNOUNCEMENT_MAX_LENGTH, SLOW_MODE_MAX_SECONDS, MUTE_MAX_MINUTES } from '../constants/index.js';
import { safetyMessages } from './arena-safety-texts.js';
import { contactExchangeSchema } from './exchange.js';
import { requiredString } from './fields.js';

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

export * from './arena-safety-texts.js';
