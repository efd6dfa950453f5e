/**
 * Every business constant, in one place. Other modules import from here;
 * no number below is written a second time anywhere in the tree.
 */

/** The product's name wherever a text names the product. */
export const PRODUCT_NAME = 'TapCard';

/** Rate limits and budgets: their own module, one entry per limit. */
export * from './limits.js';

// ── Accounts, cards and uploads ──────────────────────────────────────────
export const ACTIVATION_TOKEN_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_CODE_MIN_LENGTH = 4;
/** Codes the upstream mails out are this long (>= EMAIL_CODE_MIN_LENGTH). */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const MAX_UPLOAD_BYTES = 10_485_760;
/** The second set of size checks (the alternative upload limits). */
export const ALT_IMAGE_LIMIT_BYTES = 20_000;
export const ALT_FILE_LIMIT_BYTES = 2_000_000;
export const PHONE_COUNTRY_PREFIX = '234';
export const CURRENCY = 'NGN';

/** Default positions of the phone and WhatsApp quick links; socials follow. */
export const DEFAULT_PHONE_POSITION = 1;
export const DEFAULT_WHATSAPP_POSITION = 2;

// ── Shop, events and chat ────────────────────────────────────────────────
export const CARD_PRICE_NGN = 10_000;
export const VAT_RATE = 0.075;
export const SHIPPING_PICKUP_NGN = 0;
export const SHIPPING_WITHIN_LAGOS_NGN = 2500;
export const SHIPPING_OUTSIDE_LAGOS_NGN = 5000;
export const MIN_QUANTITY = 0;

export const POLL_INTERVAL_MS = 1000;

/** The cache header of files whose name changes with their content (built assets, uploads): kept a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const AVATARS = {
  organiser: 7,
  public: 4,
  arena: 4,
} as const;

export const CARD_NUMBER_MAX_LENGTH = 19;
export const CARD_EXPIRY_MAX_LENGTH = 5;
export const CARD_CVC_MAX_LENGTH = 3;

export const EVENT_LOOKUP_PAGE = 1;
export const EVENT_LOOKUP_LIMIT = 100;

/** Registrations one email address may hold for one event unless the organiser allows more, and the most allowed. */
export const DEFAULT_REGISTRATIONS_PER_EMAIL = 1;
export const MAX_REGISTRATIONS_PER_EMAIL = 10;
/** How long a free registration waiting for its email confirmation holds its seat. */
export const REGISTRATION_HOLD_MINUTES = 30;
/**
 * How long the link of a "Lost your ticket?" mail works: opening it once within this time replaces the
 * ticket's access link (the old one keeps working until then).
 */
export const TICKET_RECOVERY_TTL_MINUTES = 60;
/** How long a paid ticket waiting for its payment holds its seat. */
export const PAYMENT_HOLD_MINUTES = 15;

/**
 * An event's refund policy, chosen by its organiser: 'none' (a cancelled ticket is not refunded) or
 * 'before_start' (a full refund until `refund_hours` before the start, none after). New events and
 * events made before refunds existed have 'none'.
 */
export const REFUND_POLICIES = ['none', 'before_start'] as const;
export const DEFAULT_REFUND_POLICY = 'none' satisfies (typeof REFUND_POLICIES)[number];
/** The hours before the start a 'before_start' policy offers by default, and the most it may name (30 days). */
export const DEFAULT_REFUND_HOURS = 48;
export const MAX_REFUND_HOURS = 720;
/**
 * A refund's states: 'pending_request' until the payment provider has taken the request (a request
 * that could not reach it is retried), then 'pending' until the provider's webhook says 'processed'
 * (the money is on its way back) or 'failed'.
 */
export const REFUND_STATES = ['pending_request', 'pending', 'processed', 'failed'] as const;

/** Chat message id prefix of organiser (admin) posts. */
export const ADMIN_ID_PREFIX = 'admin-';

