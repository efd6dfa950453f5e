import type { Event } from '@tapcard/shared/contract';
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

/**
 * events/l/:id (the clean name): the shared event link's overview, from the event however it was
 * loaded (`failed`: it could not be); an ended event shows the concluded notice.
 */
export function OpenEventView({ cleanName, event, failed }: { cleanName: string; event: Event | undefined; failed: boolean }) {
  useBlockContextMenu();
  const now = useNow();
  if (failed) return <NotFoundView />;
  if (!event) return <LoadingScreen />;
  if (eventTiming(event, now) === 1) {
    return (
      <Page>
        <EventNotice status="concluded" event={event} />
      </Page>
    );
  }
  return (
    <Page>
      <EventDetail event={event} ended={false} registerTo={paths.openEventRegister(cleanName)} registerLabel={TEXTS.registerNow} showCount />
    </Page>
  );
}
