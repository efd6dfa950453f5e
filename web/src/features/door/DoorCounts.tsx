import type { CheckInPlace } from '@tapcard/shared/domain';
import styles from './Door.module.css';
import type { DoorCounts as Counts } from './desk/list.js';
import { TEXTS } from './texts.js';

function placeName(place: CheckInPlace): string {
  if (place.kind === 'gate') return place.label;
  if (place.kind === 'organiser') return TEXTS.organiser;
  if (place.kind === 'chip') return TEXTS.chipPage;
  return TEXTS.unrecorded;
}

/** The number inside of the confirmed attendees, and how many came in at each gate. */
export function DoorCounts({ counts }: { counts: Counts }) {
  return (
    <section className={styles.counts} aria-label={TEXTS.inside}>
      <p className={styles.inside}>
        <span className={styles.muted}>{TEXTS.inside}</span>{' '}
        <strong data-testid="door-inside" aria-label={TEXTS.insideLabel(counts.inside, counts.total)}>
          {counts.inside} / {counts.total}
        </strong>
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
