import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/Button.js';
import { NoInternetView } from '../components/NoInternetView.js';
import { NotFoundView } from '../components/NotFoundView.js';
import styles from '../components/NotFoundView.module.css';

/** Whether a route failed because its code could not be downloaded (a ChunkLoadError, 'Loading chunk failed'). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /dynamically imported module|Loading chunk|importing a module script failed/i.test(error.message));
}

/**
 * A route whose code could not be downloaded (offline, mostly): the product's network screen. 'Try
 * again' loads the page again once the browser is online, at once if it already is.
 */
function ChunkLoadFailed() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const reload = () => window.location.reload();
    if (navigator.onLine) return reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [waiting]);
  return <NoInternetView onRetry={() => setWaiting(true)} />;
}

/** What a route shows when it fails: the not-found page for 404s, the network screen for a failed chunk. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  return (
    <main className={styles.wrap}>
      <h1>Something went wrong</h1>
      <p>Please reload the page and try again.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
