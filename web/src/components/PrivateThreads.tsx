import { Link } from 'react-router-dom';
import type { PrivateChat } from '@tapcard/shared/contract';
import { ADMIN_NAME, isAdminId } from '../lib/chat.js';
import styles from './PrivateThreads.module.css';

export interface PrivateThread {
  partyId: string;
  name: string;
  last: string;
  count: number;
}

/** The private conversations of `selfId` (or of every admin party when `selfId` is 'admin'), newest first. */
export function privateThreads(messages: readonly PrivateChat[], isSelf: (partyId: string) => boolean): PrivateThread[] {
  const threads = new Map<string, PrivateThread & { seq: number }>();
  for (const message of messages) {
    const other = isSelf(message.attendee_id_1) ? message.attendee_id_2 : isSelf(message.attendee_id_2) ? message.attendee_id_1 : null;
    if (other === null) continue;
    const existing = threads.get(other);
    // The other party's name comes from a message they wrote; the organiser is always ADMIN.
    const name = isAdminId(other) ? ADMIN_NAME : message.attendee_id === other ? message.name : (existing?.name ?? '');
    threads.set(other, { partyId: other, name: name || existing?.name || '', last: message.message, count: (existing?.count ?? 0) + 1, seq: message.seq });
  }
  return [...threads.values()].sort((a, b) => b.seq - a.seq).map(({ seq: _seq, ...thread }) => thread);
}

/** Links to the viewer's private conversations. */
export function PrivateThreads({ threads, linkTo, fallbackName }: { threads: readonly PrivateThread[]; linkTo: (partyId: string) => string; fallbackName: (partyId: string) => string }) {
  if (threads.length === 0) return null;
  return (
    <nav className={styles.wrap} aria-label="Private messages">
      <h2 className={styles.title}>Private messages</h2>
      <ul className={styles.list}>
        {threads.map((thread) => (
          <li key={thread.partyId}>
            <Link to={linkTo(thread.partyId)} className={styles.link}>
              <span className={styles.name}>{thread.name || fallbackName(thread.partyId)}</span>
              <span className={styles.last}>{thread.last}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
