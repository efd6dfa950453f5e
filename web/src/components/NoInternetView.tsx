import { NETWORK_ERROR } from '../lib/api.js';
import { routes } from '../lib/paths.js';
import { Button, ButtonLink } from './Button.js';
import styles from './NotFoundView.module.css';


/**
 * The offline screen. On its own route, 'Try again' goes back to the page that could not load; where a
 * route's code could not be downloaded, `onRetry` loads it again instead (and the login link is left out).
 */
export function NoInternetView({ onRetry }: { onRetry?: () => void } = {}) {
  return (
    <main className={styles.wrap}>
      <h1>Network Error</h1>
      <p>{NETWORK_ERROR}</p>
      <div className={styles.actions}>
        <Button onClick={onRetry ?? (() => window.history.back())}>Try again</Button>
        {!onRetry && (
          <ButtonLink to={routes.login} variant="secondary">
            Go to login
          </ButtonLink>
        )}
      </div>
    </main>
  );
}
