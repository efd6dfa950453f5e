import { useSearchParams } from 'react-router-dom';
import { CardEventsView } from './CardEventsView.js';
import { useCardEvents } from './api.js';

/** card/event?link=: the card's events in the app (the server-rendered page is CardEventsVisit). */
export function CardEventsPage() {
  const [search] = useSearchParams();
  const link = search.get('link');
  const events = useCardEvents(link);
  return <CardEventsView link={link} events={events.data} failed={events.isError} />;
}
