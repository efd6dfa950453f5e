import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { ReminderSettings } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { Spinner } from '../../components/Spinner.js';
import { Switch } from '../../components/Switch.js';
import { notify } from '../../lib/toast.js';
import { reminderSettingsQuery, setReminderSettings } from './api.js';
import styles from './StaffLinks.module.css';
import { TEXTS } from './texts.js';

/** The event's reminder mails: a switch each for 24 hours and 1 hour before the start (both on by default). */
export function ReminderSettingsSection({ eventId }: { eventId: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const query = reminderSettingsQuery(eventId);
  const settings = useQuery(query);
  const save = useMutation({
    mutationFn: (next: ReminderSettings) => setReminderSettings(eventId, next),
    onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer),
    onError: (error) => notify.error(error.message),
  });
  let body;
  if (settings.isPending) body = <Spinner size={24} />;
  else if (settings.isError) {
    body = (
      <div role="alert" className={styles.problem}>
        <p>{TEXTS.remindersFailed}</p>
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {TEXTS.retry}
        </Button>
      </div>
    );
  } else {
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
