import type { RouteObject } from 'react-router-dom';
import { routes } from '../../lib/paths.js';
import { routesWithProbes } from '../../test/render.js';
import { FaqPage, LandingPage, PreorderPage, PrivacyPolicyPage, ReturnPolicyPage, SupportChatPage } from './routes.js';

/** The landing area's routes as the app registers them, plus probes for where they lead. */
export const landingRoutes: RouteObject[] = routesWithProbes(
  [
    [routes.home, LandingPage],
    [routes.card, LandingPage],
    [routes.faq, FaqPage],
    [routes.preorder, PreorderPage],
    [routes.chat, SupportChatPage],
    [routes.privacyPolicy, PrivacyPolicyPage],
    [routes.returnPolicy, ReturnPolicyPage],
  ],
  [
    [routes.onboarding, 'onboarding page'],
    [routes.cardConnect, 'card page'],
  ],
);
