/**
 * The web pages other packages link to (emails, answers, the seed's summary, tests): their route
 * patterns (`:name` marks a parameter, as the web router reads it), a builder for each, and a
 * matcher that reads the parameters back out of a link. The web app registers the same patterns.
 */

export const pagePatterns = {
  /** The landing page; with ?id=&type= it resolves a card tap, as cardTap does. */
  home: '/',
  /** The emailed link to choose a new password. */
  resetPassword: '/reset-password/:token',
  /** Where a new physical card's owner creates their card (?id=&type= name the card). */
  onboarding: '/onboarding',
  /** Where the OpenID provider sends the person back after social sign-in (the redirect_uri). */
  signInWithGoogle: '/sign-in-with-google',
  /** The organiser's event page. */
  events: '/event',
  event: '/event/:id',
  /** A card owner's public card page. */
  cardConnect: '/card/connect',
  /** A card's tap address: resolves the card (by id and type) to its page. */
  cardTap: '/card',
  /** Where a locked card's tap leads: a neutral page that shows nothing of the card's owner. */
  cardLocked: '/card/locked',
  eventToken: '/event/u/token/:tid',
  eventTicket: '/event/u/ticket/:tid',
  /** The emailed link that confirms a free registration. */
  eventConfirm: '/event/u/confirm/:token',
  /** A shop order's details (?reference= names the order); linked from the order confirmation mail. */
  orderDetails: '/payment/order-details',
  /** Where the payment provider sends the payer back after paying for a ticket. */
  ticketPaymentSuccessful: '/event/p/ticket/successful',
  arena: '/event/u/arena/:tid',
  arenaChat: '/event/u/arena/:tid/chat',
  arenaPrivateChat: '/event/u/arena/:tid/chat/:aid',
  openEvent: '/events/l/:id',
  openEventRegister: '/events/l/:id/register',
  /**
   * The link of a "Lost your ticket?" mail (`:id` the event's clean name): opening it replaces the
   * ticket's access link and goes to the new one.
   */
  ticketRecovery: '/events/l/:id/recover-ticket/:token',
  /** The unsubscribe link of an organiser's message mail: a page whose button stops the event's messages. */
  messageUnsubscribe: '/events/unsubscribe/:token',
  chip: '/events/d/chip/i/:chip_id',
  chipChat: '/events/d/chip/i/:chip_id/chat',
  /** A staff link: opening it gives the phone a door session for one event and gate (the secret is the link's own). */
  staffLink: '/door/:secret',
  /** A staff phone's door page (the door sessions it holds are on the phone). */
  door: '/door',
} as const;

/**
 * How a visitor came to a public card, as its analytics count views: a tap of the physical card, a
 * scan of the owner's QR code, the card's link shared anywhere (the default), or an event's arena.
 */
export const CARD_VIEW_SOURCES = ['tap', 'qr', 'link', 'arena'] as const;
export type CardViewSource = (typeof CARD_VIEW_SOURCES)[number];
/** The query parameter of a public card's address that names the view's source. */
export const CARD_SOURCE_PARAM = 'src';

/**
 * Where the public card's counting beacons are sent (the contract's beaconCalls). A visitor's address
 * is never stored for them, not even in a request log. Here, with no schema, so that the card page
 * sends its counts without loading the contract.
 */
export const CARD_STATS_PATH = '/connect/public/api/stats';
export const CARD_BEACON_PATHS = { cardView: `${CARD_STATS_PATH}/view`, linkClick: `${CARD_STATS_PATH}/click` } as const;

/**
 * Where a staff phone trades a staff link's secret for a door session (the contract's
 * doorCalls.openStaffLink). Here, with no schema, so that the door's light page opens the link without
 * loading the contract.
 */
export const DOOR_OPEN_PATH = '/event/door/api/open';

/**
 * Pages a service worker precaches as its offline shell (the door's, web/vite.config.ts): the worker
 * fetches them with a plain request (Accept: any type), which the gateway answers with the page as a
 * browser's navigation gets it, not with a 404 as an unknown file.
 */
