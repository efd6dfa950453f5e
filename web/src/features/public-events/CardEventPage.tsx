import { useParams, useSearchParams } from 'react-router-dom';
import { eventTiming } from '@tapcard/shared/domain';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { EventDetail } from './EventDetail.js';
import { TEXTS } from './texts.js';
import { usePublicEvent } from './usePublicEvent.js';

/** card/event/:id: a public event of a card. */
export function CardEventPage() {
  useBlockContextMenu();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const link = search.get('link') ?? undefined;
  const event = usePublicEvent(id);
  const now = useNow();
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  return (
    <Page>
      {link && <BackLink to={paths.cardEvents(link)}>{TEXTS.events}</BackLink>}
      <EventDetail
        event={event.data}
        ended={eventTiming(event.data, now) === 1}
        registerTo={paths.cardEventRegister(id, link)}
        registerLabel={TEXTS.register}
        viewAllTo={paths.cardEventAttendees(id, link)}
      />
    </Page>
  );
}
