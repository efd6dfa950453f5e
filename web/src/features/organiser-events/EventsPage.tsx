import { Menu, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Event } from '@tapcard/shared/contract';
import { ButtonLink } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { EmptyState, Page } from '../../components/Page.js';
import { SideMenu } from '../../components/SideMenu.js';
import { Tabs } from '../../components/Tabs.js';
import { useNow } from '../../lib/now.js';
import { routes } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import { EventCard, FeaturedEvent } from './EventCard.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';
import { useDeleteEvent, useEventLists } from './api.js';

/**
 * event: the organiser's events, Upcoming (the first featured) and Past, with delete behind 'Are you
 * sure?', and the signed-in side menu (the connect page's) to leave for the other areas.
 */
export function EventsPage() {
  const lists = useEventLists();
  const remove = useDeleteEvent();
  const now = useNow();
  const [pending, setPending] = useState<Event | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        notify.success(TEXTS.saved);
        setPending(null);
      },
      onError: (error) => notify.error(error.message),
    });
  };

  let body;
  if (lists.isPending) body = <LoadingScreen />;
  else if (lists.isError) body = <EmptyState title={lists.error.message} />;
  else if (lists.data.upcoming.length === 0 && lists.data.past.length === 0) body = <EmptyState title={TEXTS.noEvents} />;
  else {
    const [featured, ...rest] = lists.data.upcoming;
    body = (
      <Tabs
        label={TEXTS.events}
        items={[
          {
            value: 'upcoming',
            label: TEXTS.upcoming,
            content: featured ? (
              <ul className={styles.grid}>
                <FeaturedEvent event={featured} now={now} onDelete={setPending} />
                {rest.map((event) => (
                  <EventCard key={event.id} event={event} upcoming now={now} onDelete={setPending} />
                ))}
              </ul>
            ) : (
              <EmptyState title={TEXTS.noUpcoming} />
            ),
          },
          {
            value: 'past',
            label: TEXTS.past,
            content:
              lists.data.past.length > 0 ? (
                <ul className={styles.grid}>
                  {lists.data.past.map((event) => (
                    <EventCard key={event.id} event={event} upcoming={false} now={now} onDelete={setPending} />
                  ))}
                </ul>
              ) : (
                <EmptyState title={TEXTS.noPast} />
              ),
          },
        ]}
      />
    );
  }

  return (
    <Page wide>
      <div className={styles.header}>
        <div className={styles.headerTitle}>
          <button type="button" className={styles.iconButton} onClick={() => setMenuOpen(true)} aria-label={TEXTS.openMenu}>
            <Menu aria-hidden />
          </button>
          <h1>{TEXTS.events}</h1>
        </div>
        <ButtonLink to={routes.eventAdd}>
          <Plus aria-hidden size={18} />
          {TEXTS.createEvent}
        </ButtonLink>
      </div>
      {body}
      <SideMenu open={menuOpen} onOpenChange={setMenuOpen} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={TEXTS.areYouSure}
        description={pending?.title}
        confirmLabel={TEXTS.delete}
        cancelLabel={TEXTS.cancel}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </Page>
  );
}
