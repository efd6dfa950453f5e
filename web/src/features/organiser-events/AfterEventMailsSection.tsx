import { useId, useState } from 'react';
import type { OrganiserMessage } from '@tapcard/shared/contract';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_SUBJECT_MAX_LENGTH } from '@tapcard/shared/constants';
import {
  AFTER_EVENT_MAIL_AUDIENCE,
  AFTER_EVENT_MAIL_DEFAULTS,
  AFTER_EVENT_MAIL_KINDS,
  afterEventSendAt,
  organiserMessageTexts,
  scheduleMessageSchema,
  type AfterEventMailKind,
} from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { FormError, TextAreaField, TextField } from '../../components/Field.js';
import { RetryAlert } from '../../components/RetryAlert.js';
import { Spinner } from '../../components/Spinner.js';
import { Switch } from '../../components/Switch.js';
import { notify } from '../../lib/toast.js';
import { useCancelMessage, useMessageHistory, useWriteMessage } from './messages-api.js';
import { MESSAGE_TEXTS as T } from './messages-texts.js';
import styles from './Messages.module.css';
import { TEXTS } from './texts.js';

type Errors = Record<string, string>;

function whenText(date: Date | string): string {
  return new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The event's optional after-event mails, a thank-you to those checked in and a 'sorry we missed you'
 * to the no-shows: each is off until turned on, which schedules it as an organiser message of its kind
 * for the event's end plus the fixed delay. Its subject and text start from a default and can be edited
 * until it goes; turning it off cancels it.
 */
export function AfterEventMailsSection({ eventId, event }: { eventId: string; event: { start_date: string; end_date: string | null } }) {
  const headingId = useId();
  const history = useMessageHistory(eventId);
  const sendAt = afterEventSendAt(event);
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{T.afterEvent}</h2>
      <p className={styles.muted}>{T.afterEventLead}</p>
      {history.isPending ? (
        <Spinner />
      ) : history.isError && !history.data ? (
        <RetryAlert className={styles.failed} message={T.afterEventFailed} retryLabel={T.loadAgain} onRetry={() => void history.refetch()} />
      ) : (
        <div className={styles.form}>
          {AFTER_EVENT_MAIL_KINDS.map((kind) => {
            // Newest first: the kind's message that is not cancelled, if any (at most one).
            const current = history.data.find((m) => m.kind === kind && m.status !== 'cancelled') ?? null;
            return <AfterEventMail key={`${kind}-${current?.id ?? 'off'}`} eventId={eventId} kind={kind} current={current} sendAt={sendAt} />;
          })}
        </div>
      )}
    </section>
  );
}

function AfterEventMail({ eventId, kind, current, sendAt }: { eventId: string; kind: AfterEventMailKind; current: OrganiserMessage | null; sendAt: Date | undefined }) {
  const headingId = useId();
  const [subject, setSubject] = useState(current?.subject ?? AFTER_EVENT_MAIL_DEFAULTS[kind].subject);
  const [body, setBody] = useState(current?.body ?? AFTER_EVENT_MAIL_DEFAULTS[kind].body);
  const [errors, setErrors] = useState<Errors>({});
  const write = useWriteMessage(eventId);
  const cancel = useCancelMessage(eventId);
  const busy = write.isPending || cancel.isPending;
  const tooLate = !current && (!sendAt || sendAt.getTime() <= Date.now());
  const editable = !current || current.status === 'scheduled';
  const changed = current !== null && (subject !== current.subject || body !== current.body);

  const save = async (turnOn: boolean) => {
    if (busy) return;
    const parsed = scheduleMessageSchema.safeParse({
      subject,
      body,
      audience: AFTER_EVENT_MAIL_AUDIENCE[kind],
      // The upstream sets the kind's own time; this one only passes the shape's rule.
      send_at: (current ? new Date(current.send_at) : (sendAt ?? new Date())).toISOString(),
      ...(turnOn ? { kind } : {}),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    const result = await write.mutateAsync(turnOn || !current ? { kind: 'schedule', values: parsed.data } : { kind: 'update', messageId: current.id, values: parsed.data });
    if (result.ok) notify.success(turnOn ? T.afterEventOn : organiserMessageTexts.updated);
    else if (Object.keys(result.errors).length > 0) setErrors(result.errors);
    else if (result.kind !== 'network') setErrors({ form: result.message });
  };

  const turnOff = async () => {
    if (!current || busy) return;
    const result = await cancel.mutateAsync(current.id);
    if (result.ok) notify.success(T.afterEventTurnedOff);
    else if (result.kind !== 'network') setErrors({ form: result.message });
  };

  let state: string;
  if (!current) state = tooLate ? organiserMessageTexts.afterEventTooLate : T.afterEventOff(whenText(sendAt ?? new Date()));
  else if (current.status === 'scheduled') state = T.afterEventScheduled(whenText(current.send_at));
  else if (current.status === 'sending') state = T.afterEventSending;
  else state = T.afterEventSent(whenText(current.sent_at ?? current.send_at));

  const formError = errors['form'] ?? errors['send_at'] ?? errors['audience'];
  return (
    <div className={styles.item} role="group" aria-labelledby={headingId} data-testid={`after-event-${kind}`}>
      <h3 id={headingId} className={styles.legend}>
        {T.afterEventTitle[kind]}
      </h3>
      <p className={styles.muted}>{T.afterEventWho[kind]}</p>
      <Switch
        label={T.afterEventTitle[kind]}
        checked={current !== null}
        onCheckedChange={(on) => void (on ? save(true) : turnOff())}
        disabled={busy || (current === null ? tooLate : current.status !== 'scheduled')}
        stateText={current ? TEXTS.on : TEXTS.off}
      />
      <p className={styles.muted} role="status" aria-live="polite">
        {state}
      </p>
      {editable && !(tooLate && !current) && (
        <>
          <TextField label={T.afterEventSubject[kind]} value={subject} maxLength={MESSAGE_SUBJECT_MAX_LENGTH} error={errors['subject']} onChange={(e) => setSubject(e.target.value)} />
          <TextAreaField
            label={T.afterEventBody[kind]}
            rows={5}
            value={body}
            maxLength={MESSAGE_BODY_MAX_LENGTH}
            hint={`${T.bodyHint} ${body.length}/${MESSAGE_BODY_MAX_LENGTH}`}
            error={errors['body']}
            onChange={(e) => setBody(e.target.value)}
          />
        </>
      )}
      {current?.status === 'scheduled' && changed && (
        <div className={styles.actions}>
          <Button onClick={() => void save(false)} busy={write.isPending} aria-label={`${T.saveChanges}: ${T.afterEventTitle[kind]}`}>
            {T.saveChanges}
          </Button>
        </div>
      )}
      <FormError>{formError}</FormError>
    </div>
  );
}
