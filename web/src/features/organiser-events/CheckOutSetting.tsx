import { RetryAlert } from '../../components/RetryAlert.js';
import { Spinner } from '../../components/Spinner.js';
import { Switch } from '../../components/Switch.js';
import { useDoorSettings } from './setup-api.js';
import styles from './StaffLinks.module.css';
import { TEXTS } from './texts.js';

/** The event's "Track check-out" switch: door phones then offer an Exit mode, and the count means who is inside. */
export function CheckOutSetting({ eventId }: { eventId: string }) {
  const { settings, save } = useDoorSettings(eventId);
  if (settings.isPending) return <Spinner size={24} />;
  if (settings.isError) return <RetryAlert className={styles.problem} message={TEXTS.checkOutFailed} retryLabel={TEXTS.retry} onRetry={() => void settings.refetch()} />;
  const checked = save.isPending ? save.variables : settings.data.data.settings.check_out;
  return (
    <div className={styles.setting}>
      <div className={styles.settingRow}>
        <Switch label={TEXTS.trackCheckOut} checked={checked} onCheckedChange={(on) => save.mutate(on)} disabled={save.isPending} stateText={checked ? TEXTS.on : TEXTS.off} />
        {save.isPending && <Spinner size={20} />}
      </div>
      <p className={styles.muted}>{TEXTS.trackCheckOutLead}</p>
    </div>
  );
}
