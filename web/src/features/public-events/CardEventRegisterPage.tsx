import { useParams, useSearchParams } from 'react-router-dom';
import { eventTiming } from '@tapcard/shared/domain';
import { EventNotice } from '../../components/EventNotice.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { RegisterForm } from './RegisterForm.js';
import { TEXTS } from './texts.js';
import { usePublicEvent } from './api.js';

/** card/event/:id/register: the registration form; a failure shows in red below the button. */
export function CardEventRegisterPage() {
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
      <BackLink to={paths.cardEvent(id, link)}>{TEXTS.backToEvent}</BackLink>
      {eventTiming(event.data, now) === 1 ? (
        <EventNotice status="concluded" event={event.data} />
      ) : (
        <>
          <h1>{event.data.title}</h1>
          <RegisterForm event={event.data} failure="inline" />
        </>
      )}
    </Page>
  );
}
