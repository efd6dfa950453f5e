import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/Button.js';
import { NotFoundView } from '../components/NotFoundView.js';
import styles from '../components/NotFoundView.module.css';

/** What a route shows when it fails: the not-found page for 404s, a reload offer for a failed chunk. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const chunk = error instanceof Error && (error.name === 'ChunkLoadError' || /dynamically imported module|Loading chunk/i.test(error.message));
  return (
    <main className={styles.wrap}>
      <h1>{chunk ? 'Loading chunk failed' : 'Something went wrong'}</h1>
      <p>{chunk ? 'This page could not be downloaded. Check your connection and try again.' : 'Please reload the page and try again.'}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
