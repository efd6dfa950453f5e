import { useHydrated } from '../lib/hydration.js';
import styles from './ClockTime.module.css';

/**
 * A time in the phone's clock ('18:40'). The server's time zone may not be the phone's, so a
 * server-rendered page shows the time once hydrated; until then its place is kept, unseen, so nothing
 * moves when it comes.
 */
export function ClockTime({ iso, format, className }: { iso: string; format: (iso: string) => string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time className={hydrated ? className : [className, styles.toCome].filter(Boolean).join(' ')} dateTime={iso} aria-hidden={hydrated ? undefined : true}>
      {hydrated ? format(iso) : '00:00'}
    </time>
  );
}
