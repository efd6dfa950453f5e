import { useParams } from 'react-router-dom';
import { eventTiming } from '@tapcard/shared/domain';
import { EventNotice } from '../../components/EventNotice.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { EventDetail } from './EventDetail.js';
import { TEXTS } from './texts.js';
import { useCurrentOpenLink, useOpenEvent } from './usePublicEvent.js';

/** events/l/:id (the clean name): the shared event link's overview; an ended event shows the concluded notice. */
export function OpenEventPage() {
  useBlockContextMenu();
  const { id: cleanName = '' } = useParams();
  const event = useOpenEvent(cleanName);
  const now = useNow();
  useCurrentOpenLink(cleanName, event.data?.clean_name, paths.openEvent);
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  if (eventTiming(event.data, now) === 1) {
    return (
      <Page>
        <EventNotice status="concluded" event={event.data} />
      </Page>
    );
  }
  return (
    <Page>
      <EventDetail event={event.data} ended={false} registerTo={paths.openEventRegister(cleanName)} registerLabel={TEXTS.registerNow} showCount />
    </Page>
  );
}
