/**
 * Every rate limit and budget, in one place: how many of what one counter lets through (`max`) in a
 * fixed window (`windowMs`), and whose counter it is (`scope`). The upstream's throttle, the upload
 * quota and the gateway's per-address budget read their numbers from here only, and so does any text
 * that names one.
 *
 * Guesses at a secret (card and chip tokens, email codes, passwords) have three kinds of counter: a
 * small one per target and client address, so a stranger locks out only themselves; a much higher
 * ceiling per target over all addresses, which slows attempts down as it fills and refuses only when
 * full (an address reaches the ceiling only while within its own limit, so filling it takes many
 * addresses); and one per target and known device (a device credential: a device that proved itself
 * for that account, sign-up or card before), which strangers filling the ceiling never touch.
 */

export interface Limit {
  /** Attempts (or bytes, for a byte budget) allowed in the window; the next one is refused. */
  max: number;
  windowMs: number;
  /** Whose attempts one counter counts. */
  scope: string;
  /**
   * Slows attempts down instead of refusing them while the count fills: once the count passes `after`,
   * each attempt waits `fromMs`, doubling per attempt up to `maxMs`, until `max` refuses outright.
   */
  delay?: { after: number; fromMs: number; maxMs: number };
  /** What `max` counts when it is not attempts. */
  unit?: 'bytes';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The window of every guess limit. */
const GUESS_WINDOW_MS = 15 * MINUTE_MS;
/** How a ceiling slows attempts once it fills past `after`: 250 ms, doubling, at most 4 s. */
const growing = (after: number) => ({ after, fromMs: 250, maxMs: 4000 });
const MIB = 1024 * 1024;

export const LIMITS = {
  // ── Guesses at a secret ────────────────────────────────────────────────
  /** Scratch tokens tried on one card from one address. */
  cardToken: { max: 5, windowMs: GUESS_WINDOW_MS, scope: 'card, per client address' },
  /** Scratch tokens tried on one card from all addresses. */
  cardTokenCeiling: { max: 50, windowMs: GUESS_WINDOW_MS, scope: 'card, all addresses', delay: growing(10) },
  /** Scratch tokens tried on one card from a known device (signed in with its device credential, or one that gave this card's token before). */
  cardTokenDevice: { max: 10, windowMs: GUESS_WINDOW_MS, scope: 'card, per known device' },
  /** Scratch tokens tried from one address across all cards, unknown card ids included (a sweep). */
  cardTokenAddress: { max: 50, windowMs: GUESS_WINDOW_MS, scope: 'client address, all cards' },
  /** Email codes tried for one email from one address. */
  emailCode: { max: 5, windowMs: GUESS_WINDOW_MS, scope: 'email, per client address' },
  /** Email codes tried for one email from all addresses. */
  emailCodeCeiling: { max: 30, windowMs: GUESS_WINDOW_MS, scope: 'email, all addresses', delay: growing(10) },
  /** Email codes tried for one email from the device that started its sign-up. */
  emailCodeDevice: { max: 5, windowMs: GUESS_WINDOW_MS, scope: 'email, per known device' },
  /** Passwords tried on one account (email) from one address. */
  login: { max: 5, windowMs: GUESS_WINDOW_MS, scope: 'account, per client address' },
  /** Passwords tried on one account from all addresses. */
  loginCeiling: { max: 50, windowMs: GUESS_WINDOW_MS, scope: 'account, all addresses', delay: growing(10) },
  /** Passwords tried on one account from a device that signed in to it before (its own budget, no ceiling). */
  loginDevice: { max: 20, windowMs: GUESS_WINDOW_MS, scope: 'account, per known device' },
  /** Attendee tokens tried on one chip from one address. */
  chipToken: { max: 10, windowMs: GUESS_WINDOW_MS, scope: 'chip, per client address' },
  /** Attendee tokens tried on one chip from all addresses. */
  chipTokenCeiling: { max: 50, windowMs: GUESS_WINDOW_MS, scope: 'chip, all addresses', delay: growing(20) },

  // ── Mail sent and addresses looked up ──────────────────────────────────
  /** Mails (codes, reset links) sent to one email at the request of one address. */
  emailSend: { max: 5, windowMs: GUESS_WINDOW_MS, scope: 'email, per client address' },
  /**
   * Mails sent to one email at the request of all addresses; also the ceiling of the known devices
   * together where strangers can make known devices themselves (a sign-up anyone may start).
   */
  emailSendCeiling: { max: 20, windowMs: GUESS_WINDOW_MS, scope: 'email, all addresses', delay: growing(10) },
  /** Mails sent to one email at the request of a device known for it (signed in to its account, or started its sign-up). */
  emailSendDevice: { max: 5, windowMs: GUESS_WINDOW_MS, scope: 'email, per known device' },
  /** Email lookups (has-email, verify-mail) from one address: they tell whether an account exists. */
  emailLookup: { max: 60, windowMs: 10 * MINUTE_MS, scope: 'client address' },

  // ── Public writes ──────────────────────────────────────────────────────
  /** Contact exchanges sent from one address: a public write, so it is limited against flooding a list. */
  exchange: { max: 30, windowMs: 10 * MINUTE_MS, scope: 'client address' },
  /**
   * Registrations for one event from one address: a family or an office registering together stays
   * well within it; a script draining the free seats does not.
   */
  registration: { max: 10, windowMs: HOUR_MS, scope: 'event, per client address' },
  /**
   * "Lost your ticket?" asks from one address, over every event and email: one person checks a few
   * addresses; a script probing the guest list of every event does not get far.
   */
  ticketResendAddress: { max: 10, windowMs: HOUR_MS, scope: 'client address, all events' },
  /**
   * Access mails sent again to one email for one event, at the request of anyone ("Lost your ticket?"):
   * the owner asks once or twice; nobody can fill that inbox.
   */
  ticketResendEmail: { max: 3, windowMs: HOUR_MS, scope: 'event and email, all addresses' },
  /**
   * Transfers of one ticket, counted over all its holders (a ticket's transfers share its first
   * registration): a ticket changes hands once or twice, it is not bounced between inboxes all day.
   */
  ticketTransfer: { max: 3, windowMs: 24 * HOUR_MS, scope: 'ticket, all its holders' },
  /** Name edits of one ticket by its holder: a typo fixed, not a stream of live changes. */
  ticketNameEdit: { max: 10, windowMs: HOUR_MS, scope: 'ticket' },
  /** Shop pre-order saves from one address. */
  shopPreorder: { max: 10, windowMs: HOUR_MS, scope: 'client address' },
  /** Shop orders started from one address (each one a pending order row and a provider payment). */
  shopOrder: { max: 20, windowMs: 15 * MINUTE_MS, scope: 'client address' },
  /** Upload requests from one address, whatever their size (anyone may upload: onboarding happens before sign-up). */
  uploads: { max: 60, windowMs: 10 * MINUTE_MS, scope: 'client address' },
  /**
   * Upload bytes stored: anyone may upload (onboarding comes before sign-up), so a visitor's uploads are
   * counted per client address, a signed-in person's per account. Onboarding needs one photo; an
   * organiser's event needs a banner and a gallery.
   */
  uploadBytesAnonymous: { max: 25 * MIB, windowMs: HOUR_MS, scope: 'client address, signed out', unit: 'bytes' },
  uploadBytesAccount: { max: 200 * MIB, windowMs: HOUR_MS, scope: 'account', unit: 'bytes' },

  // ── Arena chat ─────────────────────────────────────────────────────────
  /** Group and private posts of one attendee, slow mode or not. */
  chatPosts: { max: 10, windowMs: 10_000, scope: 'attendee' },
  /** Reports one attendee files, so nobody floods the organiser's queue (repeats of a report already made are not counted). */
  reports: { max: 20, windowMs: 10 * MINUTE_MS, scope: 'attendee' },
  /** Card or details shares one attendee sends. */
  shares: { max: 30, windowMs: HOUR_MS, scope: 'attendee' },

  // ── The gateway's /api budget ──────────────────────────────────────────
  /**
   * Requests to /api from one client address (the default of RATE_LIMIT_PER_MINUTE), over every gateway
   * instance. The realtime socket spends from it for each subscription it checks with the upstream, and
   * the public card's counting beacons have a budget of this size of their own.
   */
  apiRequests: { max: 600, windowMs: MINUTE_MS, scope: 'client address' },
  /** POSTs to sign-in and the public connect calls from one client address (the default of AUTH_RATE_LIMIT_PER_MINUTE). */
  apiAuthRequests: { max: 60, windowMs: MINUTE_MS, scope: 'client address, sign-in and public connect writes' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** At most `max` held at once (no window): checked each time one more is asked for. */
export interface Cap {
  max: number;
  /** Whose holdings one count counts. */
  scope: string;
}

export const CAPS = {
  /**
   * Open realtime sockets of one client address over every gateway instance (the default of
   * MAX_SOCKETS_PER_ADDRESS): a venue's Wi-Fi puts many phones behind one address.
   */
  socketsPerAddress: { max: 500, scope: 'client address' },
  /** Live subscriptions (pending ones included) of one realtime socket. */
  subscriptionsPerSocket: { max: 16, scope: 'socket' },
  /** Device credential entries one device's cookie keeps (accounts, sign-ups and cards it proved itself for), newest first. */
  deviceCredentialEntries: { max: 8, scope: 'device cookie' },
} as const satisfies Record<string, Cap>;

export type CapName = keyof typeof CAPS;

/** A token bucket: up to `capacity` at once, refilled by `perSecond` (a burst, then a steady rate). */
export interface Bucket {
  capacity: number;
  perSecond: number;
  /** Whose packets one bucket counts. */
  scope: string;
}

export const BUCKETS = {
  /** Packets (subscribe, resync, unsubscribe…) one realtime socket sends; a refused one is a strike. */
  socketPackets: { capacity: 20, perSecond: 5, scope: 'socket' },
} as const satisfies Record<string, Bucket>;

export type BucketName = keyof typeof BUCKETS;
