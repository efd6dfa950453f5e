import type { Event } from '@tapcard/shared/contract';
import { matchPage } from '@tapcard/shared/pages';
import { routes } from '../../lib/paths.js';
import { useServerAnswer } from '../../lib/server-answer.js';
import type { VisitorPageProps } from '../../lib/ssr.js';
import { CardEventView } from './CardEventView.js';
import { publicEventKey } from './visitor-keys.js';

/** card/event/:id: the server-rendered event of a card, as the light entry hydrates it (no router). */
export function CardEventVisit({ url, state }: VisitorPageProps) {
  const id = matchPage(routes.cardEvent, url.pathname)?.id ?? '';
  const { data, failed } = useServerAnswer(
    state,
    id ? publicEventKey(id) : null,
    (answer: { data: Event }) => answer.data,
    (signal) => import('./fetch-events.js').then(({ fetchPublicEvent }) => fetchPublicEvent(id, signal)),
  );
  return <CardEventView id={id} link={url.searchParams.get('link') ?? undefined} event={data} failed={failed} />;
}
