import { StrictMode, useEffect, type ComponentType } from 'react';
import { matchPage } from '@tapcard/shared/pages';
import { OfflineBanner } from '../components/OfflineBanner.js';
import { Toasts } from '../components/Toasts.js';
import { routes } from '../lib/paths.js';
import type { VisitorPageProps } from '../lib/ssr.js';

/**
 * The visitor pages the light entry (visitor-entry.tsx) hydrates instead of the app: server-rendered,
 * read-only pages that need no router, no session and no schema. `module` is the page's source file,
 * the build manifest's key for its chunk and CSS; each page is a chunk of its own, so one page's
 * first render does not carry another's parts.
 */
export interface VisitorPage {
  module: string;
  load: () => Promise<ComponentType<VisitorPageProps>>;
}

export { VISITOR_ENTRY } from './entries.js';

export const visitorPages = {
  cardConnect: {
    module: 'src/features/public-card/CardConnectVisit.tsx',
    load: () => import('../features/public-card/CardConnectVisit.js').then((m) => m.CardConnectVisit),
  },
  cardDashboard: {
    module: 'src/features/public-card/CardDashboardVisit.tsx',
    load: () => import('../features/public-card/CardDashboardVisit.js').then((m) => m.CardDashboardVisit),
  },
  cardLocked: {
    module: 'src/features/public-card/CardLockedPage.tsx',
    load: () => import('../features/public-card/CardLockedPage.js').then((m) => m.CardLockedPage),
  },
  landing: {
    module: 'src/features/landing/pages/LandingVisit.tsx',
    load: () => import('../features/landing/pages/LandingVisit.js').then((m) => m.LandingVisit),
  },
  cardEvents: {
    module: 'src/features/public-events/CardEventsVisit.tsx',
    load: () => import('../features/public-events/CardEventsVisit.js').then((m) => m.CardEventsVisit),
  },
  cardEvent: {
    module: 'src/features/public-events/CardEventVisit.tsx',
    load: () => import('../features/public-events/CardEventVisit.js').then((m) => m.CardEventVisit),
  },
  openEvent: {
    module: 'src/features/public-events/OpenEventVisit.tsx',
    load: () => import('../features/public-events/OpenEventVisit.js').then((m) => m.OpenEventVisit),
  },
  ticket: {
    module: 'src/features/attendee/TicketVisit.tsx',
    load: () => import('../features/attendee/TicketVisit.js').then((m) => m.TicketVisit),
  },
  arena: {
    module: 'src/features/attendee/ArenaVisit.tsx',
    load: () => import('../features/attendee/ArenaVisit.js').then((m) => m.ArenaVisit),
  },
  door: {
    module: 'src/features/door/DoorVisit.tsx',
    load: () => import('../features/door/DoorVisit.js').then((m) => m.DoorVisit),
  },
} satisfies Record<string, VisitorPage>;

/** Each visitor page's route pattern, as the app's router and the server render match it. */
const visitorRoutes: [string, VisitorPage][] = [
  [routes.cardConnect, visitorPages.cardConnect],
  [routes.cardDashboard, visitorPages.cardDashboard],
  [routes.cardLocked, visitorPages.cardLocked],
  [routes.cardEvents, visitorPages.cardEvents],
  [routes.cardEvent, visitorPages.cardEvent],
  [routes.openEvent, visitorPages.openEvent],
  [routes.eventToken, visitorPages.ticket],
  [routes.eventTicket, visitorPages.ticket],
  [routes.arena, visitorPages.arena],
  [routes.arenaChat, visitorPages.arena],
  [routes.arenaPrivateChat, visitorPages.arena],
  [routes.door, visitorPages.door],
  [routes.staffLink, visitorPages.door],
  [routes.home, visitorPages.landing],
];

/** The visitor page at `pathname`. */
export function visitorPageAt(pathname: string): VisitorPage | undefined {
  return visitorRoutes.find(([pattern]) => matchPage(pattern, pathname))?.[1];
}

function Ready() {
  useEffect(() => {
    // As the app's shell does: the page is the scripts' now (browser journeys wait for it before they click).
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/** A visitor page with the parts of the app's shell it uses; the server and the browser render this same tree. */
export function VisitorRoot({ Page, ...props }: VisitorPageProps & { Page: ComponentType<VisitorPageProps> }) {
  return (
    <StrictMode>
      <OfflineBanner />
      <Page {...props} />
      <Toasts />
      <Ready />
    </StrictMode>
  );
}