export const PRECACHED_PAGES: readonly string[] = [pagePatterns.door];

export type PagePattern = (typeof pagePatterns)[keyof typeof pagePatterns];

/** The parameter names of a route pattern: '/event/u/arena/:tid/chat/:aid' gives 'tid' | 'aid'. */
export type PageParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PageParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

const PARAM = /:([A-Za-z_]+)/g;
const e = encodeURIComponent;

/** The path of `pattern` with each parameter filled in (URL-encoded). */
export function pagePath<P extends string>(pattern: P, params: Record<PageParams<P>, string>): string {
  const values = params as Record<string, string>;
  return pattern.replace(PARAM, (_match, name: string) => e(values[name] ?? ''));
}

const tapQuery = (cardId: string, type: string): string => `?id=${e(cardId)}&type=${e(type)}`;

/** Links to the pages above. */
export const pages = {
  /** With the trailing slash the reset mail has always carried. */
  resetPassword: (token: string) => `${pagePath(pagePatterns.resetPassword, { token })}/`,
  event: (id: string) => pagePath(pagePatterns.event, { id }),
  /** The public card; `source` says how the visitor came (counted once by the page, then dropped from the address). */
  cardConnect: (link: string, source?: CardViewSource) =>
    `${pagePatterns.cardConnect}?link=${e(link)}${source ? `&${CARD_SOURCE_PARAM}=${source}` : ''}`,
  cardLocked: () => pagePatterns.cardLocked,
  cardTap: (cardId: string, type: string) => `${pagePatterns.cardTap}${tapQuery(cardId, type)}`,
  onboarding: (cardId: string, type: string) => `${pagePatterns.onboarding}${tapQuery(cardId, type)}`,
  /** The address written on a card (its NFC tag or QR code). */
  printedCardTap: (cardId: string, type: string) => `${pagePatterns.home}${tapQuery(cardId, type)}`,
  orderDetails: (reference: string) => `${pagePatterns.orderDetails}?reference=${e(reference)}`,
  eventToken: (tid: string) => pagePath(pagePatterns.eventToken, { tid }),
  eventTicket: (tid: string) => pagePath(pagePatterns.eventTicket, { tid }),
  eventConfirm: (token: string) => pagePath(pagePatterns.eventConfirm, { token }),
  arena: (tid: string) => pagePath(pagePatterns.arena, { tid }),
  arenaChat: (tid: string) => pagePath(pagePatterns.arenaChat, { tid }),
  arenaPrivateChat: (tid: string, aid: string) => pagePath(pagePatterns.arenaPrivateChat, { tid, aid }),
  openEvent: (cleanName: string) => pagePath(pagePatterns.openEvent, { id: cleanName }),
  openEventRegister: (cleanName: string) => pagePath(pagePatterns.openEventRegister, { id: cleanName }),
  ticketRecovery: (cleanName: string, token: string) => pagePath(pagePatterns.ticketRecovery, { id: cleanName, token }),
  messageUnsubscribe: (token: string) => pagePath(pagePatterns.messageUnsubscribe, { token }),
  chip: (chipId: string) => pagePath(pagePatterns.chip, { chip_id: chipId }),
  chipChat: (chipId: string) => pagePath(pagePatterns.chipChat, { chip_id: chipId }),
  staffLink: (secret: string) => pagePath(pagePatterns.staffLink, { secret }),
} as const;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The parameters of `link` when it is a link to `pattern` (a path, or an absolute URL whose path
 * is), decoded; undefined otherwise. A trailing slash, a query and a fragment are allowed.
 */
export function matchPage<P extends string>(pattern: P, link: string): Record<PageParams<P>, string> | undefined {
  const names: string[] = [];
  const source = pattern
    .split(PARAM)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '([^/?#]+)';
    })
    .join('');
  const match = new RegExp(`^(?:[a-z][a-z\\d+.-]*://[^/?#]*)?${source}/?(?:[?#].*)?$`, 'i').exec(link.trim());
  if (!match) return undefined;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return params as Record<PageParams<P>, string>;
}
