import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { OrganiserMessage } from '@tapcard/shared/contract';
import { eventTiming, formatEventDate } from '@tapcard/shared/domain';
import {
  AFTER_EVENT_MAIL_AUDIENCE,
  MESSAGE_AUDIENCE_LABELS,
  messageDraftSchema,
  organiserMessageTexts,
  scheduledMessageSchema,
  type MessageAudience,
  type MessageAudienceKind,
} from '@tapcard/shared/rules';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_SUBJECT_MAX_LENGTH } from '@tapcard/shared/constants';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/Field.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { BackLink, EmptyState, Page } from '../../components/Page.js';
import { RetryAlert } from '../../components/RetryAlert.js';
import { Spinner } from '../../components/Spinner.js';
import { paths } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import { AfterEventMailsSection } from './AfterEventMailsSection.js';
import { useAdminEvent } from './api.js';
import { useAudienceCount, useCancelMessage, useMessageHistory, useWriteMessage, type MessageWrite } from './messages-api.js';
import { MESSAGE_TEXTS as T } from './messages-texts.js';
import styles from './Messages.module.css';
import { TEXTS } from './texts.js';

type Errors = Record<string, string>;

interface Draft {
  subject: string;
  body: string;
  kind: MessageAudienceKind;
  priceId: string;
  attendeeId: string;
  when: 'now' | 'later';
  /** The datetime-local input's value (the browser's time zone). */
  sendAt: string;
}

const EMPTY: Draft = { subject: '', body: '', kind: 'everyone', priceId: '', attendeeId: '', when: 'now', sendAt: '' };

/** The audience the draft names, as the contract takes it. */
function audienceOf(draft: Draft): MessageAudience {
  switch (draft.kind) {
    case 'ticket':
      return { kind: 'ticket', price_id: draft.priceId };
    case 'attendee':
      return { kind: 'attendee', attendee_id: draft.attendeeId };
    default:
      return { kind: draft.kind };
  }
}

/** A datetime-local value as an ISO time ('' stays '', so the rule says it is required). */
function isoOf(local: string): string {
  if (local === '') return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An ISO time as a datetime-local value in the browser's time zone. */
function localOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function whenText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The first message of each field of a failed parse (a nested field as 'audience.price_id'). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * event/:id/messages: the organiser writes to the event's attendees (subject, plain-text body, an
 * audience), sees how many the message will reach before sending, sends it now or schedules it, and
 * follows the history with each message's delivery counts (read again every few seconds). A scheduled
 * message can be edited or cancelled until it goes. `?attendee=` starts the form addressed to one attendee.
 */
export function EventMessagesPage() {
  const { id = '' } = useParams();
  const admin = useAdminEvent(id);
  if (admin.isError) return <NotFoundView />;
  if (!admin.data) return <LoadingScreen />;
  return (
    <Page wide>
      <BackLink to={paths.eventAttendees(id)}>{TEXTS.attendees}</BackLink>
      <h1>{T.messages}</h1>
      <p className={styles.muted}>
        {admin.data.title} · <time dateTime={admin.data.start_date}>{formatEventDate(admin.data.start_date)}</time>
      </p>
      <p>{T.intro}</p>
      <Messages eventId={id} event={admin.data} />
    </Page>
  );
}

type AdminData = NonNullable<ReturnType<typeof useAdminEvent>['data']>;

function Messages({ eventId, event }: { eventId: string; event: AdminData }) {
  const [search] = useSearchParams();
  const attendeeParam = search.get('attendee') ?? '';
  const attendee = event.attendees.find((a) => a.id === attendeeParam) ?? null;
  const [editing, setEditing] = useState<OrganiserMessage | null>(null);
  const [formKey, setFormKey] = useState(0);
  const initial: Draft = editing
    ? {
        ...EMPTY,
        subject: editing.subject,
        body: editing.body,
        kind: editing.audience.kind,
        priceId: editing.audience.kind === 'ticket' ? editing.audience.price_id : '',
        attendeeId: editing.audience.kind === 'attendee' ? editing.audience.attendee_id : '',
        when: 'later',
        sendAt: localOf(editing.send_at),
      }
    : attendee
      ? { ...EMPTY, kind: 'attendee', attendeeId: attendee.id }
      : EMPTY;
  const attendeeName = (attendeeId: string) => event.attendees.find((a) => a.id === attendeeId)?.name ?? '';
  return (
    <div className={styles.layout}>
      <MessageForm
        key={`${formKey}-${editing?.id ?? 'new'}`}
        eventId={eventId}
        event={event}
        initial={initial}
        editing={editing}
        attendeeName={attendeeName}
        onDone={() => {
          setEditing(null);
          setFormKey((k) => k + 1);
        }}
      />
      <History eventId={eventId} onEdit={setEditing} attendeeName={attendeeName} prices={event.prices} />
      <AfterEventMailsSection eventId={eventId} event={{ start_date: event.start_date, end_date: event.end_date }} />
    </div>
  );
}

