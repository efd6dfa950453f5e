import type { CheckInPlace } from '@tapcard/shared/domain';
import { INSIDE_TEXTS, insideText } from '../../components/InsideCount.js';
import styles from './Door.module.css';
import type { DoorCounts as Counts } from './desk/list.js';
import { TEXTS } from './texts.js';

function placeName(place: CheckInPlace): string {
  if (place.kind === 'gate') return place.label;
  if (place.kind === 'organiser') return TEXTS.organiser;
  if (place.kind === 'chip') return TEXTS.chipPage;
  return TEXTS.unrecorded;
}

/** The number inside of the registered attendees, and how many came in at each gate. */
export function DoorCounts({ counts }: { counts: Counts }) {
  return (
    <section className={styles.counts} aria-label={INSIDE_TEXTS.label}>
      <p className={styles.inside}>
        <span className={styles.muted}>{INSIDE_TEXTS.label}</span> <strong data-testid="door-inside">{insideText(counts)}</strong>
      </p>
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
