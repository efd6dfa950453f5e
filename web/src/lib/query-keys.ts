/**
 * Every query key of the web, one factory per query, named after the contract call it caches (the
 * country list is the one read that is no call). A key starts with its factory's name, so a family of
 * queries is found by that first element (isQuery); the organiser's event queries share the prefix
 * `organiserEvents()`, so an event saved or deleted refreshes them all.
 */

const ORGANISER_EVENTS = ['organiserEvents'] as const;

export const queryKeys = {
  /** The signed-in owner's card (get-card); saving the card writes its answer here. */
  getCard: () => ['getCard'] as const,
  getContacts: () => ['getContacts'] as const,
  listSessions: () => ['listSessions'] as const,
  /** The owner's physical cards (my-cards); a lock, unlock or replace writes its answer here. */
  myCards: () => ['myCards'] as const,
  userProfile: () => ['userProfile'] as const,
  /** The owner's card analytics over a range of days (card-analytics). */
  cardAnalytics: (days: number) => ['cardAnalytics', days] as const,
  /** A physical card's identity (confirm-card-id); kept through onboarding's cache reset. */
  confirmCardId: (cardId: string | null) => ['confirmCardId', cardId] as const,
  /** The Google sign-in callback, once per callback query string. */
  googleLogin: (search: string) => ['googleLogin', search] as const,
  /** Whether social sign-in is configured, and the provider's name for the login button. */
  socialProvider: () => ['socialProvider'] as const,
  /** Where a tapped card goes (load-route). */
  loadRoute: (cardId: string, type: string) => ['loadRoute', cardId, type] as const,
  /** A public card by link (connect-vcard). */
  connectVcard: (link: string) => ['connectVcard', link] as const,

  /** Every organiser event query below starts with this. */
  organiserEvents: () => ORGANISER_EVENTS,
  listEvents: () => [...ORGANISER_EVENTS, 'listEvents'] as const,
  getEvent: (id: string) => [...ORGANISER_EVENTS, 'getEvent', id] as const,
  adminEvent: (id: string) => [...ORGANISER_EVENTS, 'adminEvent', id] as const,
  /** The event's staff links (list-staff-links). */
  listStaffLinks: (id: string) => [...ORGANISER_EVENTS, 'listStaffLinks', id] as const,
  /** The event's door settings (door-settings). */
  doorSettings: (id: string) => [...ORGANISER_EVENTS, 'doorSettings', id] as const,
  /** The event's door conflicts as of the live view's version (list-door-conflicts): a new version reads them again. */
  listDoorConflicts: (id: string, version: number) => [...ORGANISER_EVENTS, 'listDoorConflicts', id, version] as const,
  /**
   * The event's moderation page data (moderation: reports, mutes, log) as of the live view's version, so
   * a new version reads it again; without a version, the key every version's starts with (to refresh them all).
   */
  moderation: (id: string, version?: number) => (version === undefined ? ([...ORGANISER_EVENTS, 'moderation', id] as const) : ([...ORGANISER_EVENTS, 'moderation', id, version] as const)),

  publicEvent: (id: string) => ['publicEvent', id] as const,
  openEvent: (cleanName: string) => ['openEvent', cleanName] as const,
  cardEvents: (link: string) => ['cardEvents', link] as const,
  eventAttendees: (id: string) => ['eventAttendees', id] as const,
  eventToken: (tid: string) => ['eventToken', tid] as const,
  /** The arena's first screen as the server render reads it (from event-token, less the chats). */
  arenaSeed: (tid: string) => ['arenaSeed', tid] as const,
  /** The attendee's own privacy settings and the attendees they blocked, with names (arena-safety). */
  arenaSafety: (tid: string) => ['arenaSafety', tid] as const,
  chip: (chipId: string) => ['chip', chipId] as const,
  /** What a door session on this phone is for (door-session), by event id. */
  doorSession: (eventId: string) => ['doorSession', eventId] as const,
  /** A door session's attendee search (door-search). */
  doorSearch: (eventId: string, text: string) => ['doorSearch', eventId, text] as const,

  getOrder: (reference: string | null) => ['getOrder', reference] as const,
  /** The shop's country names (a lazily loaded list, no call). */
  countries: () => ['countries'] as const,
};

export type QueryName = keyof typeof queryKeys;

/**
 * Whether a cached query's key was made by the factory `name`, whatever its arguments (the organiser's
 * event queries all count as 'organiserEvents').
 */
export function isQuery(queryKey: readonly unknown[], name: QueryName): boolean {
  return queryKey[0] === name;
}