function MessageForm({
  eventId,
  event,
  initial,
  editing,
  attendeeName,
  onDone,
}: {
  eventId: string;
  event: AdminData;
  initial: Draft;
  editing: OrganiserMessage | null;
  attendeeName: (id: string) => string;
  onDone: () => void;
}) {
  const headingId = useId();
  const countId = useId();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = useWriteMessage(eventId);
  const sending = useRef(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) subjectRef.current?.focus();
  }, [editing]);

  const ended = eventTiming({ start_date: event.start_date, end_date: event.end_date }) === 1;
  const audience = audienceOf(draft);
  // No-shows before the end are counted when the message goes.
  const noShowsLater = audience.kind === 'no_show' && !ended;
  const complete = (audience.kind !== 'ticket' || audience.price_id !== '') && (audience.kind !== 'attendee' || audience.attendee_id !== '') && !noShowsLater;
  const count = useAudienceCount(eventId, complete ? audience : null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // No-shows once the event has ended, or for a message scheduled for after its end.
  const later = editing !== null || draft.when === 'later';
  // An after-event mail keeps its audience and its time (the event's end plus the delay).
  const afterEvent = editing?.kind ?? null;
  const kinds = afterEvent
    ? [AFTER_EVENT_MAIL_AUDIENCE[afterEvent].kind]
    : MESSAGE_AUDIENCE_KINDS_SHOWN.filter((k) => (k !== 'no_show' || ended || later) && (k !== 'attendee' || draft.attendeeId !== ''));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // One message per click: a second submit while one is on its way (even in the same moment) sends nothing.
    if (sending.current) return;
    setFormError(null);
    const base = { subject: draft.subject, body: draft.body, audience };
    let write: MessageWrite;
    if (later) {
      const parsed = scheduledMessageSchema.safeParse({ ...base, send_at: isoOf(draft.sendAt) });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      write = editing ? { kind: 'update', messageId: editing.id, values: parsed.data } : { kind: 'schedule', values: parsed.data };
    } else {
      const parsed = messageDraftSchema.safeParse(base);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      write = { kind: 'send', values: parsed.data };
    }
    setErrors({});
    sending.current = true;
    const result = await saving.mutateAsync(write).finally(() => {
      sending.current = false;
    });
    if (result.ok) {
      notify.success(result.answer.message ?? T.messages);
      onDone();
      return;
    }
    if (Object.keys(result.errors).length > 0) setErrors(result.errors);
    else if (result.kind !== 'network') setFormError(result.message);
  };

  const audienceError = errors['audience'] ?? (count.isError && complete ? count.error.message : undefined);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{editing ? T.editMessage : T.newMessage}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
        <TextField ref={subjectRef} label={T.subject} value={draft.subject} maxLength={MESSAGE_SUBJECT_MAX_LENGTH} error={errors['subject']} onChange={(e) => set({ subject: e.target.value })} />
        <TextAreaField
          label={T.body}
          rows={6}
          value={draft.body}
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          hint={`${T.bodyHint} ${draft.body.length}/${MESSAGE_BODY_MAX_LENGTH}`}
          error={errors['body']}
          onChange={(e) => set({ body: e.target.value })}
        />
        <fieldset className={styles.fieldset} aria-describedby={countId}>
          <legend className={styles.legend}>{T.audience}</legend>
          <div className={styles.radios}>
            {kinds.map((kind) => (
              <label key={kind} className={styles.radio}>
                <input type="radio" name="audience" value={kind} checked={draft.kind === kind} onChange={() => set({ kind })} />
                {kind === 'attendee' ? T.oneAttendee(attendeeName(draft.attendeeId)) : MESSAGE_AUDIENCE_LABELS[kind]}
              </label>
            ))}
          </div>
          {draft.kind === 'ticket' && (
            <SelectField label={T.ticketType} value={draft.priceId} error={errors['audience.price_id']} onChange={(e) => set({ priceId: e.target.value })}>
              <option value="">{T.chooseTicket}</option>
              {event.prices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </SelectField>
          )}
          {audienceError && (
            <p className={styles.error} role="alert">
              {audienceError}
            </p>
          )}
          <p id={countId} className={styles.count} role="status" aria-live="polite" data-testid="recipient-count">
            {noShowsLater ? T.noShowsLater : !complete ? '' : count.isFetching && count.data === undefined ? T.countingRecipients : count.data !== undefined && !count.isError ? T.recipients(count.data) : ''}
          </p>
        </fieldset>
        {!editing && (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{T.when}</legend>
            <div className={styles.radios}>
              <label className={styles.radio}>
                <input type="radio" name="when" value="now" checked={draft.when === 'now'} onChange={() => set({ when: 'now' })} />
                {T.sendNow}
              </label>
              <label className={styles.radio}>
                <input type="radio" name="when" value="later" checked={draft.when === 'later'} onChange={() => set({ when: 'later' })} />
                {T.scheduleLater}
              </label>
            </div>
          </fieldset>
        )}
        {afterEvent && <p className={styles.muted}>{T.afterEventTime(whenText(editing?.send_at ?? ''))}</p>}
        {!afterEvent && (editing || draft.when === 'later') && (
          <TextField type="datetime-local" label={T.sendAt} hint={T.sendAtHint} value={draft.sendAt} error={errors['send_at']} onChange={(e) => set({ sendAt: e.target.value })} />
        )}
        <div className={styles.actions}>
          <Button type="submit" busy={saving.isPending}>
            {editing ? T.saveChanges : draft.when === 'later' ? T.schedule : T.sendNow}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              {T.stopEditing}
            </Button>
          )}
        </div>
        <FormError>{formError ?? errors['form']}</FormError>
      </form>
    </section>
  );
}

