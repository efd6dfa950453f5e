import { ANNOUNCEMENT_MAX_LENGTH } from '@tapcard/shared/constants';
import { ShieldAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { announcementTextSchema, validate } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { FormError, TextAreaField } from '../../components/Field.js';
import { ApiError } from '../../lib/api.js';
import { paths } from '../../lib/paths.js';
import { SLOW_MODE_OPTIONS } from './moderation-words.js';
import styles from './Moderation.module.css';
import { chatSettingsOf, openReportCount, type OrganiserView } from './organiser-view.js';
import { MODERATION_TEXTS as T } from './moderation-texts.js';
import { useChatSettings, usePinAnnouncement, type LiveControl } from './chat-api.js';

/**
 * The admin chat's moderation bar: whether the group chat is open, Close chat / Open chat, slow mode,
 * Pin announcement (a small form; the pinned ones show above the messages with Unpin), and the way to
 * the moderation page with the number of open reports. Every setting follows the live view.
 */
export function ModerationBar({ eventId, view, live }: { eventId: string; view: OrganiserView; live: LiveControl }) {
  const settings = chatSettingsOf(view);
  const save = useChatSettings(eventId, live);
  const slowId = useId();
  const formId = useId();
  const pinButton = useRef<HTMLButtonElement>(null);
  const [pinning, setPinning] = useState(false);
  const openReports = openReportCount(view);
  // While a change is on its way the control shows it; the answer (then the live view) confirms it.
  const sent = save.isPending ? save.variables : undefined;
  const closed = sent && 'closed' in sent ? sent.closed : settings.closed;
  const slow = sent && 'slow_mode_seconds' in sent ? sent.slow_mode_seconds : settings.slow_mode_seconds;
  const options = SLOW_MODE_OPTIONS.some((o) => o.seconds === slow) ? SLOW_MODE_OPTIONS : [...SLOW_MODE_OPTIONS, { seconds: slow, label: T.seconds(slow) }];
  const closePin = () => {
    setPinning(false);
    pinButton.current?.focus();
  };

  return (
    <section className={styles.bar} aria-label={T.moderationBar}>
      <div className={styles.barRow}>
        <p className={styles.chatState} data-closed={closed} data-testid="chat-state">
          {closed ? T.chatClosedState : T.chatOpen}
        </p>
        <Button variant={closed ? 'primary' : 'secondary'} disabled={save.isPending} onClick={() => save.mutate({ closed: !closed })}>
          {closed ? T.openChat : T.closeChat}
        </Button>
        <span className={styles.slowMode}>
          <label htmlFor={slowId}>{T.slowMode}</label>
          <select id={slowId} className={styles.select} value={slow} disabled={save.isPending} onChange={(event) => save.mutate({ slow_mode_seconds: Number(event.target.value) })}>
            {options.map((option) => (
              <option key={option.seconds} value={option.seconds}>
                {option.label}
              </option>
            ))}
          </select>
        </span>
      </div>
      <div className={styles.barRow}>
        <Button ref={pinButton} variant="secondary" aria-expanded={pinning} aria-controls={pinning ? formId : undefined} onClick={() => (pinning ? closePin() : setPinning(true))}>
          {T.pinAnnouncement}
        </Button>
        <Link className={styles.reportLink} to={paths.eventModeration(eventId)}>
          <ShieldAlert aria-hidden size={18} />
          {T.moderation}
          {openReports > 0 && <span className={styles.badge}>{T.openReports(openReports)}</span>}
        </Link>
      </div>
      {pinning && <PinForm id={formId} eventId={eventId} live={live} onDone={closePin} />}
    </section>
  );
}

/**
 * The announcement's text with the rule's messages under the field (empty, too long), and Pin. The
 * server's refusal shows under the form (e.g. already PINNED_ANNOUNCEMENTS_MAX pinned: unpin one first).
 */
function PinForm({ id, eventId, live, onDone }: { id: string; eventId: string; live: LiveControl; onDone: () => void }) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const pin = usePinAnnouncement(eventId, live);
  const checked = validate(announcementTextSchema, text);
  // Too long shows as it is typed; empty only once Pin was tried.
  const ruleError = !checked.ok && (tried || text.length > ANNOUNCEMENT_MAX_LENGTH) ? checked.errors.root : undefined;
  const refused = pin.error instanceof ApiError ? pin.error : null;
  const fieldError = ruleError ?? refused?.errors.message;
  const formError = refused && !refused.errors.message && refused.kind !== 'network' ? refused.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.ok || pin.isPending) return;
    pin.mutate(checked.data, { onSuccess: onDone });
  };
  return (
    <form id={id} className={styles.pinForm} onSubmit={submit} noValidate aria-label={T.pinAnnouncement}>
      <TextAreaField
        label={T.announcement}
        hint={T.announcementHint}
        rows={2}
        autoFocus
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (pin.error) pin.reset();
        }}
        error={fieldError}
      />
      <FormError>{formError}</FormError>
      <div className={styles.row}>
        <Button type="submit" busy={pin.isPending}>
          {T.pin}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
