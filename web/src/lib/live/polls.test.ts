import { describe, expect, it } from 'vitest';
import type { Announcement } from '@tapcard/shared/contract';
import { arenaViewSchema, chipViewSchema, organiserViewSchema } from '@tapcard/shared/realtime';
import { ada, adminEvent, attendeeToken, chipRecord, EVENT_ID } from '../../test/event-fixtures.js';
import { arenaViewOf, chipViewOf, organiserViewOf } from './polls.js';

/** The REST fallback builds the same views the socket sends, the safety fields included. */

const pinned: Announcement = { id: 'a1', event_id: EVENT_ID, message: 'Lunch at one', pinned: true, created_at: '2024-05-01T10:00:00.000Z', seq: 3 };

describe('the polled views', () => {
  it("carry the arena's chat settings, pins, blocks and the attendee's own mute, hiding and DM policy", () => {
    const token = attendeeToken();
    const view = arenaViewOf({
      ...token,
      attendee: { ...token.attendee, mute: { until: null }, hidden: true, dm_policy: 'nobody', blocked: ['att-bola'], chat: { closed: true, slow_mode_seconds: 30 }, announcements: [pinned] },
    });
    expect(arenaViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ chat: { closed: true, slow_mode_seconds: 30 }, announcements: [pinned], blocked: ['att-bola'] });
    expect(view.attendee).toEqual({ ...ada, mute: { until: null }, hidden: true, dm_policy: 'nobody' });
  });

  it('leave them out when an upstream does not send them, as a gateway that predates them does', () => {
    const view = arenaViewOf(attendeeToken());
    expect(view).not.toHaveProperty('chat');
    expect(view).not.toHaveProperty('announcements');
    expect(view).not.toHaveProperty('blocked');
    expect(view.attendee).toEqual(ada);
  });

  it("carry a chip chat's settings and pins", () => {
    const view = chipViewOf(chipRecord({ chat: { closed: false, slow_mode_seconds: 10 }, announcements: [pinned] }));
    expect(chipViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ chat: { closed: false, slow_mode_seconds: 10 }, announcements: [pinned] });
    expect(chipViewOf(chipRecord())).not.toHaveProperty('chat');
  });

  it("carry the organiser's chat settings, pins, reports and each attendee's mute and hidden mark, so a polled moderation screen shows them", () => {
    const admin = adminEvent();
    const [first] = admin.attendees;
    if (!first) throw new Error('the fixture has an attendee');
    const report = {
      id: 'r1', event_id: EVENT_ID, message_id: 'm1', room: 'group' as const, reported_attendee_id: first.id, reported_name: first.name, reported_text: 'Buy now',
      reporter_id: 'att-bola', reporter_name: 'Bola Ade', reason: 'spam' as const, details: '', status: 'open' as const, created_at: '2024-05-01T10:00:00.000Z', handled_at: null, seq: 4,
    };
    const view = organiserViewOf({
      ...admin,
      attendees: [{ ...first, mute: { until: '2024-05-01T18:40:00.000Z' }, hidden: true }, ...admin.attendees.slice(1)],
      chat: { closed: true, slow_mode_seconds: 60 },
      announcements: [pinned],
      reports: [report],
    });
    expect(organiserViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ chat: { closed: true, slow_mode_seconds: 60 }, announcements: [pinned], reports: [report] });
    expect(view.attendees[0]).toMatchObject({ mute: { until: '2024-05-01T18:40:00.000Z' }, hidden: true });
    expect(organiserViewOf(admin)).not.toHaveProperty('reports');
  });
});
