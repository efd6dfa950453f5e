import type { Announcement, ChatReport, ChatSettings, Mute } from '@tapcard/shared/contract';
import { OPEN_CHAT } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { organiserViewOf } from '../../lib/live/polls.js';
import { adminEvent, ATTENDEE_ID, EVENT_ID, message } from '../../test/event-fixtures.js';

/** Wire-shaped moderation records and organiser views for the moderation tests (valid against the contract). */

export const BOLA = { id: 'att-bola', name: 'Bola Ade' };
export const ADA = { id: ATTENDEE_ID, name: 'Ada Obi' };

export function report(id: string, seq: number, over: Partial<ChatReport> = {}): ChatReport {
  return {
    id,
    event_id: EVENT_ID,
    message_id: 'm-spam',
    room: 'group',
    reported_attendee_id: BOLA.id,
    reported_name: BOLA.name,
    reported_text: 'Buy followers now!!!',
    reporter_id: ADA.id,
    reporter_name: ADA.name,
    reason: 'spam',
    details: 'Posted five times',
    status: 'open',
    created_at: '2024-05-01T10:05:00.000Z',
    handled_at: null,
    seq,
    ...over,
  };
}

export function announcement(id: string, seq: number, text: string, pinned = true): Announcement {
  return { id, event_id: EVENT_ID, message: text, pinned, created_at: '2024-05-01T09:30:00.000Z', seq };
}

/** The organiser's live view of the fixtures' event: Bola's two messages, Ada's one, and the moderation state given. */
export function moderationView(
  over: { chat?: ChatSettings; announcements?: Announcement[]; reports?: ChatReport[]; mutes?: Record<string, Mute | null>; hidden?: string[]; version?: number } = {},
): ViewOf<'organiser'> {
  const admin = adminEvent({ chats: [message('m-hello', 1, 'Hello all'), message('m-spam', 2, 'Buy followers now!!!'), message('m-ada', 3, 'Hi Bola', ADA)] });
  const view = organiserViewOf(admin);
  return {
    ...view,
    version: over.version ?? 5,
    attendees: view.attendees.map((a) => ({ ...a, mute: over.mutes?.[a.id] ?? null, hidden: over.hidden?.includes(a.id) ?? false })),
    chat: over.chat ?? OPEN_CHAT,
    announcements: over.announcements ?? [],
    reports: over.reports ?? [],
  };
}

/** The admin event the pages read first, matching moderationView's messages. */
export function moderationAdminEvent() {
  return adminEvent({ chats: [message('m-hello', 1, 'Hello all'), message('m-spam', 2, 'Buy followers now!!!'), message('m-ada', 3, 'Hi Bola', ADA)] });
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How the organiser's screens write a time: '18:40' today, '28 Nov, 18:40' on another day. */
export function shownTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.toDateString() === now.toDateString() ? time : `${d.getDate()} ${MONTHS[d.getMonth()]}, ${time}`;
}
