import { useId, useMemo, useState, type ReactNode } from 'react';
import type { ChatReport, ModerationAction, MutedAttendee } from '@tapcard/shared/contract';
import { REPORT_REASON_LABELS } from '@tapcard/shared/rules';
import { Button, ButtonLink } from '../../components/Button.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, BackLink, EmptyState, Page } from '../../components/Page.js';
import { RetryAlert } from '../../components/RetryAlert.js';
import { Spinner } from '../../components/Spinner.js';
import { useNow } from '../../lib/now.js';
import { paths } from '../../lib/paths.js';
import { ActionMenu } from '../../components/ActionMenu.js';
import { activeMute, clockText, muteText, type MuteFor } from './moderation-words.js';
import styles from './Moderation.module.css';
import { muteGroup } from './MuteControl.js';
import { RemoveMessageDialog } from './RemoveMessageDialog.js';
import { firstOrganiserView, type OrganiserView } from './organiser-view.js';
import { MODERATION_TEXTS as T } from './moderation-texts.js';
import { TEXTS } from './texts.js';
import { useHandleReport, useModerationData, useMuteAttendee, type LiveControl } from './chat-api.js';
import { useOrganiserEvent } from './useOrganiserEvent.js';

/** The reports as the page lists them: one per id (the newer copy), open ones first (newest first), then handled ones (latest handled first). */
export function reportQueue(...sources: readonly (readonly ChatReport[] | undefined)[]): ChatReport[] {
  const byId = new Map<string, ChatReport>();
  for (const list of sources) for (const report of list ?? []) {
    const held = byId.get(report.id);
    if (!held || report.seq >= held.seq) byId.set(report.id, report);
  }
  const open = (r: ChatReport) => (r.status === 'open' ? 0 : 1);
  const when = (r: ChatReport) => (r.status === 'open' ? r.created_at : (r.handled_at ?? r.created_at));
  return [...byId.values()].sort((a, b) => open(a) - open(b) || when(b).localeCompare(when(a)) || b.seq - a.seq);
}

/**
 * Who is muted now: the live view's attendees where it knows their mute (it changes live), else the
 * moderation read's list; timed mutes that have run out are left out.
 */
function mutedNow(view: OrganiserView, read: readonly MutedAttendee[] | undefined, now: Date): MutedAttendee[] {
  const known = new Set<string>();
  const list: MutedAttendee[] = [];
  for (const a of view.attendees) {
    if (a.mute === undefined) continue;
    known.add(a.id);
    if (activeMute(a.mute, now) && a.mute) list.push({ attendee_id: a.id, name: a.name, image: a.image, mute: a.mute });
  }
  for (const m of read ?? []) if (!known.has(m.attendee_id) && activeMute(m.mute, now)) list.push(m);
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * event/:id/moderation: the organiser's reports queue (live: a report filed on any phone shows at once),
 * with Remove message, Mute author and Dismiss on open ones and the outcome on handled ones; the muted
 * attendees with Unmute; and the moderation log, newest first, read again whenever the live view moves.
 */
export function EventModerationPage() {
  const { id, admin, live } = useOrganiserEvent();
  if (admin.isError || live.error) return <NotFoundView />;
  if (!admin.data) return <LoadingScreen />;
  const view = live.view ?? firstOrganiserView(admin.data);
  return (
    <Page wide>
      <BackLink to={paths.eventChat(id)}>{T.backToChat}</BackLink>
      <div className={styles.barRow}>
        <div>
          <h1>{T.moderation}</h1>
          <p className={styles.muted}>{view.event.title}</p>
        </div>
        <ButtonLink variant="secondary" className={styles.reportLink} to={paths.eventAttendees(id)}>
          {TEXTS.attendees}
        </ButtonLink>
      </div>
      <LiveStatus connection={live.connection} stale={live.stale} hasView={live.view !== null} />
      <Moderation eventId={id} view={view} live={{ view, applyLocal: live.applyLocal }} />
    </Page>
  );
}

function Moderation({ eventId, view, live }: { eventId: string; view: OrganiserView; live: LiveControl }) {
  const now = useNow(15_000);
  const read = useModerationData(eventId, view.version);
  const reports = useMemo(() => reportQueue(read.data?.reports, view.reports), [read.data?.reports, view.reports]);
  const muted = mutedNow(view, read.data?.muted, now);
  const failed = read.isError && !read.data;
  const logFailed = <RetryAlert className={styles.failed} message={T.logFailed} retryLabel={T.retry} onRetry={() => void read.refetch()} />;
  return (
    <>
      <ReportsSection eventId={eventId} reports={reports} live={live} now={now} />
      <Section title={T.mutedAttendees}>
        {read.isPending && muted.length === 0 ? (
          <Spinner />
        ) : failed && muted.length === 0 ? (
          logFailed
        ) : muted.length === 0 ? (
          <p className={styles.muted}>{T.noMuted}</p>
        ) : (
          <MutedList eventId={eventId} muted={muted} live={live} now={now} />
        )}
      </Section>
      <Section title={T.log}>
        {read.isPending ? (
          <Spinner />
        ) : failed ? (
          logFailed
        ) : (
          <ModerationLog log={read.data?.log ?? []} now={now} />
        )}
      </Section>
    </>
  );
}

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.reportHead}>
        <h2 id={headingId}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

