import { useHydrated } from '../lib/hydration.js';
import styles from './ClockTime.module.css';

/**
 * A time in the phone's clock ('18:40'), after `lead` when given (', ' before a time that ends a
 * line). The server's time zone may not be the phone's, so a server-rendered page shows the time once
 * hydrated; until then its place (and the lead's) is kept, unseen, so nothing moves when it comes.
 */
export function ClockTime({ iso, format, className, lead }: { iso: string; format: (iso: string) => string; className?: string; lead?: string }) {
  const hydrated = useHydrated();
  const classes = hydrated ? className : [className, styles.toCome].filter(Boolean).join(' ');
  const hidden = hydrated ? undefined : true;
  const time = (hideHere: boolean) => (
    <time className={hideHere ? classes : undefined} dateTime={iso} aria-hidden={hideHere ? hidden : undefined}>
      {hydrated ? format(iso) : '00:00'}
    </time>
  );
  if (lead === undefined) return time(true);
  return (
    <span className={classes} aria-hidden={hidden}>
      {lead}
      {time(false)}
    </span>
  );
}
