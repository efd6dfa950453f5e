import type { RouteObject } from 'react-router-dom';
import { routes } from '../../lib/paths.js';
import { LocationProbe } from '../../test/render.js';
import { FaqPage, LandingPage, PreorderPage, PrivacyPolicyPage, ReturnPolicyPage, SupportChatPage } from './routes.js';

/** The landing area's routes as the app registers them, plus probes for where they lead. */
export const landingRoutes: RouteObject[] = [
  { path: routes.home, Component: LandingPage },
  { path: routes.card, Component: LandingPage },
  { path: routes.faq, Component: FaqPage },
  { path: routes.preorder, Component: PreorderPage },
  { path: routes.chat, Component: SupportChatPage },
  { path: routes.privacyPolicy, Component: PrivacyPolicyPage },
  { path: routes.returnPolicy, Component: ReturnPolicyPage },
  { path: routes.onboarding, element: <LocationProbe label="onboarding page" /> },
  { path: routes.cardConnect, element: <LocationProbe label="card page" /> },
  { path: routes.notFound, element: <LocationProbe label="not found page" /> },
  { path: routes.noInternet, element: <LocationProbe label="no internet page" /> },
];
