import { Bell, Menu } from 'lucide-react';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import styles from './Connect.module.css';

/** The connect page's bar: the side menu, the product name and the notifications panel. */
export function TopBar({ onMenu, onNotifications }: { onMenu: () => void; onNotifications: () => void }) {
  return (
    <header className={styles.topBar}>
      <button type="button" className={styles.iconButton} onClick={onMenu} aria-label="Open menu">
        <Menu aria-hidden />
      </button>
      <span className={styles.brand}>{PRODUCT_NAME}</span>
      <button type="button" className={styles.iconButton} onClick={onNotifications} aria-label="Notifications">
        <Bell aria-hidden />
      </button>
    </header>
  );
}
