import type { CheckInPlace } from '@tapcard/shared/domain';
import { INSIDE_TEXTS, InsideCount } from '../../components/InsideCount.js';
import styles from './Door.module.css';
import type { DoorCounts as Counts } from './desk/list.js';
import { TEXTS } from './texts.js';

function placeName(place: CheckInPlace): string {
  if (place.kind === 'gate') return place.label;
  if (place.kind === 'organiser') return TEXTS.organiser;
  if (place.kind === 'chip') return TEXTS.chipPage;
  return TEXTS.unrecorded;
}

/** Those checked in of the event's total ticket stock (the one count), and how many came in at each gate. */
export function DoorCounts({ counts }: { counts: Counts }) {
  return (
    <section className={styles.counts} aria-label={INSIDE_TEXTS.label} data-listed={counts.listed}>
      <InsideCount count={counts} testId="door-inside" className={styles.inside} labelClassName={styles.muted} valueClassName={styles.insideNow} />
      {counts.gates.length > 0 && (
        <ul className={styles.gates} aria-label={TEXTS.perGate}>
          {counts.gates.map((g) => (
            <li key={placeName(g.place)}>
              {placeName(g.place)}: <strong>{g.count}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