function ReportsSection({ eventId, reports, live, now }: { eventId: string; reports: readonly ChatReport[]; live: LiveControl; now: Date }) {
  const handle = useHandleReport(eventId, live);
  const mute = useMuteAttendee(eventId, live);
  const [removing, setRemoving] = useState<ChatReport | null>(null);
  const open = reports.filter((r) => r.status === 'open').length;
  const busy = (report: ChatReport) => (handle.isPending && handle.variables?.reportId === report.id) || (mute.isPending && mute.variables?.attendeeId === report.reported_attendee_id);

  const muteAuthor = async (report: ChatReport, choice: MuteFor) => {
    try {
      await mute.mutateAsync({ attendeeId: report.reported_attendee_id, name: report.reported_name, mute: choice });
      // Muting the author is acting on the report: it leaves the open ones.
      await handle.mutateAsync({ reportId: report.id, action: 'resolve' });
    } catch {
      // Each call's failure has been said (its toast).
    }
  };

  return (
    <Section title={T.reports} extra={<span className={open > 0 ? styles.badge : styles.muted}>{T.openReports(open)}</span>}>
      {reports.length === 0 ? (
        <EmptyState title={T.noReports} />
      ) : (
        <ul className={styles.cards} aria-label={T.reports}>
          {reports.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              now={now}
              busy={busy(report)}
              onRemove={() => setRemoving(report)}
              onDismiss={() => handle.mutate({ reportId: report.id, action: 'dismiss' })}
              onMute={(choice) => void muteAuthor(report, choice)}
            />
          ))}
        </ul>
      )}
      <RemoveMessageDialog
        author={removing?.reported_name ?? null}
        onClose={() => setRemoving(null)}
        busy={handle.isPending}
        onConfirm={() => {
          if (!removing) return;
          handle.mutate({ reportId: removing.id, action: 'remove_message' }, { onSettled: () => setRemoving(null) });
        }}
      />
    </Section>
  );
}

function ReportCard({
  report,
  now,
  busy,
  onRemove,
  onDismiss,
  onMute,
}: {
  report: ChatReport;
  now: Date;
  busy: boolean;
  onRemove: () => void;
  onDismiss: () => void;
  onMute: (choice: MuteFor) => void;
}) {
  const headingId = useId();
  const status = T.reportStatus[report.status];
  return (
    <li className={styles.report} data-status={report.status} aria-labelledby={headingId} data-testid="report">
      <div className={styles.reportHead}>
        <h3 id={headingId}>
          {REPORT_REASON_LABELS[report.reason]}: {T.reportedMessage(report.reported_name)}
        </h3>
        <span className={styles.status} data-status={report.status}>
          {status}
        </span>
        <span className={styles.muted}>{T.room[report.room]}</span>
      </div>
      <blockquote className={styles.quote}>
        <p>{report.reported_text || T.messageGone}</p>
        <footer>{T.reportedMessage(report.reported_name)}</footer>
      </blockquote>
      {report.details && <p className={styles.details}>{report.details}</p>}
      <p className={styles.muted}>
        {T.reportedBy(report.reporter_name)} · <time dateTime={report.created_at}>{clockText(report.created_at, now)}</time>
      </p>
      {report.status === 'open' ? (
        <div className={styles.row}>
          <Button variant="danger" disabled={busy} onClick={onRemove}>
            {T.removeMessage}
          </Button>
          <ActionMenu label={T.muteAuthor} groups={[muteGroup(report.reported_name, onMute)]} disabled={busy} />
          <Button variant="secondary" disabled={busy} onClick={onDismiss}>
            {T.dismiss}
          </Button>
          {busy && <Spinner size={20} />}
        </div>
      ) : (
        <p className={styles.muted} data-testid="report-outcome">
          {report.handled_at ? T.handledAt(status, clockText(report.handled_at, now)) : status}
        </p>
      )}
    </li>
  );
}

function MutedList({ eventId, muted, live, now }: { eventId: string; muted: readonly MutedAttendee[]; live: LiveControl; now: Date }) {
  const mute = useMuteAttendee(eventId, live);
  return (
    <ul className={styles.people} aria-label={T.mutedAttendees}>
      {muted.map((m) => (
        <li key={m.attendee_id} className={styles.person}>
          <Avatar src={m.image} name={m.name} size={32} alt="" />
          <span className={styles.personName}>{m.name}</span>
          <span className={styles.mutedState} data-testid="mute-state">
            {muteText(m.mute, now)}
          </span>
          <Button variant="secondary" busy={mute.isPending && mute.variables?.attendeeId === m.attendee_id} onClick={() => mute.mutate({ attendeeId: m.attendee_id, name: m.name, mute: 'off' })}>
            <span aria-hidden="true">{T.unmute}</span>
            <span className="visually-hidden">{T.unmuteName(m.name)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One log entry in words: 'Ada Organiser muted Bola Ade: until 18:40'. */
export function logText(entry: ModerationAction): string {
  const words = T.logAction[entry.action](entry.target_name ?? T.someone);
  return `${entry.actor_name} ${words}${entry.details ? `: ${entry.details}` : ''}`;
}

function ModerationLog({ log, now }: { log: readonly ModerationAction[]; now: Date }) {
  const newestFirst = [...log].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (newestFirst.length === 0) return <p className={styles.muted}>{T.noLog}</p>;
  return (
    <ol className={styles.log} aria-label={T.log}>
      {newestFirst.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.created_at}>{clockText(entry.created_at, now)}</time>
          <span>{logText(entry)}</span>
        </li>
      ))}
    </ol>
  );
}
