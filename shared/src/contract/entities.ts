import { z } from 'zod';
import { OPEN_CHAT, REFUND_POLICIES, REFUND_STATES } from '../constants/index.js';
import { cardFieldSchema } from '../domain/cards.js';
import { chatRoomKindSchema, dmPolicySchema, reportReasonSchema } from '../rules/arena-safety.js';

/**
 * The entities as the wire carries them. Ids are strings everywhere (random
 * where a stranger could enumerate them). Dates are ISO-8601 strings.
 */

const id = z.string().min(1);
const isoDate = z.string().min(1);
/** An image reference: an absolute URL, a data: URI, a site path, or an upstream path under /backend/. */
const imageRef = z.string();

// ── Accounts and cards ─────────────────────────────────────────
export const authTokenSchema = z.object({ token_type: z.string().min(1), access_token: z.string().min(1) });
export type AuthToken = z.infer<typeof authTokenSchema>;

export const physicalCardSchema = z.object({ id, type: z.string(), status: z.enum(['new', 'active']) });
export type PhysicalCard = z.infer<typeof physicalCardSchema>;

export { cardFieldSchema };
export type { CardField } from '../domain/cards.js';

export const serviceSchema = z.object({
  id,
  service_image: imageRef.nullable(),
  service_name: z.string(),
  service_description: z.string(),
  phone: z.string(),
  link: z.string(),
  enable_enquiry: z.boolean(),
  /** Shown on the public card; a switched-off service stays saved (absent in answers from before the switch existed). */
  enabled: z.boolean().default(true),
});
export type Service = z.infer<typeof serviceSchema>;

/** The owner's card as get-card answers it. `link` is the public card's `?link=` value. */
export const ownerCardSchema = z.object({
  card: z.object({
    profile: imageRef.nullable(),
    title: z.string(),
    description: z.string(),
    sub_title: z.string(),
    card_id: id,
    link: z.string(),
  }),
  fields: z.array(cardFieldSchema),
  services: z.array(serviceSchema),
});
export type OwnerCard = z.infer<typeof ownerCardSchema>;

/** The public card page's data (connect-vcard). */
export const publicCardSchema = z.object({
  card: z.object({
    profile: imageRef.nullable(),
    title: z.string(),
    sub_title: z.string(),
    description: z.string(),
    user_id: id,
    card_id: id,
    type: z.string(),
  }),
  fields: z.array(cardFieldSchema),
  services: z.array(serviceSchema),
  download_url: z.string(),
});
export type PublicCard = z.infer<typeof publicCardSchema>;

