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
    expect(applyUpdate(next.view, { eventId: 'e', version: 7, prevVersion: 6, scope: 'event' }).kind).toBe('gap');
    expect(applyUpdate(next.view, { eventId: 'other', version: 7, prevVersion: 6, scope: 'event' })).toEqual({ kind: 'applied', view: next.view });
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
