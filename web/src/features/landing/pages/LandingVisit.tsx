import { LandingView } from '../components/LandingView.js';

/**
 * The landing page as the light visitor entry hydrates it (`/` without a query: a card tap's `/?id=`
 * stays with the app, which resolves it). No router: its links load their pages.
 */
export function LandingVisit() {
  return <LandingView />;
}
