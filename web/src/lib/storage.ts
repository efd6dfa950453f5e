/**
 * Browser storage under one key prefix, with the keys listed below. Values are JSON; a value that fails to
 * parse (hand-edited, or from an older build) reads as absent instead of crashing a page.
 */
export const STORAGE_PREFIX = 'tapcard:';

export const STORAGE_KEYS = [
  'authToken',
  'signupData',
  'googleQuery',
  'dashboardData',
  'cartItems',
  'transactionRef',
  'shipping',
  'lastActivity',
  /** Attendee access tokens entered on chip pages, by chip id (the chip chat posts with them). */
  'chipAccess',
  /** The organiser's unsaved event wizard (add or update), so a refresh loses nothing. */
  'eventDraft',
  /**
   * A change to the owner's card whose save found the session ended: kept through the sign-in (so not a
   * session key), saved by the connect page once the card's owner is back, dropped for anyone else.
   */
  'cardDraft',
  /** Chat messages not sent yet (waiting for the network, or failed), by event, sender and room. */
  'chatOutbox',
  /** The newest private message seen in each thread, by event, viewer and other party (unread marks). */
  'chatSeen',
  /**
   * Door sessions opened on this phone with staff links, by event id (a staff phone checks attendees
   * in with them). Not an account: kept through logout and the visitor wipe, ended by the organiser.
   */
  'doorSessions',
  /**
   * The visitor's last registration for a paid ticket: the form's values (a declined payment's 'Try
   * again' starts from them) and, while its seat is held, the payment (a reload keeps the way to pay
   * and to release the seat). Dropped once a ticket is issued.
   */
  'ticketRegistration',
  /**
   * The last live view of the arenas opened on this device (their chats included), by access token:
   * a visit with no network shows them. Only the newest few are kept; dropped when the token is refused.
   */
  'arenaViews',
  /** The last answer of the ticket pages opened on this device, by access token: the QR shows with no network. */
  'ticketAnswers',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

/** The keys that hold a person's session and personal data (cleared on logout, HTTP 401 and a password change). */
export const SESSION_KEYS: readonly StorageKey[] = ['authToken', 'signupData', 'googleQuery', 'dashboardData', 'chipAccess', 'eventDraft', 'chatOutbox', 'arenaViews', 'ticketAnswers'];

/**
 * A visitor's transient data: the only keys the 5-minute inactivity wipe clears, and only on a device
 * with no session. Never the session, the cart or a draft (the wizard's or the event's).
 */
export const VISITOR_TRANSIENT_KEYS: readonly StorageKey[] = ['googleQuery', 'chipAccess', 'dashboardData'];

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

/** Anything with zod's `safeParse` shape, or a plain guard: keeps zod out of the app shell's chunk. */
export type StoredParser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } } | ((value: unknown) => T | null);

export function readStored<T>(key: StorageKey, parser: StoredParser<T>): T | null {
  const raw = store()?.getItem(STORAGE_PREFIX + key);
  if (raw == null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof parser === 'function') return parser(value);
    const parsed = parser.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const asString = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
export const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads a key written by another spelling (e.g. an older build), for one-time migrations. */
export function readRaw(fullKey: string): string | null {
  return store()?.getItem(fullKey) ?? null;
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    store()?.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    /* quota exceeded or storage disabled: the app keeps working from memory */
  }
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) store()?.removeItem(STORAGE_PREFIX + key);
}

/** Removes every key under the prefix. */
export function clearAllStored(): void {
  const s = store();
  if (!s) return;
  for (const key of Object.keys(s)) if (key.startsWith(STORAGE_PREFIX)) s.removeItem(key);
}
