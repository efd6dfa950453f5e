import { Pin } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Announcement } from '@tapcard/shared/contract';
import { clockTime } from '../lib/live/clock.js';
import { ClockTime } from './ClockTime.js';
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

const pinnedTimeOf = (iso: string) => pinnedTime(iso);

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Plain text with its web links (http and https only) as links; React escapes the rest. */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING, '');
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>,
    );
    last = match.index + url.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function AnnouncementItem({ announcement, onUnpin }: { announcement: Announcement; onUnpin?: (id: string) => void }) {
  const textId = useId();
  return (
    <li className={styles.item} data-testid="pinned-announcement">
      <Pin aria-hidden size={16} className={styles.icon} />
      <div className={styles.body}>
        {announcement.subject && <p className={styles.subject}>{announcement.subject}</p>}
        <p id={textId} className={styles.text}>
          {announcement.subject ? <LinkedText text={announcement.message} /> : announcement.message}
        </p>
        <ClockTime className={styles.time} iso={announcement.created_at} format={pinnedTimeOf} />
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
 * The organiser's pinned announcements, newest first, at the top of the arena and the group chats (an
 * organiser's message with its subject, its links clickable). The list is named for screen readers,
 * follows the live view (nothing while none is pinned) and sits in a polite live region (aria-live), so one pinned
 * while the page is open is read out; `onUnpin` gives each one an Unpin button (the organiser's screens only).
 */
export function PinnedAnnouncements({ announcements, onUnpin }: { announcements: readonly Announcement[] | undefined; onUnpin?: (id: string) => void }) {
  const pinned = (announcements ?? []).filter((a) => a.pinned).sort((a, b) => b.seq - a.seq);
  return (
    // A live region, not a second role=status beside the page's connection status: additions are read out.
    <div aria-live="polite" aria-relevant="additions text" data-testid="announcements-region">
      {pinned.length > 0 && (
        <ul className={styles.list} aria-label={PINNED_TEXTS.label}>
          {pinned.map((announcement) => (
            <AnnouncementItem key={announcement.id} announcement={announcement} onUnpin={onUnpin} />
          ))}
        </ul>
      )}
    </div>
  );
}
