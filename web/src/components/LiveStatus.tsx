import type { Connection } from '../lib/live/subscription.js';
import styles from './EventParts.module.css';

export const LIVE_TEXTS = {
  polling: 'Live updates are paused — refreshing every second',
  stale: 'Updates may be delayed — showing the latest we have',
  connecting: 'Connecting to live updates…',
  offline: 'You are offline — updates resume when the connection is back',
} as const;

/**
 * Says how fresh a live page is, in a polite live region: nothing while live; the offline notice as
 * soon as the browser loses the network; the polling notice when the socket is down; the stale mark
 * when the gateway says its view is behind. 'Connecting…' over a view the page already shows (a
 * server-rendered arena, a reconnect) floats over the page's top instead of pushing it down: it lasts
 * a moment, and the page must not jump when it goes.
 */
export function LiveStatus({ connection, stale, hasView }: { connection: Connection; stale: boolean; hasView: boolean }) {
  const text = connection === 'offline' ? LIVE_TEXTS.offline : stale ? LIVE_TEXTS.stale : connection === 'polling' ? LIVE_TEXTS.polling : connection === 'connecting' && hasView ? LIVE_TEXTS.connecting : '';
  const className = !text ? 'visually-hidden' : text === LIVE_TEXTS.connecting ? `${styles.liveStatus} ${styles.liveStatusFloating}` : styles.liveStatus;
  return (
    <div className={styles.liveStatusSlot}>
      <p className={className} role="status" aria-live="polite" data-connection={connection} data-stale={stale || undefined}>
        {text}
      </p>
    </div>
  );
}
