import { useOffline } from '../lib/online.js';
import styles from './OfflineBanner.module.css';

export const OFFLINE_TEXT = 'You are offline. Nothing you typed is lost: it waits here until your connection is back.';

/**
 * The app-wide offline notice. The live region is always in the page (empty while online), so screen
 * readers announce the text when it appears.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <p role="status" aria-live="polite" className={styles.banner}>
      {offline ? OFFLINE_TEXT : ''}
    </p>
  );
}
