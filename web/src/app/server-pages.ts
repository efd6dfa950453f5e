import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { routes } from '../lib/paths.js';
import { visitorPages, type VisitorPage } from './visitor-pages.js';

/**
 * The pages the gateway renders on the server, so that a visitor's card, its events, a ticket, an arena
 * or the shop paint before any script arrives. Only pages whose first client render reads nothing of the
 * browser (the session, the cart, the screen size), so it matches: the shop shows its cart only once
 * hydrated. The event pages read the clock, and a render on either side of an event's start or end is
 * repaired by a client render. `module` is the route's source file, the build manifest's key for its
 * chunk and CSS.
 */
export interface ServerPage {
  path: string;
  module: string;
  /** False: leave this URL to the browser (e.g. a card tap's `/?id=` redirect). */
  accepts?: (url: URL) => boolean;
  /** Fills the query cache the page renders from (no retries: the render has a deadline). */
  prefetch?: (url: URL, client: QueryClient) => Promise<void>;
  /**
   * A page of the light entry (app/visitor-entry.tsx): rendered as that entry hydrates it, with its
   * scripts instead of the app's. `module` is then the visitor page's module.
   */
  visitor?: VisitorPage;
}

/** A page's query, fetched once: the render has a deadline, so no retries. */
function once<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<void> {
  return client.prefetchQuery({ ...options, retry: false });
}

/**
 * The prefetch of a page whose data is one query named by the URL: `key` reads the value the query
 * takes (a path parameter of `path`, or a search parameter), `load` fetches it.
 */
function prefetchOne(
  path: string,
  key: (url: URL, params: Record<string, string | undefined>) => string | null | undefined,
  load: (value: string, client: QueryClient) => Promise<void>,
) {
  return async (url: URL, client: QueryClient) => {
    const value = key(url, matchPath(path, url.pathname)?.params ?? {});
    if (value) await load(value, client);
  };
}

const publicCard = () => import('../features/public-card/routes.js');
const publicEvents = () => import('../features/public-events/routes.js');
const attendee = () => import('../features/attendee/routes.js');
const link = (url: URL) => url.searchParams.get('link');

const shopModule = 'src/features/shop/routes.tsx';
const cardPrefetch = prefetchOne(routes.cardConnect, link, async (value, client) => once(client, (await publicCard()).publicCardQuery(value)));

export const serverPages: ServerPage[] = [
  // A card tap (`/?id=`) is the app's to resolve.
  { path: routes.home, module: visitorPages.landing.module, visitor: visitorPages.landing, accepts: (url) => url.search === '' },
  // The shop's product (price, colours, texts) is in its code: nothing to fetch.
  { path: routes.getStarted, module: shopModule },
  { path: routes.getCard, module: shopModule },
  { path: routes.cardConnect, module: visitorPages.cardConnect.module, visitor: visitorPages.cardConnect, prefetch: cardPrefetch },
  { path: routes.cardDashboard, module: visitorPages.cardDashboard.module, visitor: visitorPages.cardDashboard, prefetch: cardPrefetch },
  { path: routes.cardLocked, module: visitorPages.cardLocked.module, visitor: visitorPages.cardLocked },
  {
    path: routes.cardEvents,
    module: visitorPages.cardEvents.module,
    visitor: visitorPages.cardEvents,
    prefetch: prefetchOne(routes.cardEvents, link, async (value, client) => once(client, (await publicEvents()).cardEventsQuery(value))),
  },
  {
    path: routes.cardEvent,
    module: visitorPages.cardEvent.module,
    visitor: visitorPages.cardEvent,
    prefetch: prefetchOne(routes.cardEvent, (_, p) => p.id, async (value, client) => once(client, (await publicEvents()).publicEventQuery(value))),
  },
  {
    path: routes.openEvent,
    module: visitorPages.openEvent.module,
    visitor: visitorPages.openEvent,
    prefetch: prefetchOne(routes.openEvent, (_, p) => p.id, async (value, client) => once(client, (await publicEvents()).openEventQuery(value))),
  },
  ...[routes.eventToken, routes.eventTicket].map((path) => ({
    path,
    module: visitorPages.ticket.module,
    visitor: visitorPages.ticket,
    prefetch: prefetchOne(path, (_, p) => p.tid, async (value, client) => {
      const { eventTokenQuery, ticketCancellationQuery, ticketQrKey } = await attendee();
      // The cancel step's read too: its refund policy is on the first paint, not pushed in after it.
      await Promise.all([once(client, eventTokenQuery(value)), once(client, ticketCancellationQuery(value))]);
      // The QR drawn here: the phone shows it without the QR library or computing it.
      const answer = client.getQueryData(eventTokenQuery(value).queryKey);
      if (answer) client.setQueryData(ticketQrKey(value), (await import('../features/attendee/qr-drawing.js')).drawQr(answer.data.ticket));
    }),
  })),
  // The arena and its chats with their latest messages; the live state comes with the app, which takes the page over.
  ...[routes.arena, routes.arenaChat, routes.arenaPrivateChat].map((path) => ({
    path,
    module: visitorPages.arena.module,
    visitor: visitorPages.arena,
    prefetch: prefetchOne(path, (_, p) => p.tid, async (value, client) => once(client, (await attendee()).arenaViewQuery(value))),
  })),
  // The door and a staff link: the desk's frame (the session is on the phone, never in the page); the app takes the page over.
  { path: routes.door, module: visitorPages.door.module, visitor: visitorPages.door },
  { path: routes.staffLink, module: visitorPages.door.module, visitor: visitorPages.door },
];