// ── Arena chat safety (its rules and texts: rules/arena-safety) ───────────
/** Attendees one attendee may block in one event. */
export const BLOCKS_MAX = 500;
/** The longest free text a report carries beside its reason. */
export const REPORT_DETAILS_MAX_LENGTH = 500;
/** Announcements the organiser may keep pinned at once, and the longest one. */
export const PINNED_ANNOUNCEMENTS_MAX = 3;
export const ANNOUNCEMENT_MAX_LENGTH = 500;
/** Slow mode: the longest wait between two group posts of one attendee the organiser may set. */
export const SLOW_MODE_MAX_SECONDS = 3600;
/** A group chat's settings when the organiser has set none: open, no slow mode. */
export const OPEN_CHAT = { closed: false, slow_mode_seconds: 0 };
/** The slow-mode choices the organiser's chat offers (0 is off). */
export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 300] as const;
/** The longest timed mute, in minutes (a week); longer is a mute for good. */
export const MUTE_MAX_MINUTES = 10_080;
/** The timed mutes the organiser's screens offer, in minutes. */
export const MUTE_CHOICES = [5, 15, 60, 1440] as const;
/** Reports a live organiser view carries (the newest); older ones stay readable through the moderation call. */
export const LIVE_REPORTS_LIMIT = 200;

// ── Organiser messages to attendees (their rules and texts: rules/organiser-messages) ──
/** The longest subject and body of an organiser's message. */
export const MESSAGE_SUBJECT_MAX_LENGTH = 150;
export const MESSAGE_BODY_MAX_LENGTH = 5000;
/** How far ahead a message may be scheduled (days). */
export const MESSAGE_SCHEDULE_MAX_DAYS = 365;
/** Messages the organiser's history shows (the newest). */
export const MESSAGE_HISTORY_LIMIT = 200;
/** How often the organiser's Messages page refreshes the history's counts (ms). */
export const MESSAGE_HISTORY_POLL_MS = 5000;
/** How long after the event's end its after-event mails (thank-you, sorry we missed you) go (hours). */
export const AFTER_EVENT_MAIL_DELAY_HOURS = 2;

// ── Domain helpers (shared/src/domain) ─────────────────────────────────────
/** A number already starting with the country prefix is kept as it is when it is longer than this many digits. */
export const PHONE_INTERNATIONAL_MIN_DIGITS = 11;
/** Longest url slug (clean_name) derived from an event title. */
export const EVENT_SLUG_MAX_LENGTH = 60;
/** Longest base name of a downloaded file (before its extension). */
export const FILE_NAME_MAX_LENGTH = 64;
/** RFC 6350 section 3.2 / RFC 2426: content lines are folded at 75 octets. */
export const VCARD_LINE_MAX_OCTETS = 75;

// ── Validation bounds (shared/src/rules) ───────────────────────────────────
/** Contact-exchange and pre-order phone: optional plus, then 9 to 15 digits. */
export const EXCHANGE_PHONE_MIN_DIGITS = 9;
export const EXCHANGE_PHONE_MAX_DIGITS = 15;
/** Checkout phone: +234 or 0, then this many digits. */
export const CHECKOUT_PHONE_DIGITS = 10;
/** Longest chat message accepted, group or private (our bound, docs/decisions.md, Validation). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The newest group messages a live view carries (arena, chip, organiser, the full live state). */
export const GROUP_CHAT_LIMIT = 200;
/** Older group messages read per page when a reader scrolls back past the live view's newest ones. */
export const CHAT_HISTORY_PAGE_SIZE = 50;
/** The newest private messages a live view carries. */
export const PRIVATE_CHAT_LIMIT = 1000;
/** Length bounds of an attendee's access token typed on the chip page (our bounds). */
export const ACCESS_TOKEN_MIN_LENGTH = 16;
export const ACCESS_TOKEN_MAX_LENGTH = 128;
/** Contact exchange: a job title shorter than this fails (its required message says 4; see rules/exchange.ts). */
export const JOB_TITLE_MIN_LENGTH = 3;
/**
 * The PostgreSQL advisory lock held while migrating a database and while dropping a schema. Kysely's
 * migrator reads the catalog of every schema before it takes its own lock, and a schema dropped by
 * another process at that moment fails it ("schema … does not exist"): test runs create and drop many.
 */
export const SCHEMA_CHANGE_LOCK_KEY = 7_245_081_113;
