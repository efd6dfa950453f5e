import { Drawer } from '../../components/Dialog.js';
import styles from './Connect.module.css';
import { TEXTS } from './texts.js';

/** The notifications side panel. */
export function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Notifications" side="right">
      <p className={styles.empty}>{TEXTS.notifications}</p>
    </Drawer>
  );
}
