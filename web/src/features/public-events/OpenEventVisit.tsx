import { useEffect, useState } from 'react';
import type { Event } from '@tapcard/shared/contract';
import { matchPage } from '@tapcard/shared/pages';
import { paths, routes } from '../../lib/paths.js';
import { useServerAnswer } from '../../lib/server-answer.js';
import type { VisitorPageProps } from '../../lib/ssr.js';
import { OpenEventView } from './OpenEventView.js';
import { openEventKey } from './visitor-keys.js';

/**
 * events/l/:id (the clean name): the server-rendered open event link, as the light entry hydrates it
 * (no router). A link with a former clean name is replaced in the address bar by the event's current
 * one, without a new history entry, as the app's page does.
 */
export function OpenEventVisit({ url, state }: VisitorPageProps) {
  const [cleanName, setCleanName] = useState(() => matchPage(routes.openEvent, url.pathname)?.id ?? '');
  const { data, failed } = useServerAnswer(
    state,
    cleanName ? openEventKey(cleanName) : null,
    (answer: { data: { event: Event } }) => answer.data.event,
    (signal) => import('./fetch-events.js').then(({ fetchOpenEvent }) => fetchOpenEvent(cleanName, signal)),
  );
  const current = data?.clean_name;
  useEffect(() => {
    if (!current || current === cleanName) return;
    window.history.replaceState(window.history.state, '', paths.openEvent(current));
    setCleanName(current);
  }, [cleanName, current]);
  return <OpenEventView cleanName={cleanName} event={data} failed={failed} />;
}
