import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/Button.js';
import { Spinner } from '../../components/Spinner.js';
import { Switch } from '../../components/Switch.js';
import { notify } from '../../lib/toast.js';
import { doorSettingsQuery, setDoorSettings } from './api.js';
import styles from './StaffLinks.module.css';
import { TEXTS } from './texts.js';

/** The event's "Track check-out" switch: door phones then offer an Exit mode, and the count means who is inside. */
export function CheckOutSetting({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  const query = doorSettingsQuery(eventId);
  const settings = useQuery(query);
  const save = useMutation({
    mutationFn: (checkOut: boolean) => setDoorSettings(eventId, checkOut),
    onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer),
    onError: (error) => notify.error(error.message),
  });
  if (settings.isPending) return <Spinner size={24} />;
  if (settings.isError) {
    return (
      <div role="alert" className={styles.problem}>
        <p>{TEXTS.checkOutFailed}</p>
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {TEXTS.retry}
        </Button>
      </div>
    );
  }
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
