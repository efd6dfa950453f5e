import type { ModerationAction } from '@tapcard/shared/contract';
import type { ChatRoomKind, DmPolicy, ReportReason } from '@tapcard/shared/rules';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type ModerationActionKind = ModerationAction['action'];

/** Table types of the upstream database (see migrations/ for the DDL). Ids are random text. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A nullable column that may be left out of an insert. */
type NullableColumn<T> = T extends Date
  ? ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  : ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  auth_type: string;
  image: string | null;
  description: string;
  created_at: CreatedAt;
}

export interface SessionsTable {
  token_hash: string;
  /** Public random id (the sessions list's handle); never the token or its hash. */
  id: Generated<string>;
  user_id: string;
  /** Short label from the User-Agent at sign-in ('Chrome on Windows'); '' when unknown. */
  device: Generated<string>;
  created_at: CreatedAt;
  /** Touched by the auth plugin at most about once a minute. */
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Timestamp;
}

export interface EmailCodesTable {
  id: string;
  email: string;
  code_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
  /** The device credential id of the device that asked for it (null: from before devices were recorded). */
  device: string | null;
}

export interface VerifiedEmailsTable {
  email: string;
  expires_at: Timestamp;
  /** Hash of the one-time ticket the verification handed out; sign-up must present the ticket. */
  ticket_hash: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A "Lost your ticket?" link: opened once before it expires, it replaces the attendee's access link. */
export interface TicketRecoveriesTable {
  token_hash: string;
  attendee_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PhysicalCardsTable {
  id: string;
  type: string;
  token_hash: string;
  status: 'new' | 'active';
  profile_id: string | null;
  created_at: CreatedAt;
  activated_at: Timestamp | null;
  /** A locked card's tap opens a neutral page (migration 023). */
  locked_at: NullableColumn<Date>;
  /** Replaced by another card: locked for good (migration 023). */
  replaced_at: NullableColumn<Date>;
  /** When the card's tap address last resolved (migration 023). */
  last_tap_at: NullableColumn<Date>;
}

export interface CardProfilesTable {
  id: string;
  user_id: string;
  link: string;
  title: string;
  sub_title: string;
  description: string;
  image: string | null;
  phone: string;
  /** The public card is off its link until one of its cards is unlocked (migration 023). */
  link_off: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CardFieldsTable {
  id: string;
  profile_id: string;
  label: string;
  content: string;
  icon: string;
  status: string;
  type: string;
  position: number;
}

export interface ServicesTable {
  id: string;
  profile_id: string;
  service_image: string | null;
  service_name: string;
  service_description: string;
  phone: string;
  link: string;
  enable_enquiry: boolean;
  /** Shown on the public card (migration 023). */
  enabled: Generated<boolean>;
  /** The owner's order of the card's services, from 1 (migration 023). */
  position: Generated<number>;
  created_at: CreatedAt;
}

/** What a card's analytics count (migration 023). */
export type CardStatMetric = 'view' | 'click' | 'save' | 'exchange';

/**
 * Aggregated counts of a card (migration 023): per UTC day ('YYYY-MM-DD'), metric and key (a view's
 * source, a clicked quick link's id, '' for saves and exchanges). Nothing about the visitor.
 */
export interface CardStatsTable {
  profile_id: string;
  day: string;
  metric: CardStatMetric;
  key: string;
  count: number;
}

export interface ContactsTable {
  id: string;
  profile_id: string;
  full_name: string;
  title: string;
  phone: string;
  email: string;
  device_type: string;
  /** The owner's own note on the contact; null when there is none. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** A contact swapped in an event's arena (migration 022): the event, when, and the other attendee (one contact per attendee and profile). */
  event_id: NullableColumn<string>;
  met_at: NullableColumn<Date>;
  /** The consent text a person without a card agreed to when sharing their details; null for a card. */
  consent: NullableColumn<string>;
  attendee_id: NullableColumn<string>;
  created_at: CreatedAt;
}

export interface UploadsTable {
  name: string;
  folder: string;
  content_type: string;
  size: number;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  location: string;
  image: string;
  start_date: Timestamp;
  end_date: Timestamp | null;
  clean_name: string;
  /** start_date / end_date as the organiser wrote them (a date only, or a date-time); the wire carries these. */
  start_text: Generated<string>;
  end_text: string | null;
  /** The event's change counter: bumped by every chat, private chat, check-in, chip binding or edit. */
  seq: Generated<number>;
  /** Registrations one email address may hold (migration 006). */
  max_registrations_per_email: Generated<number>;
  /** Whether a free ticket waits for the registrant to confirm their email (migration 006). */
  confirm_email_for_free: Generated<boolean>;
  /** Whether the event tracks check-out (who is still inside) at its door (migration 020). */
  door_check_out: Generated<boolean>;
  /** The organiser closed the group chat to attendees' posts (migration 022). */
  chat_closed: Generated<boolean>;
  /** Slow mode: seconds an attendee waits between two group posts; 0 is off (migration 022). */
  slow_mode_seconds: Generated<number>;
  /** The refund policy: 'none', or a full refund until refund_hours before the start (migration 031). */
  refund_policy: ColumnType<'none' | 'before_start', 'none' | 'before_start' | undefined, 'none' | 'before_start'>;
  refund_hours: Generated<number>;
  /** Reminder mails to confirmed attendees 24 hours and 1 hour before the start (migration 028). */
  remind_day_before: Generated<boolean>;
  remind_hour_before: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EventPricesTable {
  id: string;
  event_id: string;
  title: string;
  amount: number;
  stock: number;
  with_chips: boolean;
  sold: Generated<number>;
  position: number;
}

export interface EventGalleryTable {
  id: string;
  event_id: string;
  name: string;
  image: string;
  position: number;
}

export interface AttendeesTable {
  id: string;
  event_id: string;
  price_id: string;
  tid_hash: string;
  name: string;
  email: string;
  phone: string;
  image: string;
  /** 'confirmed' once free or paid; 'pending' while a paid ticket awaits the provider or a free one its email confirmation. */
  status: 'confirmed' | 'pending' | 'cancelled' | 'transferred';
  /** Until when a pending registration holds its seat and counts against its email (migration 006). */
  hold_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** SHA-256 of the emailed confirmation token of a free registration (migration 006). */
  confirm_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  checked_in: Generated<boolean>;
  /** When and by whom the attendee was last checked in (migration 017): a gate's name, 'organiser' or 'chip:<user id>'. */
  checked_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  checked_in_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The organiser's mute in the event's chats: until a time, or for good (migration 022). */
  muted_until: NullableColumn<Date>;
  muted_forever: Generated<boolean>;
  /** Left out of public attendee lists and avatars; the organiser still sees them (migration 022). */
  hidden: Generated<boolean>;
  /** Who may start a private chat with the attendee (migration 022). */
  dm_policy: ColumnType<DmPolicy, DmPolicy | undefined, DmPolicy>;
  /** The attendee's last accepted group post, which slow mode measures from (migration 022). */
  last_group_post_at: NullableColumn<Date>;
  /** When the ticket went to someone else (status 'transferred', migration 030). */
  transferred_at: NullableColumn<Date>;
  /** The registration a transferred ticket began as; null on that first row (migration 030). */
  origin_id: NullableColumn<string>;
  /** When a confirmed registration was cancelled, and by whom (migration 031). */
  cancelled_at: NullableColumn<Date>;
  cancelled_by: NullableColumn<'attendee' | 'organiser'>;
  seq: number;
  created_at: CreatedAt;
}

/** A cancelled paid ticket's refund (migration 031): one per attendee; its state only moves forward. */
export interface TicketRefundsTable {
  attendee_id: string;
  event_id: string;
  /** The ticket order's payment reference, which the provider refunds and its webhooks name. */
  reference: string;
  /** Whole naira. */
  amount: number;
  state: ColumnType<'pending_request' | 'pending' | 'processed' | 'failed', 'pending_request' | 'pending' | 'processed' | 'failed' | undefined, 'pending_request' | 'pending' | 'processed' | 'failed'>;
  provider_refund_id: NullableColumn<string>;
  attempts: Generated<number>;
  /** While set and recent, one sender is asking the provider; a retry waits for the lease to pass. */
  attempt_at: NullableColumn<Date>;
  last_error: NullableColumn<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A staff link of one event's door (migration 017): the secret is stored only as its hash. */
export interface StaffLinksTable {
  id: string;
  event_id: string;
  secret_hash: string;
  label: string;
  role: ColumnType<'scan', 'scan' | undefined, never>;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string;
  created_at: CreatedAt;
}

/** A phone's door session, opened with a staff link; valid while its link is (migration 017). */
export interface DoorSessionsTable {
  token_hash: string;
  link_id: string;
  created_at: CreatedAt;
}

/** A door check-in's answer by the phone's client id, so a retry answers the same (migration 017). */
export interface DoorCheckInsTable {
  link_id: string;
  client_id: string;
  attendee_id: string;
  outcome: 'admitted' | 'already' | 'unknown' | 'conflict' | 'checked_out' | 'not_inside' | 'transferred' | 'cancelled';
  checked_in_at: Date | null;
  checked_in_by: string | null;
  /** A check-in or a check-out (migration 020): one client id answers one of them. */
  direction: ColumnType<'in' | 'out', 'in' | 'out' | undefined, never>;
  created_at: CreatedAt;
}

/** A later offline admission of an attendee someone else had already checked in (migration 020). */
export interface DoorConflictsTable {
  id: string;
  event_id: string;
  attendee_id: string;
  link_id: string;
  gate: string;
  scanned_at: Timestamp;
  first_checked_in_at: Date | null;
  first_checked_in_by: string | null;
  seq: number;
  created_at: CreatedAt;
}

export interface ChipsTable {
  id: string;
  event_id: string;
  attendee_id: string | null;
  seq: Generated<number>;
  created_at: CreatedAt;
}

export interface ChatsTable {
  id: string;
  event_id: string;
  attendee_id: string;
  name: string;
  image: string;
  message: string;
  /** Removed by the organiser (migration 022): the text stays for the moderation log only. */
  removed_at: NullableColumn<Date>;
  removed_by: NullableColumn<string>;
  seq: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PrivateChatsTable {
  id: string;
  event_id: string;
  /** The sender (the same as attendee_id_1); the column exists in 001 and is NOT NULL. */
  attendee_id: string;
  attendee_id_1: string;
  attendee_id_2: string;
  name: string;
  image: string;
  message: string;
  /** Removed by the organiser after a report (migration 022). */
  removed_at: NullableColumn<Date>;
  removed_by: NullableColumn<string>;
  /** What Share my card sent: the contract's SharedCard as JSON; null for a text message (migration 022). */
  card: NullableColumn<string>;
  seq: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TicketPaymentsTable {
  reference: string;
  attendee_id: string;
  /** The access token, kept only until the payment completes so the handler can return the token link. */
  tid_pending: string | null;
  /** The hash of the secret that lets the buyer give the held seat back before paying; null once settled. */
  release_hash: string | null;
  created_at: CreatedAt;
}

/** A create's idempotency key: the resource the first request with this key made. */
export interface IdempotencyKeysTable {
  /** What was created ('event', 'registration'). */
  scope: string;
  /** Whose key it is: the account, or the event for an anonymous registration. */
  owner: string;
  key: string;
  resource_id: string;
  created_at: Date;
}

export interface PreordersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: string;
  reference: string;
  kind: 'cards' | 'ticket';
  name: string;
  phone_number: string;
  email: string;
  address: string;
  city: string;
  state: string;
  country: string;
  method: 'delivery' | 'pickup';
  pickup: string | null;
  items: ColumnType<string, string, string>;
  total: number;
  final_total: number;
  vat: number;
  shipping: number;
  payment_status: 'pending' | 'paid' | 'declined';
  payment_access_code: string;
  /** The provider's payment page for this order (migration 004). */
  payment_url: ColumnType<string, string | undefined, string>;
  payment_metadata: string | null;
  callback_url: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** A ticket order whose seat was released unpaid when its hold ran out (migration 008). */
  expired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A ticket order paid after its seat was gone: no ticket, the payment is to be refunded (migration 008). */
  refund_due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  created_at: CreatedAt;
}

/** The key pairs that sign door tickets; one is current (retired_at null) (migration 019). */
export interface TicketKeysTable {
  kid: string;
  /** PKCS#8 PEM. */
  private_key: string;
  /** The raw 32-byte public key, base64url. */
  public_key: string;
  created_at: CreatedAt;
  retired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A mail waiting to be delivered, or given up on (migration 014). */
/** A reminder mail queued for an attendee (migration 028): one row per attendee and reminder. */
export interface ReminderSendsTable {
  attendee_id: string;
  kind: 'day' | 'hour';
  sent_at: Date;
}

/** Mail an earlier version queued itself; only read at start, to move onto the job queue. */
export interface MailQueueTable {
  id: string;
  to_address: string;
  subject: string;
  /** The whole mail as JSON: text, html, attachments (content in base64). */
  payload: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** Claimed by a process delivering it until then. */
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** A former clean_name of an event (migration 009): its old open links still lead to it. */
export interface EventAliasesTable {
  clean_name: string;
  event_id: string;
  created_at: CreatedAt;
}

export interface ThrottlesTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

/** A social sign-in started at the provider, until its callback consumes it. */
export interface SocialSignInsTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  card_id: string | null;
  card_type: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A provider account (issuer + subject) linked to a user. */
export interface SocialIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: CreatedAt;
}

/** An announcement the organiser pinned (migration 022); unpinned ones stay, `pinned` false. */
export interface AnnouncementsTable {
  id: string;
  event_id: string;
  message: string;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string;
  unpinned_at: NullableColumn<Date>;
  seq: number;
  created_at: CreatedAt;
  /** An organiser's message shown in the arena (migration 029): its message, subject and audience (JSON attendee ids; null: everyone). */
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  recipients: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An organiser's message to an event's attendees (migration 029); `audience` is the shared audience as JSON. */
export interface EventMessagesTable {
  id: string;
  event_id: string;
  created_by: string;
  subject: string;
  body: string;
  audience: string;
  /** One of the event's after-event mails (migration 033), or null. */
  kind: NullableColumn<'thank_you' | 'missed_you'>;
  status: 'scheduled' | 'sending' | 'sent' | 'cancelled';
  send_at: Timestamp;
  sent_at: NullableColumn<Date>;
  announced: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One recipient email of a sent message and its mail's outcome (migration 029). */
export interface MessageDeliveriesTable {
  id: string;
  message_id: string;
  event_id: string;
  email: string;
  status: 'queued' | 'sent' | 'failed';
  unsubscribe_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An email (lower-cased) that stopped an event's organiser messages (migration 029). */
export interface MessageUnsubscribesTable {
  event_id: string;
  email: string;
  created_at: CreatedAt;
}

/** One attendee blocking another in an event (migration 022); lifting a block keeps the row, `active` false. */
export interface AttendeeBlocksTable {
  event_id: string;
  blocker_id: string;
  blocked_id: string;
  active: boolean;
  seq: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A message an attendee reported (migration 022), with a copy of its author, name and text. */
export interface ChatReportsTable {
  id: string;
  event_id: string;
  message_id: string;
  room: ChatRoomKind;
  reported_attendee_id: string;
  reported_name: string;
  reported_text: string;
  reporter_id: string;
  reporter_name: string;
  reason: ReportReason;
  details: string;
  status: ColumnType<'open' | 'resolved' | 'dismissed', 'open' | 'resolved' | 'dismissed' | undefined, 'open' | 'resolved' | 'dismissed'>;
  handled_at: NullableColumn<Date>;
  handled_by: NullableColumn<string>;
  seq: number;
  created_at: CreatedAt;
}

/** One organiser action of the moderation log (migration 022). */
export interface ModerationActionsTable {
  id: string;
  event_id: string;
  action: ModerationActionKind;
  actor_id: string;
  actor_name: string;
  target_attendee_id: string | null;
  target_name: string | null;
  message_id: string | null;
  details: string;
  seq: number;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  verified_emails: VerifiedEmailsTable;
  password_resets: PasswordResetsTable;
  ticket_recoveries: TicketRecoveriesTable;
  ticket_refunds: TicketRefundsTable;
  physical_cards: PhysicalCardsTable;
  card_profiles: CardProfilesTable;
  card_fields: CardFieldsTable;
  services: ServicesTable;
  card_stats: CardStatsTable;
  contacts: ContactsTable;
  uploads: UploadsTable;
  events: EventsTable;
  event_aliases: EventAliasesTable;
  event_prices: EventPricesTable;
  event_gallery: EventGalleryTable;
  attendees: AttendeesTable;
  chips: ChipsTable;
  chats: ChatsTable;
  private_chats: PrivateChatsTable;
  ticket_payments: TicketPaymentsTable;
  preorders: PreordersTable;
  orders: OrdersTable;
  mail_outbox: MailOutboxTable;
  mail_queue: MailQueueTable;
  reminder_sends: ReminderSendsTable;
  throttles: ThrottlesTable;
  social_sign_ins: SocialSignInsTable;
  social_identities: SocialIdentitiesTable;
  staff_links: StaffLinksTable;
  door_sessions: DoorSessionsTable;
  door_check_ins: DoorCheckInsTable;
  door_conflicts: DoorConflictsTable;
  ticket_keys: TicketKeysTable;
  announcements: AnnouncementsTable;
  event_messages: EventMessagesTable;
  message_deliveries: MessageDeliveriesTable;
  message_unsubscribes: MessageUnsubscribesTable;
  attendee_blocks: AttendeeBlocksTable;
  chat_reports: ChatReportsTable;
  moderation_actions: ModerationActionsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
