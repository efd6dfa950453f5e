import { CheckCircle2, Mail, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AdminEvent } from '@tapcard/shared/contract';
import { capacity, formatEventDate, insideCount } from '@tapcard/shared/domain';
import type { ViewOf } from '@tapcard/shared/realtime';
import { Button, ButtonLink } from '../../components/Button.js';
import { InsideCount } from '../../components/InsideCount.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, BackLink, EmptyState, Page } from '../../components/Page.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import { CancelledAttendees } from './CancelledAttendees.js';
import { GateCounts } from './GateCounts.js';
import { HiddenMark } from './HiddenMark.js';
import { muteText } from './moderation-words.js';
import moderation from './Moderation.module.css';
import styles from './Organiser.module.css';
import { firstOrganiserView, openReportCount } from './organiser-view.js';
import { MESSAGE_TEXTS } from './messages-texts.js';
import { MODERATION_TEXTS } from './moderation-texts.js';
import { TEXTS } from './texts.js';
import { useCancelledAttendees } from './api.js';
import { useOrganiserEvent } from './useOrganiserEvent.js';

// Loaded after the first render: the door's calls and the CSV writer are not needed to show the count,
// nor the attendee dialog's check-in, mute, resend and cancel to show the attendees.
const DoorConflicts = lazy(() => import('./DoorConflicts.js').then((m) => ({ default: m.DoorConflicts })));
const AttendeeDialog = lazy(() => import('./AttendeeDialog.js').then((m) => ({ default: m.AttendeeDialog })));

/**
 * event/:id/view-attendees: the live 'checked-in / total stock' count (insideCount, the door's and the
 * projector's count too) and the attendee grid with
 * check-in, each attendee's mute and whether they hide from public lists, and the way to moderation.
 */
export function EventAttendeesPage() {
  const { id, admin, live } = useOrganiserEvent();
  const cancelled = useCancelledAttendees(id);
  const now = useNow(15_000);
  const [selected, setSelected] = useState<string | null>(null);
  if (admin.isError || live.error) return <NotFoundView />;
  if (!admin.data) return <LoadingScreen />;
  const liveView = live.view ?? firstOrganiserView(admin.data);
  // A cancelled attendee leaves the grid at once, whatever the live view has seen so far.
  const cancelledIds = new Set((cancelled.data ?? []).map((a) => a.id));
  const view = cancelledIds.size === 0 ? liveView : { ...liveView, attendees: liveView.attendees.filter((a) => !cancelledIds.has(a.id)) };
  const openReports = openReportCount(view);
  const inside = insideCount(view.attendees, capacity(admin.data.prices));
  const chosen = view.attendees.find((a) => a.id === selected) ?? null;
  return (
    <Page wide>
      <BackLink to={paths.event(id)}>{TEXTS.backToEvent}</BackLink>
      <div className={styles.header}>
        <div>
          <h1>{view.event.title}</h1>
          <p className={styles.date}>
            <time dateTime={view.event.start_date}>{formatEventDate(view.event.start_date)}</time>
          </p>
        </div>
        <ButtonLink to={paths.eventGetCards(id)}>{TEXTS.getCards}</ButtonLink>
      </div>
      <LiveStatus connection={live.connection} stale={live.stale} hasView={live.view !== null} />
      <InsideCount count={inside} testId="checked-in-count" className={styles.countBlock} labelClassName={styles.countLabel} valueClassName={styles.count} />
      <GateCounts attendees={view.attendees} />
      <div className={styles.doorTools}>
        <ExportCsvButton view={view} admin={admin.data} />
        <ButtonLink variant="secondary" to={paths.eventLive(id)}>
          {TEXTS.projectorView}
        </ButtonLink>
        <ButtonLink variant="secondary" to={paths.eventMessages(id)}>
          <Mail aria-hidden size={18} />
          {MESSAGE_TEXTS.messages}
        </ButtonLink>
        <ButtonLink variant="secondary" to={paths.eventModeration(id)}>
          <ShieldAlert aria-hidden size={18} />
          {MODERATION_TEXTS.moderation}
          {openReports > 0 && <span className={moderation.badge}>{MODERATION_TEXTS.openReports(openReports)}</span>}
        </ButtonLink>
      </div>
      <Suspense fallback={null}>
        <DoorConflicts eventId={id} version={view.version} />
      </Suspense>
      {view.attendees.length === 0 ? (
        <EmptyState title={TEXTS.noAttendees} />
      ) : (
        <ul className={styles.attendees}>
          {view.attendees.map((attendee) => {
            const muted = muteText(attendee.mute, now);
            return (
              <li key={attendee.id}>
                <button type="button" className={styles.attendee} onClick={() => setSelected(attendee.id)} aria-haspopup="dialog">
                  <span className={styles.attendeeAvatar}>
                    <Avatar src={attendee.image} name={attendee.name} size={56} alt="" />
                    {attendee.checked_in && (
                      <span className={styles.check}>
                        <CheckCircle2 aria-hidden size={20} />
                        <span className="visually-hidden">{TEXTS.checkedIn}</span>
                      </span>
                    )}
                  </span>
                  <span className={styles.attendeeName}>{attendee.name}</span>
                  <span className={styles.muted}>{attendee.price_category}</span>
                  {muted && <span className={moderation.mutedState}>{muted}</span>}
                  {attendee.hidden && <HiddenMark />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <CancelledAttendees list={cancelled.data} failed={cancelled.isError} onRetry={() => void cancelled.refetch()} />
      <Suspense fallback={null}>
        <AttendeeDialog
          eventId={view.eventId}
          attendee={chosen}
          onClose={() => setSelected(null)}
          applyLocal={live.applyLocal}
          view={view}
          ticketAmount={admin.data.prices.find((p) => p.title === chosen?.price_category)?.amount ?? 0}
        />
      </Suspense>
    </Page>
  );
}

/** Downloads the attendees as shown (the live view), with each one's email from the event's data. */
function ExportCsvButton({ view, admin }: { view: ViewOf<'organiser'>; admin: AdminEvent }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const { attendeesCsv, attendeesCsvName, downloadCsv } = await import('./attendees-csv.js');
      const emails = new Map(admin.attendees.map((a) => [a.id, a.email]));
      const rows = view.attendees.map((a) => ({ ...a, email: emails.get(a.id) ?? null }));
      downloadCsv(attendeesCsv(rows), attendeesCsvName(view.event.clean_name));
    } catch {
      notify.error(TEXTS.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void exportCsv()}>
      {TEXTS.exportCsv}
    </Button>
  );
}
