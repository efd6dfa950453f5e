import { useId } from 'react';
import type { ReminderSettings } from '@tapcard/shared/contract';
import { RetryAlert } from '../../components/RetryAlert.js';
import { Spinner } from '../../components/Spinner.js';
import { Switch } from '../../components/Switch.js';
import { useReminderSettings } from './setup-api.js';
import styles from './StaffLinks.module.css';
import { TEXTS } from './texts.js';

/** The event's reminder mails: a switch each for 24 hours and 1 hour before the start (both on by default). */
export function ReminderSettingsSection({ eventId }: { eventId: string }) {
  const headingId = useId();
  const { settings, save } = useReminderSettings(eventId);
  let body;
  if (settings.isPending) body = <Spinner size={24} />;
  else if (settings.isError) body = <RetryAlert className={styles.problem} message={TEXTS.remindersFailed} retryLabel={TEXTS.retry} onRetry={() => void settings.refetch()} />;
  else {
    const current = save.isPending ? save.variables : settings.data.data.settings;
    const toggle = (change: Partial<ReminderSettings>) => save.mutate({ ...current, ...change });
    body = (
      <div className={styles.setting}>
        <div className={styles.settingRow}>
          <Switch label={TEXTS.remindDayBefore} checked={current.day_before} onCheckedChange={(on) => toggle({ day_before: on })} disabled={save.isPending} stateText={current.day_before ? TEXTS.on : TEXTS.off} />
        </div>
        <div className={styles.settingRow}>
          <Switch label={TEXTS.remindHourBefore} checked={current.hour_before} onCheckedChange={(on) => toggle({ hour_before: on })} disabled={save.isPending} stateText={current.hour_before ? TEXTS.on : TEXTS.off} />
          {save.isPending && <Spinner size={20} />}
        </div>
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{TEXTS.reminders}</h2>
      <p className={styles.muted}>{TEXTS.remindersLead}</p>
      {body}
    </section>
  );
}
