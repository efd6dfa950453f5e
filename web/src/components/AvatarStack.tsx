import { Avatar } from './Page.js';
import styles from './EventParts.module.css';

/** Up to `max` attendee avatars, overlapping, with the names for screen readers; `empty` when there are none. */
export function AvatarStack({ people, max, empty = 'No attendees yet', size = 40 }: { people: readonly { id: string; name: string; image: string | null }[]; max: number; empty?: string; size?: number }) {
  if (people.length === 0) return <p className={styles.muted}>{empty}</p>;
  const shown = people.slice(0, max);
  return (
    <ul className={styles.stack} aria-label="Attendees">
      {shown.map((person) => (
        <li key={person.id} title={person.name}>
          <Avatar src={person.image} name={person.name} size={size} />
        </li>
      ))}
    </ul>
  );
}
