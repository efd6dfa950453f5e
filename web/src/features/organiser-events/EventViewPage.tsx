import { MessagesSquare, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AVATARS } from '@tapcard/shared/constants';
import { formatEventDate, isUpcoming, offersGetChips, startIsInFuture } from '@tapcard/shared/domain';
import { AvatarStack } from '../../components/AvatarStack.js';
import { Button, ButtonLink } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { EventBanner } from '../../components/EventBanner.js';
import { GallerySection } from '../../components/GalleryGrid.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Spinner } from '../../components/Spinner.js';
import { BackLink, Page } from '../../components/Page.js';
import { TicketList } from '../../components/TicketList.js';
import { useNow } from '../../lib/now.js';
import { paths, routes } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import styles from './Organiser.module.css';
import { EditDeleteIcons } from './EditDeleteIcons.js';
import { TEXTS } from './texts.js';
import { useDeleteEvent, useEvent } from './api.js';

// The staff links (and their QR code) load after the page renders: not in its first-render JS.
const StaffLinksSection = lazy(() => import('./StaffLinksSection.js').then((m) => ({ default: m.StaffLinksSection })));
const ReminderSettingsSection = lazy(() => import('./ReminderSettingsSection.js').then((m) => ({ default: m.ReminderSettingsSection })));

/** The open link of an event, built from its clean name. */
export function openLink(cleanName: string): string {
  return `${window.location.origin}${paths.openEvent(cleanName)}`;
}

async function copy(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

/**
 * event/:id: the organiser's view of an event. Edit follows the list's rule (upcoming, i.e. not ended,
 * events only); Get Chips shows while the event runs (offersGetChips); the chats link reads Chat
 * History while the start date is in the future.
 */
export function EventViewPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  const remove = useDeleteEvent();
  const navigate = useNavigate();
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  if (event.isError) return <NotFoundView />;
  if (!event.data) return <LoadingScreen />;
  const data = event.data;
  const upcoming = isUpcoming(data, now);

  const share = () =>
    copy(openLink(data.clean_name)).then(
      () => notify.success(TEXTS.copied),
      () => notify.error(TEXTS.copyFailed),
    );
  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => void navigate(routes.events, { replace: true }),
      onError: (error) => notify.error(error.message),
    });

  return (
    <Page>
      <BackLink to={routes.events}>{TEXTS.backToEvents}</BackLink>
      <div className={styles.titleRow}>
        <h1>{data.title}</h1>
        <div className={styles.titleActions}>
          <EditDeleteIcons eventId={id} title={data.title} editable={upcoming} onDelete={() => setConfirming(true)} />
        </div>
      </div>
      <p className={styles.date}>
        <time dateTime={data.start_date}>{formatEventDate(data.start_date)}</time>
        {data.end_date && (
          <>
            {' – '}
            <time dateTime={data.end_date}>{formatEventDate(data.end_date)}</time>
          </>
        )}
      </p>
      <EventBanner image={data.image} title={data.title} eager />
      <div className={styles.stack}>
        <p className={styles.preWrap}>{data.description}</p>
        <p>
          <strong>{TEXTS.location}:</strong> {data.location}
        </p>
        <div className={styles.actionsRow}>
          <Button variant="secondary" onClick={() => void share()}>
            <Share2 aria-hidden size={18} />
            {TEXTS.shareNow}
          </Button>
          {offersGetChips(data, now) && (
            <ButtonLink to={paths.eventGetChips(id)} variant="secondary">
              {TEXTS.getChips}
            </ButtonLink>
          )}
          <ButtonLink to={paths.eventChat(id)} variant="secondary">
            <MessagesSquare aria-hidden size={18} />
            {startIsInFuture(data, now) ? TEXTS.chatHistory : TEXTS.chats}
          </ButtonLink>
        </div>
        <section aria-labelledby="view-tickets-title">
          <h2 id="view-tickets-title">{TEXTS.tickets}</h2>
          <TicketList prices={data.prices} />
        </section>
        <section aria-labelledby="view-attendees-title">
          <div className={styles.sectionHead}>
            <h2 id="view-attendees-title">{TEXTS.attendees}</h2>
            <Link to={paths.eventAttendees(id)}>{TEXTS.viewAll}</Link>
          </div>
          <AvatarStack people={data.attendees} max={AVATARS.organiser} empty={TEXTS.noAttendees} />
        </section>
        <Suspense fallback={<Spinner size={24} />}>
          <StaffLinksSection eventId={id} />
        </Suspense>
        {startIsInFuture(data, now) && (
          <Suspense fallback={<Spinner size={24} />}>
            <ReminderSettingsSection eventId={id} />
          </Suspense>
        )}
        <GallerySection titleId="view-gallery-title" title={TEXTS.gallery} items={data.gallery} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={TEXTS.deleteEventQuestion}
        confirmLabel={TEXTS.yes}
        cancelLabel={TEXTS.no}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </Page>
  );
}
