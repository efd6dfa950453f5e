import { useParams } from 'react-router-dom';
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
import { useCurrentOpenLink, useOpenEvent } from './api.js';

/** events/l/:id/register: registration from the shared event link; a failure opens the 'Something Went Wrong!' dialog. */
export function OpenEventRegisterPage() {
  useBlockContextMenu();
  const { id: cleanName = '' } = useParams();
  const event = useOpenEvent(cleanName);
  const now = useNow();
  useCurrentOpenLink(cleanName, event.data?.clean_name, paths.openEventRegister);
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  return (
    <Page>
      <BackLink to={paths.openEvent(cleanName)}>{TEXTS.backToEvent}</BackLink>
      {eventTiming(event.data, now) === 1 ? (
        <EventNotice status="concluded" event={event.data} />
      ) : (
        <>
          <h1>{event.data.title}</h1>
          <RegisterForm event={event.data} failure="dialog" />
        </>
      )}
    </Page>
  );
}