const MESSAGE_AUDIENCE_KINDS_SHOWN: readonly MessageAudienceKind[] = ['everyone', 'ticket', 'checked_in', 'not_checked_in', 'no_show', 'attendee'];

function audienceText(audience: MessageAudience, attendeeName: (id: string) => string, prices: AdminData['prices']): string {
  if (audience.kind === 'ticket') return `${MESSAGE_AUDIENCE_LABELS.ticket}: ${prices.find((p) => p.id === audience.price_id)?.title ?? ''}`;
  if (audience.kind === 'attendee') return T.oneAttendee(attendeeName(audience.attendee_id));
  return MESSAGE_AUDIENCE_LABELS[audience.kind];
}

function History({
  eventId,
  onEdit,
  attendeeName,
  prices,
}: {
  eventId: string;
  onEdit: (message: OrganiserMessage) => void;
  attendeeName: (id: string) => string;
  prices: AdminData['prices'];
}) {
  const headingId = useId();
  const history = useMessageHistory(eventId);
  const cancel = useCancelMessage(eventId);
  const [cancelling, setCancelling] = useState<OrganiserMessage | null>(null);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{T.history}</h2>
      {history.isPending ? (
        <Spinner />
      ) : history.isError && !history.data ? (
        <RetryAlert className={styles.failed} message={T.historyFailed} retryLabel={T.retry} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <EmptyState title={T.noMessages}>
          <p>{T.noMessagesHint}</p>
        </EmptyState>
      ) : (
        <ul className={styles.history}>
          {history.data.map((m) => (
            <li key={m.id} className={styles.item} data-testid="message-item">
              <div className={styles.itemHead}>
                <strong>{m.subject}</strong>
                <span className={`${styles.status} ${styles[m.status]}`}>{T.status[m.status]}</span>
              </div>
              <p className={styles.muted}>
                {m.kind ? `${T.afterEventTag} · ` : ''}
                {audienceText(m.audience, attendeeName, prices)}
              </p>
              <p className={styles.muted}>
                {m.status === 'scheduled' || m.status === 'cancelled' ? T.scheduledFor(whenText(m.send_at)) : T.sentAt(whenText(m.sent_at ?? m.send_at))}
                {m.announced ? ` · ${T.shownInArena}` : ''}
              </p>
              {(m.status === 'sent' || m.status === 'sending') && (
                <p className={styles.counts} data-testid="message-counts">
                  {T.counts(m.counts.queued, m.counts.sent, m.counts.failed)}
                </p>
              )}
              {m.status === 'scheduled' && (
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => onEdit(m)} aria-label={`${T.edit}: ${m.subject}`}>
                    {T.edit}
                  </Button>
                  <Button variant="secondary" onClick={() => setCancelling(m)} aria-label={`${T.cancelMessage}: ${m.subject}`}>
                    {T.cancelMessage}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={T.cancelQuestion}
        description={cancelling ? T.cancelDescription(cancelling.subject) : undefined}
        confirmLabel={T.cancelMessage}
        cancelLabel={T.keep}
        busy={cancel.isPending}
        onConfirm={() => {
          if (!cancelling) return;
          void cancel.mutateAsync(cancelling.id).then((result) => {
            setCancelling(null);
            if (result.ok) notify.success(result.answer.message ?? organiserMessageTexts.cancelled);
            else if (result.kind !== 'network') notify.error(result.message);
          });
        }}
      />
    </section>
  );
}
