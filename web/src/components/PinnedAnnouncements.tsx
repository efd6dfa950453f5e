import { Pin } from 'lucide-react';
import { useId } from 'react';
import type { Announcement } from '@tapcard/shared/contract';
import { clockTime } from '../lib/live/clock.js';
import styles from './PinnedAnnouncements.module.css';

export const PINNED_TEXTS = {
  label: 'Pinned announcements',
  unpin: 'Unpin',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** When an announcement was pinned, in the browser's clock: '18:40' today, '27 Nov 18:40' another day. */
export function pinnedTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? clockTime(date) : `${date.getDate()} ${MONTHS[date.getMonth()]} ${clockTime(date)}`;
}

function AnnouncementItem({ announcement, onUnpin }: { announcement: Announcement; onUnpin?: (id: string) => void }) {
  const textId = useId();
  return (
    <li className={styles.item}>
      <Pin aria-hidden size={16} className={styles.icon} />
      <div className={styles.body}>
        <p id={textId} className={styles.text}>
          {announcement.message}
        </p>
        <time className={styles.time} dateTime={announcement.created_at}>
          {pinnedTime(announcement.created_at)}
        </time>
      </div>
      {onUnpin && (
        // Every announcement has its own Unpin: the announcement's text describes which one.
        <button type="button" className={styles.unpin} aria-describedby={textId} onClick={() => onUnpin(announcement.id)}>
          {PINNED_TEXTS.unpin}
        </button>
      )}
    </li>
  );
}

/**
 * The organiser's pinned announcements, newest first, at the top of the arena and the group chats.
 * The list is named for screen readers and follows the live view (nothing while none is pinned);
 * `onUnpin` gives each one an Unpin button (the organiser's screens only).
 */
export function PinnedAnnouncements({ announcements, onUnpin }: { announcements: readonly Announcement[] | undefined; onUnpin?: (id: string) => void }) {
  const pinned = (announcements ?? []).filter((a) => a.pinned).sort((a, b) => b.seq - a.seq);
  if (pinned.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={PINNED_TEXTS.label}>
      {pinned.map((announcement) => (
        <AnnouncementItem key={announcement.id} announcement={announcement} onUnpin={onUnpin} />
      ))}
    </ul>
  );
}