export const contactSchema = z.object({
  contact_id: id,
  full_name: z.string(),
  title: z.string(),
  phone: z.string(),
  email: z.string(),
  created_at: isoDate,
  /** The owner's own note on the contact; absent in answers from before notes existed. */
  note: z.string().nullable().optional(),
  /** The event whose arena the contact was swapped in (null: met another way, e.g. a contact exchange). */
  event: z.object({ id, title: z.string() }).nullable().optional(),
  /** When the contact was swapped in an event's arena. */
  met_at: isoDate.nullable().optional(),
  /** The consent text a person without a card agreed to when sharing their details (null for a card). */
  consent: z.string().nullable().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const userSummarySchema = z.object({ name: z.string(), image: imageRef.nullable() });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userProfileSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  image: imageRef.nullable(),
  description: z.string(),
  /** The public card path of the user's card, or null when no card is linked yet. */
  card_url: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * One of the owner's signed-in sessions (the sessions list). `id` is a public random id, never the
 * access token or its hash; `device` is a short label read from the browser's User-Agent ('Chrome on
 * Windows'); `current` marks the session that asked.
 */
export const sessionInfoSchema = z.object({
  id,
  created_at: isoDate,
  last_used_at: isoDate,
  device: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const uploadResultSchema = z.object({ url: z.string().min(1), name: z.string().min(1) });
export type UploadResult = z.infer<typeof uploadResultSchema>;

// ── Events ────────────────────────────────────────────────────
export const withChipsSchema = z.enum(['with', 'without']);

export const priceSchema = z.object({
  id,
  title: z.string(),
  amount: z.number().nonnegative(),
  /** Stock: how many tickets of this category exist. */
  attendees: z.number().int().nonnegative(),
  withChips: withChipsSchema,
  /** How many have been taken. */
  sold: z.number().int().nonnegative(),
});
export type Price = z.infer<typeof priceSchema>;

export const galleryItemSchema = z.object({ name: z.string(), image: imageRef });
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** An attendee as anybody may see it: no email, phone or access token. */
export const publicAttendeeSchema = z.object({
  id,
  name: z.string(),
  image: imageRef,
  price_category: z.string(),
});
export type PublicAttendee = z.infer<typeof publicAttendeeSchema>;

/** A mute: until a time, or for good (`until` null). */
export const muteSchema = z.object({ until: isoDate.nullable() });
export type Mute = z.infer<typeof muteSchema>;

/** An attendee as the event's organiser sees it. `event_attendee_id` is the same public id. */
export const attendeeSchema = publicAttendeeSchema.extend({
  email: z.string(),
  phone: z.string(),
  createdAt: isoDate,
  checked_in: z.boolean(),
  /** When and where the attendee was checked in (an ISO time; a gate's name, 'organiser' or 'chip:<user id>'). */
  checked_in_at: z.string().nullable().optional(),
  checked_in_by: z.string().nullable().optional(),
  event_attendee_id: id,
  /** The organiser's mute of the attendee in the event's chats (null: not muted). */
  mute: muteSchema.nullable().optional(),
  /** The attendee hides from public attendee lists (the organiser still sees them). */
  hidden: z.boolean().optional(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** A group chat message. Admin (organiser) messages have an attendee_id starting 'admin-'. */
export const chatMessageSchema = z.object({
  id,
  event_id: id,
  attendee_id: z.string(),
  name: z.string(),
  image: imageRef,
  message: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** The event's change counter when the message was stored: orders messages and drives `since`. */
  seq: z.number().int().nonnegative(),
  /**
   * Removed by the organiser: the message text is gone ('') and every screen hides it. A removal is a
   * change of the event of its own, so the message comes again with the removal's seq.
   */
  removed: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * What "Share my card" sends in a private chat: a card owner's public card, or the details (with the
 * consent they agreed to) of an attendee without a card.
 */
export const sharedCardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), link: z.string(), title: z.string(), sub_title: z.string(), image: imageRef.nullable() }),
  z.object({ kind: z.literal('details'), full_name: z.string(), title: z.string(), phone: z.string(), email: z.string(), consent: z.string() }),
]);
export type SharedCard = z.infer<typeof sharedCardSchema>;

/** A private message from attendee_id_1 (the sender; also `attendee_id`) to attendee_id_2; a shared card when `card` is set. */
export const privateChatSchema = chatMessageSchema.extend({ attendee_id_1: z.string(), attendee_id_2: z.string(), card: sharedCardSchema.optional() });
export type PrivateChat = z.infer<typeof privateChatSchema>;

/** The organiser's settings of an event's group chat: closed to attendees' posts, and slow mode (0 is off). */
export const chatSettingsSchema = z.object({ closed: z.boolean(), slow_mode_seconds: z.number().int().nonnegative() });
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export { OPEN_CHAT };

/** An announcement the organiser pinned at the top of the arena and the group chat; `pinned: false` once unpinned. */
export const announcementSchema = z.object({
  id,
  event_id: id,
  message: z.string(),
  pinned: z.boolean(),
  created_at: isoDate,
  seq: z.number().int().nonnegative(),
  /** An organiser's message shown in the arena: its subject (absent for a plain announcement). */
  subject: z.string().nullable().optional(),
  /**
   * The attendees an organiser's message was for (absent or null: everyone). Only the upstream's live
   * state carries it; the gateway shows the announcement in those attendees' arenas and drops the list.
   */
  recipients: z.array(z.string()).nullable().optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** A message an attendee reported, as the organiser's reports queue shows it. */
export const chatReportSchema = z.object({
  id,
  event_id: id,
  message_id: id,
  room: chatRoomKindSchema,
  /** The author of the reported message, and the message as it was when reported. */
  reported_attendee_id: z.string(),
  reported_name: z.string(),
  reported_text: z.string(),
  reporter_id: z.string(),
  reporter_name: z.string(),
  reason: reportReasonSchema,
  details: z.string(),
  /** open: waiting for the organiser; resolved: acted on (message removed or author muted); dismissed: no action. */
  status: z.enum(['open', 'resolved', 'dismissed']),
  created_at: isoDate,
  handled_at: isoDate.nullable(),
  seq: z.number().int().nonnegative(),
});
export type ChatReport = z.infer<typeof chatReportSchema>;


export const eventSchema = z.object({
  id,
  title: z.string(),
  description: z.string(),
  location: z.string(),
  image: imageRef,
  start_date: isoDate,
  end_date: isoDate.nullable(),
  clean_name: z.string(),
  prices: z.array(priceSchema),
  gallery: z.array(galleryItemSchema),
  /** The first attendees (public view); `attendee_count` is the full number. */
  attendees: z.array(publicAttendeeSchema),
  attendee_count: z.number().int().nonnegative(),
  user: userSummarySchema.nullable(),
  user_id: id,
  /** The organiser's registration settings (ours; see the event rules). */
  max_registrations_per_email: z.number().int().positive().optional(),
  confirm_email_for_free: z.boolean().optional(),
  /** The organiser's refund policy (ours; see the event rules). */
  refund_policy: z.enum(REFUND_POLICIES).optional(),
  refund_hours: z.number().int().nonnegative().optional(),
});
export type Event = z.infer<typeof eventSchema>;

/** The organiser's view of one event: everyone, check-in flags and chats. */
export const adminEventSchema = eventSchema.extend({
  attendees: z.array(attendeeSchema),
  chats: z.array(chatMessageSchema),
  /** Private messages between the organiser ('admin-…') and attendees. */
  private_chats: z.array(privateChatSchema),
  chips: z.array(z.object({ id, attendee_id: z.string().nullable() })),
  /** The group chat's settings, the pinned announcements and the reports queue (as the live view carries them). */
  chat: chatSettingsSchema.optional(),
  announcements: z.array(announcementSchema).optional(),
  reports: z.array(chatReportSchema).optional(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const eventListsSchema = z.object({
  upcoming: z.array(eventSchema),
  past: z.array(eventSchema),
  all: z.array(eventSchema),
});
export type EventLists = z.infer<typeof eventListsSchema>;

/** The event as the attendee's token page and arena need it. */
export const eventSummarySchema = z.object({
  id,
  clean_name: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  image: imageRef,
  start_date: isoDate,
  end_date: isoDate.nullable(),
  /** The event's refund policy (ours), which the ticket page states before a cancel. */
  refund_policy: z.enum(REFUND_POLICIES).optional(),
  refund_hours: z.number().int().nonnegative().optional(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** A cancelled paid ticket's refund: its state and amount (whole naira). */
export const refundSchema = z.object({ state: z.enum(REFUND_STATES), amount: z.number().nonnegative() });
export type Refund = z.infer<typeof refundSchema>;

/** Who cancelled a ticket. */
export const cancelledBySchema = z.enum(['attendee', 'organiser']);

/**
 * A ticket as its cancel step sees it, by its access token: confirmed or cancelled, what was paid
 * (whole naira, 0 for a free ticket), the event with its refund policy, and once cancelled, when, by
 * whom and its refund (null when none is due).
 */
export const ticketCancellationSchema = z.object({
  status: z.enum(['confirmed', 'cancelled']),
  name: z.string(),
  ticket: z.string(),
  amount: z.number().nonnegative(),
  event: eventSummarySchema,
  cancelled_at: isoDate.nullable(),
  cancelled_by: cancelledBySchema.nullable(),
  refund: refundSchema.nullable(),
});
export type TicketCancellation = z.infer<typeof ticketCancellationSchema>;

/** A cancelled registration as the organiser's attendees page lists it. */
export const cancelledAttendeeSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  ticket: z.string(),
  amount: z.number().nonnegative(),
  cancelled_at: isoDate,
  cancelled_by: cancelledBySchema,
  refund: refundSchema.nullable(),
});
export type CancelledAttendee = z.infer<typeof cancelledAttendeeSchema>;

/** GET event token: the token page and the arena read the same answer. */
export const attendeeTokenSchema = z.object({
  event: eventSummarySchema,
  name: z.string(),
  image: imageRef,
  /**
   * The signed door ticket the QR code shows (no access token in it). Its format and verifyTicket are
   * in the shared domain (tickets.ts), kept out of the contract so every page does not load them.
   */
  ticket: z.string(),
  attendee: z.object({
    id,
    name: z.string(),
    image: imageRef,
    checked_in: z.boolean(),
    /** When and where this attendee was checked in (the ticket page says so); absent from an older upstream. */
    checked_in_at: z.string().nullable().optional(),
    checked_in_by: z.string().nullable().optional(),
    price_category: z.string(),
    event: eventSummarySchema,
    chats: z.array(chatMessageSchema),
    private_chats: z.array(privateChatSchema),
    /** As the arena's live view carries them: own safety state, blocks, the chat's settings and pins. */
    mute: muteSchema.nullable().optional(),
    hidden: z.boolean().optional(),
    dm_policy: dmPolicySchema.optional(),
    blocked: z.array(z.string()).optional(),
    chat: chatSettingsSchema.optional(),
    announcements: z.array(announcementSchema).optional(),
  }),
});
export type AttendeeToken = z.infer<typeof attendeeTokenSchema>;

/** A chip: a physical or digital card tied to an event, bound to an attendee by the attendee's token. */
export const chipRecordSchema = z.object({
  id,
  event_id: id,
  event: eventSummarySchema,
  event_attendee_id: z.string().nullable(),
  attendee: z.object({ name: z.string(), image: imageRef, checked_in: z.boolean() }).nullable(),
  price: z.object({ title: z.string() }).nullable(),
  chats: z.array(chatMessageSchema),
  /** The group chat's settings and pinned announcements (as the chip's live view carries them). */
  chat: chatSettingsSchema.optional(),
  announcements: z.array(announcementSchema).optional(),
  /** True when the caller's bearer token belongs to the event's organiser (the check-in view). */
  is_organiser: z.boolean(),
});
export type ChipRecord = z.infer<typeof chipRecordSchema>;

/** What the gateway's poller reads with the service key: only what changed after `since`. */
export const liveAttendeeSchema = publicAttendeeSchema.extend({
  checked_in: z.boolean(),
  /**
   * When and where the attendee was (last) checked in: an ISO time, and a gate's name, 'organiser' or
   * 'chip:<user id>' (see door.ts `checkInBySchema`). The organiser's and the door's views carry
   * them, and the attendee's own arena view their own (the ticket page shows it); another attendee's
   * arena or a chip page never does.
   */
  checked_in_at: z.string().nullable().optional(),
  checked_in_by: z.string().nullable().optional(),
  /**
   * Safety state: the organiser's mute (null: not muted), whether the attendee hides from public lists,
   * and who may start a private chat with them. Only the organiser's views and the attendee's own carry
   * them (the organiser sees no dm_policy).
   */
  mute: muteSchema.nullable().optional(),
  hidden: z.boolean().optional(),
  dm_policy: dmPolicySchema.optional(),
  /**
   * The attendee gave their ticket to someone else (who is another attendee): their access link and
   * door QR code no longer work. Only the door's, the organiser's and their own views carry it, so a
   * door phone refuses the old QR code offline, lists drop them, and their open arena says so.
   */
  transferred: z.boolean().optional(),
  /**
   * The ticket was cancelled (by its holder or the organiser): like a transferred one, its access link
   * and door QR code no longer work, door phones refuse the QR code offline, lists drop the attendee,
   * and their own open arena and ticket page say so. Carried by the same views.
   */
  cancelled: z.boolean().optional(),
  seq: z.number().int().nonnegative(),
});
export type LiveAttendee = z.infer<typeof liveAttendeeSchema>;

export const liveStateSchema = z.object({
  event: eventSummarySchema.extend({ user_id: id }),
  /** The event's change counter after this read; pass it back as `since`. */
  version: z.number().int().nonnegative(),
  /** True when `since` was absent or too old and everything (up to the limits) is returned. */
  full: z.boolean(),
  chats: z.array(chatMessageSchema),
  private_chats: z.array(privateChatSchema),
  attendees: z.array(liveAttendeeSchema),
  chips: z.array(z.object({ id, attendee_id: z.string().nullable() })),
  /** The group chat's settings as they stand (an upstream without them has an open chat). */
  chat: chatSettingsSchema.default(OPEN_CHAT),
  /** Announcements pinned or unpinned after `since` (full: those pinned now). */
  announcements: z.array(announcementSchema).default([]),
  /** Blocks made or lifted after `since` (full: those in force). */
  blocks: z.array(z.object({ blocker_id: z.string(), blocked_id: z.string(), active: z.boolean() })).default([]),
  /** Reports filed or handled after `since` (full: the newest LIVE_REPORTS_LIMIT). */
  reports: z.array(chatReportSchema).default([]),
});
export type LiveState = z.infer<typeof liveStateSchema>;

// ── Shop ───────────────────────────────────────────────────────
export const paymentStatusSchema = z.enum(['pending', 'paid', 'declined']);

export const orderSchema = z.object({
  id,
  name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  method: z.enum(['delivery', 'pickup']),
  pickup: z.string().nullable(),
  items: z.array(z.object({ color: z.string(), qty: z.number().int().positive(), price: z.number().nonnegative() })),
  total: z.number(),
  final_total: z.number(),
  vat: z.number(),
  shipping: z.number(),
  payment_status: paymentStatusSchema,
  created_at: isoDate,
  updated_at: isoDate,
  payment_url: z.string(),
  payment_reference: z.string(),
  payment_access_code: z.string(),
  /** A JSON string of the card provider's transaction data, or null before the provider answers. */
  payment_metadata: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** The fields of payment_metadata once parsed. */
export const paymentMetadataSchema = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.number(),
  channel: z.string(),
  currency: z.string(),
  fees: z.number(),
  authorization: z.record(z.string(), z.unknown()),
  customer: z.record(z.string(), z.unknown()),
});
export type PaymentMetadata = z.infer<typeof paymentMetadataSchema>;
