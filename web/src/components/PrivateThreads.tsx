import type { PrivateChat } from '@tapcard/shared/contract';
import { ADMIN_NAME, isAdminId } from '../lib/live/message-style.js';
import { AppLink } from './AppLink.js';
import styles from './PrivateThreads.module.css';

export interface PrivateThread {
  partyId: string;
  name: string;
  last: string;
  count: number;
  /** The other party's messages the viewer has not seen (0 without seen marks). */
  unread: number;
}

/** "1 unread message", "3 unread messages". */
export function unreadText(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

/**
 * The private conversations of `selfId` (or of every admin party when `selfId` is 'admin'), newest first.
 * `seen` answers the newest seq the viewer has seen in a thread; without it nothing counts as unread.
 * Removed messages are left out, and so are the threads with the parties the viewer blocked (`blocked`):
 * a blocked person leaves the blocker's screens, unread count and all, until unblocked.
 */
export function privateThreads(
  messages: readonly PrivateChat[],
  isSelf: (partyId: string) => boolean,
  seen?: (partyId: string) => number,
  blocked: readonly string[] = [],
): PrivateThread[] {
  const threads = new Map<string, PrivateThread & { seq: number }>();
  for (const message of messages) {
    // A removed message (the organiser's, after a report) is no longer part of its thread.
    if (message.removed) continue;
    const other = isSelf(message.attendee_id_1) ? message.attendee_id_2 : isSelf(message.attendee_id_2) ? message.attendee_id_1 : null;
    if (other === null || blocked.includes(other)) continue;
    const existing = threads.get(other);
    // The other party's name comes from a message they wrote; the organiser is always ADMIN.
    const name = isAdminId(other) ? ADMIN_NAME : message.attendee_id === other ? message.name : (existing?.name ?? '');
    const unread = (existing?.unread ?? 0) + (seen && message.attendee_id === other && message.seq > seen(other) ? 1 : 0);
    threads.set(other, { partyId: other, name: name || existing?.name || '', last: message.message, count: (existing?.count ?? 0) + 1, unread, seq: message.seq });
  }
  return [...threads.values()].sort((a, b) => b.seq - a.seq).map(({ seq: _seq, ...thread }) => thread);
}

/** Links to the viewer's private conversations, with a count of unread messages per thread and in total. */
export function PrivateThreads({ threads, linkTo, fallbackName }: { threads: readonly PrivateThread[]; linkTo: (partyId: string) => string; fallbackName: (partyId: string) => string }) {
  if (threads.length === 0) return null;
  const total = threads.reduce((sum, thread) => sum + thread.unread, 0);
  return (
    <nav className={styles.wrap} aria-label="Private messages">
      <h2 className={styles.title}>
        Private messages
        {total > 0 && (
          <>
            {' '}
            <span className={styles.badge} data-testid="unread-total">
              <span aria-hidden="true">{total}</span>
              <span className="visually-hidden">({unreadText(total)})</span>
            </span>
          </>
        )}
      </h2>
      <ul className={styles.list}>
        {threads.map((thread) => (
          <li key={thread.partyId}>
            <AppLink to={linkTo(thread.partyId)} className={styles.link} data-unread={thread.unread || undefined}>
              <span className={styles.name}>
                {thread.name || fallbackName(thread.partyId)}
                {thread.unread > 0 && (
                  <>
                    {' '}
                    <span className={styles.badge}>
                      <span aria-hidden="true">{thread.unread}</span>
                      <span className="visually-hidden">({unreadText(thread.unread)})</span>
                    </span>
                  </>
                )}
              </span>
              <span className={styles.last}>{thread.last}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
