import { routes } from '../lib/paths.js';
import { Button, ButtonLink } from './Button.js';
import styles from './NotFoundView.module.css';

/** The offline screen. */
export function NoInternetView() {
  return (
    <main className={styles.wrap}>
      <h1>Network Error</h1>
      <p>Network Error - Unable to connect to the internet. Please check your device connection and try again.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.history.back()}>Try again</Button>
        <ButtonLink to={routes.login} variant="secondary">
          Go to login
        </ButtonLink>
      </div>
    </main>
  );
}
