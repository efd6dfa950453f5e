import type { EventLists } from '@tapcard/shared/contract';
import { useServerAnswer } from '../../lib/server-answer.js';
import type { VisitorPageProps } from '../../lib/ssr.js';
import { CardEventsView } from './CardEventsView.js';
import { cardEventsKey } from './visitor-keys.js';

/** card/event?link=: the server-rendered card's events, as the light entry hydrates them (no router). */
export function CardEventsVisit({ url, state }: VisitorPageProps) {
  const link = url.searchParams.get('link');
  const { data, failed } = useServerAnswer(
    state,
    link ? cardEventsKey(link) : null,
    (answer: { data: EventLists }) => answer.data,
    (signal) => import('./fetch-events.js').then(({ fetchCardEvents }) => fetchCardEvents(link ?? '', signal)),
  );
  return <CardEventsView link={link} events={data} failed={failed} />;
}
