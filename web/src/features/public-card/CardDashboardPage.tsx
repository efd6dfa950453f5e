import { useSearchParams } from 'react-router-dom';
import { CardDashboardView } from './CardDashboardView.js';
import { usePublicCard } from './api.js';

/** card/dashboard?link=: the card's dashboard in the app (the server-rendered page is CardDashboardVisit). */
export function CardDashboardPage() {
  const [search] = useSearchParams();
  const link = search.get('link');
  const card = usePublicCard(link);
  return <CardDashboardView link={link} card={card.data} failed={card.isError} />;
}
