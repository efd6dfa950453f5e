import { OPEN_CHAT } from '@tapcard/shared/contract';
import type { Announcement, ChatMessage, ChatReport, LiveAttendee, LiveState, PrivateChat } from '@tapcard/shared/contract';

/** Live-state answers and their parts, as the upstream's poll answers them, for the realtime unit tests. */

export const E = 'ev-1';
export const details = {
  id: E,
  clean_name: 'launch',
  title: 'Launch',
  description: 'd',
  location: 'Lagos',
  image: '',
  start_date: '2026-01-01T00:00:00.000Z',
  end_date: null,
  user_id: 'u1',
};

export const chat = (seq: number, attendee_id = 'a1'): ChatMessage => ({
  id: `m${seq}`,
  event_id: E,
  attendee_id,
  name: 'n',
  image: '',
  message: `hello ${seq}`,
  createdAt: 't',
  updatedAt: 't',
  seq,
});

/** A message as the upstream sends it again once removed: same id, no text, the removal's seq. */
export const removed = <M extends ChatMessage>(message: M, seq: number): M => ({ ...message, message: '', removed: true, seq });

export const dm = (seq: number, from: string, to: string): PrivateChat => ({ ...chat(seq, from), id: `p${seq}`, attendee_id_1: from, attendee_id_2: to });

export const attendee = (id: string, seq: number, checked_in = false): LiveAttendee => ({ id, name: id, image: '', price_category: 'Regular', checked_in, seq });

export const announcement = (n: number, seq: number, pinned = true): Announcement => ({
  id: `an${n}`,
  event_id: E,
  message: `announcement ${n}`,
  pinned,
  created_at: `2026-01-01T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
  seq,
});

export const report = (n: number, seq: number, status: ChatReport['status'] = 'open'): ChatReport => ({
  id: `r${n}`,
  event_id: E,
  message_id: `m${n}`,
  room: 'group',
  reported_attendee_id: 'a2',
  reported_name: 'a2',
  reported_text: `hello ${n}`,
  reporter_id: 'a1',
  reporter_name: 'a1',
  reason: 'spam',
  details: '',
  status,
  created_at: new Date(Date.UTC(2026, 0, 1, 10) + n * 1000).toISOString(),
  handled_at: status === 'open' ? null : '2026-01-01T12:00:00.000Z',
  seq,
});

export function live(version: number, part: Partial<LiveState> = {}): LiveState {
  return {
    event: details,
    version,
    full: false,
    chats: [],
    private_chats: [],
    attendees: [],
    chips: [],
    chat: OPEN_CHAT,
    announcements: [],
    blocks: [],
    reports: [],
    ...part,
  };
}
