import type { Event } from '@tapcard/shared/contract';
import { eventTiming } from '@tapcard/shared/domain';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { EventDetail } from './EventDetail.js';
import { TEXTS } from './texts.js';

/** card/event/:id: a public event of a card, from the event however it was loaded (`failed`: it could not be). */
export function CardEventView({ id, link, event, failed }: { id: string; link: string | undefined; event: Event | undefined; failed: boolean }) {
  useBlockContextMenu();
  const now = useNow();
  if (failed) return <NotFoundView />;
  if (!event) return <LoadingScreen />;
  return (
    <Page>
      {link && <BackLink to={paths.cardEvents(link)}>{TEXTS.events}</BackLink>}
      <EventDetail
        event={event}
        ended={eventTiming(event, now) === 1}
        registerTo={paths.cardEventRegister(id, link)}
        registerLabel={TEXTS.register}
        viewAllTo={paths.cardEventAttendees(id, link)}
      />
    </Page>
  );
}
