import { gateCounts } from '@tapcard/shared/domain';
import { placeLabel } from './door-places.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';

interface CheckedIn {
  checked_in: boolean;
  checked_in_by?: string | null;
}

/**
 * How many are checked in at each gate (and by the organiser's switch or a chip page), one item per
 * place, each with its name and count in `data-gate` and `data-count`. Nothing when no one is in.
 */
export function GateCounts({ attendees, className }: { attendees: readonly CheckedIn[]; className?: string }) {
  const counts = gateCounts(attendees);
  if (counts.length === 0) return null;
  return (
    <ul className={className ?? styles.gateCounts} aria-label={TEXTS.perGate}>
      {counts.map(({ place, count }) => {
        const label = placeLabel(place);
        return (
          <li key={`${place.kind}:${label}`} data-testid="gate-count" data-gate={label} data-count={count}>
            <span>{label}</span> <strong>{count}</strong>
          </li>
        );
      })}
    </ul>
  );
}
