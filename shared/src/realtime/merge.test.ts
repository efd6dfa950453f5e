import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../contract/index.js';
import type { OrganiserView } from './index.js';
import { applyUpdate, mergeById, versionStep } from './merge.js';

const message = (id: string, seq: number): ChatMessage => ({ id, event_id: 'e', attendee_id: 'a', name: 'A', image: '', message: id, createdAt: '', updatedAt: '', seq });
const summary = { id: 'e', clean_name: 'e', title: 'E', description: '', location: '', image: '', start_date: '2024-01-01', end_date: null };
const view: OrganiserView = {
  kind: 'organiser',
  eventId: 'e',
  version: 3,
  event: summary,
  attendees: [{ id: 'a1', name: 'A', image: '', price_category: 'Free', checked_in: false }],
  chats: [message('m1', 1)],
  private_chats: [],
};

describe('live state merge', () => {
  it('merges messages by id, in seq order', () => {
    expect(mergeById([message('m2', 2), message('m1', 1)], [message('m2', 2), message('m3', 3)]).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('applies the next event update, ignores old ones and reports gaps', () => {
    const next = applyUpdate(view, { eventId: 'e', version: 4, prevVersion: 3, scope: 'event', chats: [message('m4', 4)] });
    expect(next.kind).toBe('applied');
    expect(next.view.version).toBe(4);
    expect(applyUpdate(next.view, { eventId: 'e', version: 4, prevVersion: 3, scope: 'event', chats: [message('m4', 4)] }).view.chats).toHaveLength(2);
    // A message the view holds, again in a later update (written through, then in a poll's update): one copy.
    const again = applyUpdate(next.view, { eventId: 'e', version: 5, prevVersion: 4, scope: 'event', chats: [message('m4', 4), message('m5', 5)] });
    expect(again.view.chats.map((m) => m.id)).toEqual(['m1', 'm4', 'm5']);
    expect(applyUpdate(next.view, { eventId: 'e', version: 7, prevVersion: 6, scope: 'event' }).kind).toBe('gap');
    expect(applyUpdate(next.view, { eventId: 'other', version: 7, prevVersion: 6, scope: 'event' })).toEqual({ kind: 'applied', view: next.view });
  });

  it('drops a transferred attendee from the organiser view, and keeps them flagged in the door view', () => {
    const gone = { id: 'a1', name: 'A', image: '', price_category: 'Free', checked_in: false, transferred: true };
    const next = { id: 'a2', name: 'B', image: '', price_category: 'Free', checked_in: false };
    const update = { eventId: 'e', version: 9, prevVersion: 8, scope: 'attendance' as const, attendees: [gone, next] };
    expect(applyUpdate(view, update).view.attendees.map((a) => a.id)).toEqual(['a2']);
    const door = { kind: 'door' as const, eventId: 'e', version: 3, event: summary, gate: 'North gate', attendees: view.attendees };
    expect(applyUpdate(door, update).view.attendees).toEqual([gone, next]);
  });

  it('drops a cancelled attendee from the organiser view, and keeps them flagged in the door view', () => {
    const gone = { id: 'a1', name: 'A', image: '', price_category: 'Free', checked_in: false, cancelled: true };
    const update = { eventId: 'e', version: 9, prevVersion: 8, scope: 'attendance' as const, attendees: [gone] };
    expect(applyUpdate(view, update).view.attendees.map((a) => a.id)).not.toContain('a1');
    const door = { kind: 'door' as const, eventId: 'e', version: 3, event: summary, gate: 'North gate', attendees: view.attendees };
    expect(applyUpdate(door, update).view.attendees.find((a) => a.id === 'a1')).toEqual(gone);
  });

  it('merges a check-in into the organiser view without moving the version', () => {
    const result = applyUpdate(view, { eventId: 'e', version: 9, prevVersion: 8, scope: 'attendance', attendees: [{ id: 'a1', name: 'A', image: '', price_category: 'Free', checked_in: true }] });
    expect(result.view.version).toBe(3);
    expect(result.view.attendees[0]?.checked_in).toBe(true);
  });

  it('places an event update against the held version: next, old or a gap', () => {
    expect(versionStep(undefined, { version: 0, prevVersion: 0 })).toBe('gap');
    expect(versionStep(undefined, { version: 1, prevVersion: -1 })).toBe('next');
    expect(versionStep(3, { version: 4, prevVersion: 3 })).toBe('next');
    expect(versionStep(3, { version: 3, prevVersion: 2 })).toBe('old');
    expect(versionStep(3, { version: 2, prevVersion: 1 })).toBe('old');
    expect(versionStep(3, { version: 6, prevVersion: 5 })).toBe('gap');
  });
});

describe('safety in the live merge', () => {
  const pin = (id: string, seq: number, pinned = true) => ({ id, event_id: 'e', message: id, pinned, created_at: '2026-11-27T10:00:00.000Z', seq });

  it('keeps pinned announcements newest first and drops an unpinned one', () => {
    const pinned = applyUpdate(view, { eventId: 'e', version: 4, prevVersion: 3, scope: 'event', announcements: [pin('a1', 4)] }).view;
    const two = applyUpdate(pinned, { eventId: 'e', version: 5, prevVersion: 4, scope: 'event', announcements: [pin('a2', 5)] }).view;
    expect(two.announcements?.map((a) => a.id)).toEqual(['a2', 'a1']);
    const unpinned = applyUpdate(two, { eventId: 'e', version: 6, prevVersion: 5, scope: 'event', announcements: [pin('a1', 6, false)] }).view;
    expect(unpinned.announcements?.map((a) => a.id)).toEqual(['a2']);
  });

  it("replaces a removed message by its tombstone, and takes the chat's settings", () => {
    const removed = { ...message('m1', 4), message: '', removed: true };
    const next = applyUpdate(view, { eventId: 'e', version: 4, prevVersion: 3, scope: 'event', chats: [removed], chat: { closed: true, slow_mode_seconds: 10 } }).view;
    expect(next.chats).toEqual([removed]);
    expect(next.chat).toEqual({ closed: true, slow_mode_seconds: 10 });
  });

  it('merges reports into the organiser view only, without moving its version', () => {
    const report = {
      id: 'r1', event_id: 'e', message_id: 'm1', room: 'group' as const, reported_attendee_id: 'a1', reported_name: 'A', reported_text: 'm1',
      reporter_id: 'a2', reporter_name: 'B', reason: 'spam' as const, details: '', status: 'open' as const, created_at: '2026-11-27T10:00:00.000Z', handled_at: null, seq: 4,
    };
    const next = applyUpdate(view, { eventId: 'e', version: 4, prevVersion: 3, scope: 'moderation', reports: [report] }).view;
    expect(next.reports).toEqual([report]);
    expect(next.version).toBe(3);
    const handled = applyUpdate(next, { eventId: 'e', version: 5, prevVersion: 4, scope: 'moderation', reports: [{ ...report, status: 'dismissed', seq: 5 }] }).view;
    expect(handled.reports?.map((r) => r.status)).toEqual(['dismissed']);
  });
});
