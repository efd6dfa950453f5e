import { useParams, useSearchParams } from 'react-router-dom';
import { CardEventView } from './CardEventView.js';
import { usePublicEvent } from './api.js';

/** card/event/:id: a public event of a card in the app (the server-rendered page is CardEventVisit). */
export function CardEventPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const event = usePublicEvent(id);
  return <CardEventView id={id} link={search.get('link') ?? undefined} event={event.data} failed={event.isError} />;
}
