import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { DoorConflict } from '@tapcard/shared/contract';
import { doorConflictsQuery } from './setup-api.js';
import { clockTime, placeOf } from './door-places.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';

/**
 * The event's door conflicts: attendees two phones admitted while apart, each counted once at the
 * gate that reached the server first. Read again whenever the live view's version moves (a conflict
 * moves it); nothing is shown while there are none.
 */
export function DoorConflicts({ eventId, version }: { eventId: string; version: number }) {
  const headingId = useId();
  const list = useQuery({ ...doorConflictsQuery(eventId, version), placeholderData: keepPreviousData });
  const conflicts = list.data?.data.conflicts ?? [];
  if (conflicts.length === 0) return null;
  return (
    <section className={styles.conflicts} aria-labelledby={headingId} data-testid="door-conflicts">
      <h2 id={headingId}>{TEXTS.doorConflicts}</h2>
      <p className={styles.muted}>{TEXTS.doorConflictsLead}</p>
      <ul>
        {conflicts.map((conflict) => (
          <ConflictItem key={conflict.id} conflict={conflict} />
        ))}
      </ul>
    </section>
  );
}

function ConflictItem({ conflict }: { conflict: DoorConflict }) {
  const first = conflict.first_checked_in_at ? clockTime(conflict.first_checked_in_at) : null;
  return (
    <li data-testid="door-conflict">
      <strong>{conflict.attendee.name}</strong>: {TEXTS.conflictFirst(placeOf(conflict.first_checked_in_by), first)}; {TEXTS.conflictLater(conflict.gate, clockTime(conflict.scanned_at))} — {TEXTS.countedOnce}
    </li>
  );
}
