import styles from './LoadingScreen.module.css';
import { Spinner } from './Spinner.js';

/** The loading screen: 'Loading...'. */
export function LoadingScreen() {
  return (
    <div className={styles.screen} role="status">
      <Spinner label="" />
      <p>Loading...</p>
    </div>
  );
}
