import type { VisitorPageProps } from '../../lib/ssr.js';
import { CardDashboardView } from './CardDashboardView.js';
import { useVisitorCard } from './useVisitorCard.js';

/** card/dashboard?link=: the server-rendered card dashboard, as the light entry hydrates it (no router). */
export function CardDashboardVisit({ url, state }: VisitorPageProps) {
  const link = url.searchParams.get('link');
  const { card, failed } = useVisitorCard(link, state);
  return <CardDashboardView link={link} card={card} failed={failed} />;
}
