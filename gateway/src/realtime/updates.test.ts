import { adminIdOf } from '@tapcard/shared/domain';
import { applyUpdate, snapshotSchema, updateSchema } from '@tapcard/shared/realtime';
import type { Snapshot, Update } from '@tapcard/shared/realtime';
import { describe, expect, test } from 'vitest';
import { E, announcement, attendee, chat, details, dm, live, removed, report } from '../test/live-state.js';
import { rooms } from './rooms.js';
import { applyLiveState, stateFromLive } from './state.js';
import type { ApplyResult, EventState } from './state.js';
import { buildUpdates } from './updates.js';
import type { Addressed } from './updates.js';
import { buildView } from './views.js';
import type { Audience } from './views.js';

const AT = '2026-01-01T19:02:03.000Z';
const UNTIL = '2026-01-01T18:40:00.000Z';
const ADMIN = adminIdOf('u1');

const initial: EventState = stateFromLive(
  E,
  live(10, {
    full: true,
    attendees: [attendee('a1', 1), attendee('a2', 2), attendee('a3', 3)],
    chips: [{ id: 'c1', attendee_id: null }],
    chats: [chat(4, 'a2'), chat(5, 'a3')],
    private_chats: [dm(6, 'a2', 'a1')],
    announcements: [announcement(1, 7)],
  }),
);

function changed(result: ApplyResult) {
  if (result.kind !== 'changed') throw new Error(result.kind);
  return result;
}

/** The updates that reach a socket in `socketRooms`, as the emitter addresses them. */
function received(updates: Addressed[], socketRooms: string[]): Update[] {
  const isIn = (room: string) => socketRooms.includes(room);
  return updates.filter((u) => [u.room].flat().some(isIn) && !(u.except !== undefined && isIn(u.except))).map((u) => u.update);
}

function roomsOf(updates: Addressed[], scope: Update['scope']) {
  return updates.filter((u) => u.update.scope === scope).map((u) => u.room);
}

describe('buildUpdates', () => {
  const result = changed(
    applyLiveState(
      E,
      initial,
      live(14, {
        event: { ...details, title: 'Launch (moved)' },
        chats: [chat(11)],
        private_chats: [dm(12, 'a1', 'a2'), dm(13, ADMIN, 'a3')],
        attendees: [{ ...attendee('a3', 14, true), checked_in_at: AT, checked_in_by: 'North gate' }],
        chips: [{ id: 'c1', attendee_id: 'a3' }],
      }),
    ),
  );
  const updates = buildUpdates(result.state, result.changes);
  const publicA3 = { id: 'a3', name: 'a3', image: '', price_category: 'Regular', checked_in: true };

  test('every update parses with the shared schema and carries the version pair', () => {
    for (const { update } of updates) {
      expect(updateSchema.parse(update)).toEqual(update);
      expect(update).toMatchObject({ eventId: E, version: 14, prevVersion: 10 });
    }
  });

  test('private messages go to their two parties only; an admin- party is the organiser room', () => {
    const privateRooms = updates.filter((u) => u.update.scope === 'private').map((u) => [u.room, u.update.private_chats?.map((m) => m.id)]);
    expect(privateRooms).toEqual([
      [`att:${E}:a1`, ['p12']],
      [`att:${E}:a2`, ['p12']],
      [`org:${E}`, ['p13']],
      [`att:${E}:a3`, ['p13']],
    ]);
  });

  test('attendance goes to the organisers and the door with time and gate, to the attendee alone with their own; chips to their room without', () => {
    expect(updates.filter((u) => u.update.scope === 'attendance' || u.update.scope === 'chip').map((u) => [u.room, u.except])).toEqual([
      [`org:${E}`, undefined],
      [`door:${E}`, `org:${E}`],
      [`att:${E}:a3`, undefined],
      [`chip:${E}:c1`, undefined],
    ]);
    const [organiser, door, own] = updates.filter((u) => u.update.scope === 'attendance').map((u) => u.update.attendees);
    expect(organiser).toEqual([{ ...publicA3, checked_in_at: AT, checked_in_by: 'North gate', mute: null, hidden: false }]);
    expect(door).toEqual([{ ...publicA3, checked_in_at: AT, checked_in_by: 'North gate' }]);
    expect(own).toEqual([{ ...publicA3, checked_in_at: AT, checked_in_by: 'North gate', mute: null, hidden: false, dm_policy: 'anyone' }]);
    expect(updates.find((u) => u.update.scope === 'chip')?.update.chip).toEqual({ chipId: 'c1', attendee: publicA3 });
  });

  test('one event update comes last, to everyone, with the group messages and the new details; the door has its own without chats', () => {
    const last = updates.at(-1);
    expect(last?.room).toBe(`ev:${E}`);
    expect(last?.update.scope).toBe('event');
    expect(last?.update.chats?.map((m) => m.id)).toEqual(['m11']);
    expect(last?.update.event?.title).toBe('Launch (moved)');
    expect(last?.update.event).not.toHaveProperty('user_id');
    const events = updates.filter((u) => u.update.scope === 'event');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ room: `door:${E}`, except: `ev:${E}`, update: { version: 14, prevVersion: 10, event: { title: 'Launch (moved)' } } });
    expect(events[0]?.update).not.toHaveProperty('chats');
  });

  test('a version with nothing for everyone still sends the event update', () => {
    const quiet = changed(applyLiveState(E, initial, live(11, { private_chats: [dm(11, 'a1', 'a2')] })));
    const last = buildUpdates(quiet.state, quiet.changes).at(-1);
    expect(last?.update).toEqual({ eventId: E, version: 11, prevVersion: 10, scope: 'event', chats: [] });
  });
});

describe('moderation and safety updates reach only the rooms entitled to them', () => {
  function updatesOf(part: Parameters<typeof live>[1]): Addressed[] {
    const result = changed(applyLiveState(E, initial, live(20, part)));
    const updates = buildUpdates(result.state, result.changes);
    for (const { update } of updates) expect(updateSchema.parse(update)).toEqual(update);
    expect(updates.filter((u) => u.update.scope === 'event').map((u) => u.room)).toEqual([`door:${E}`, `ev:${E}`]);
    expect(updates.at(-1)?.room).toBe(`ev:${E}`);
    return updates;
  }

  test('a removed group message rides in the event update to everyone, never to the door', () => {
    const updates = updatesOf({ chats: [removed(chat(4, 'a2'), 20)] });
    expect(updates.at(-1)?.update.chats).toEqual([removed(chat(4, 'a2'), 20)]);
    expect(updates.filter((u) => u.update.scope !== 'event')).toEqual([]);
    expect(updates[0]?.update).toEqual({ eventId: E, version: 20, prevVersion: 10, scope: 'event' });
  });

  test('a removed private message goes to its two parties only', () => {
    const updates = updatesOf({ private_chats: [removed(dm(6, 'a2', 'a1'), 20)] });
    expect(roomsOf(updates, 'private')).toEqual([rooms.attendee(E, 'a2'), rooms.attendee(E, 'a1')]);
    expect(updates.at(-1)?.update.chats).toEqual([]);
  });

  test("a block goes to the blocker's own room only, as the whole list", () => {
    const updates = updatesOf({ blocks: [{ blocker_id: 'a1', blocked_id: 'a2', active: true }, { blocker_id: 'a1', blocked_id: 'a3', active: true }] });
    expect(updates.filter((u) => u.update.scope !== 'event')).toEqual([
      { room: rooms.attendee(E, 'a1'), update: { eventId: E, version: 20, prevVersion: 10, scope: 'private', blocked: ['a2', 'a3'] } },
    ]);
    for (const u of updates) expect(u.update).not.toHaveProperty(u.room === rooms.attendee(E, 'a1') ? 'private_chats' : 'blocked');
  });

  test('reports go to the organisers only, as scope moderation', () => {
    const updates = updatesOf({ reports: [report(4, 20)] });
    expect(updates.filter((u) => u.update.scope !== 'event')).toEqual([
      { room: rooms.organiser(E), update: { eventId: E, version: 20, prevVersion: 10, scope: 'moderation', reports: [report(4, 20)] } },
    ]);
  });

  test('a mute goes to the organisers (with hiding) and to the attendee (with the DM choice too); the door and the chips hear nothing', () => {
    const updates = updatesOf({ attendees: [{ ...attendee('a2', 20), mute: { until: UNTIL } }], chips: [] });
    const bound = changed(applyLiveState(E, { ...initial, chips: [{ id: 'c1', attendee_id: 'a2' }] }, live(20, { attendees: [{ ...attendee('a2', 20), mute: { until: UNTIL } }] })));
    expect(buildUpdates(bound.state, bound.changes).filter((u) => u.update.scope === 'chip')).toEqual([]);
    expect(updates.filter((u) => u.update.scope !== 'event').map((u) => [u.room, u.update.attendees])).toEqual([
      [rooms.organiser(E), [{ id: 'a2', name: 'a2', image: '', price_category: 'Regular', checked_in: false, checked_in_at: null, checked_in_by: null, mute: { until: UNTIL }, hidden: false }]],
      [rooms.attendee(E, 'a2'), [{ id: 'a2', name: 'a2', image: '', price_category: 'Regular', checked_in: false, checked_in_at: null, checked_in_by: null, mute: { until: UNTIL }, hidden: false, dm_policy: 'anyone' }]],
    ]);
  });

  test("a DM choice goes to the attendee's own room only; hiding to them and the organisers", () => {
    const dmOnly = updatesOf({ attendees: [{ ...attendee('a2', 20), dm_policy: 'replied' }] });
    expect(dmOnly.filter((u) => u.update.scope !== 'event').map((u) => u.room)).toEqual([rooms.attendee(E, 'a2')]);
    expect(dmOnly[0]?.update.attendees?.[0]?.dm_policy).toBe('replied');
    const hidden = updatesOf({ attendees: [{ ...attendee('a2', 20), hidden: true }] });
    expect(hidden.filter((u) => u.update.scope !== 'event').map((u) => u.room)).toEqual([rooms.organiser(E), rooms.attendee(E, 'a2')]);
  });

  test('chat settings and announcements go in the event update to everyone, never in the door one', () => {
    const updates = updatesOf({ chat: { closed: true, slow_mode_seconds: 30 }, announcements: [{ ...announcement(1, 19), pinned: false }, announcement(2, 20)] });
    expect(updates.filter((u) => u.update.scope !== 'event')).toEqual([]);
    expect(updates.at(-1)?.update).toMatchObject({ chat: { closed: true, slow_mode_seconds: 30 }, announcements: [{ id: 'an1', pinned: false }, { id: 'an2', pinned: true }] });
    expect(updates[0]?.update).toEqual({ eventId: E, version: 20, prevVersion: 10, scope: 'event' });
  });

  test("an organiser's message for some attendees goes to their rooms and the organisers', without its list", () => {
    const updates = updatesOf({ announcements: [{ ...announcement(3, 20), subject: 'Doors', recipients: ['a2', 'a3'] }] });
    expect(updates.filter((u) => u.update.announcements).map((u) => u.room)).toEqual([rooms.attendee(E, 'a2'), rooms.attendee(E, 'a3'), rooms.organiser(E)]);
    expect(JSON.stringify(updates)).not.toContain('recipients');
    expect(updates.at(-1)?.update.announcements).toBeUndefined();
  });
});

/**
 * A client holding a view at the previous version that applies, with the shared merge, the updates its
 * rooms receive ends where a fresh snapshot of the new state starts: no audience misses a change, and
 * none learns more than its own view shows.
 */
describe('the updates a socket receives bring its view to the next snapshot', () => {
  const audiences: { name: string; audience: Audience; rooms: string[] }[] = [
    { name: 'arena a1', audience: { kind: 'arena', attendeeId: 'a1', fallback: attendee('a1', 0) }, rooms: [rooms.event(E), rooms.attendee(E, 'a1')] },
    { name: 'arena a2', audience: { kind: 'arena', attendeeId: 'a2', fallback: attendee('a2', 0) }, rooms: [rooms.event(E), rooms.attendee(E, 'a2')] },
    { name: 'arena a3', audience: { kind: 'arena', attendeeId: 'a3', fallback: attendee('a3', 0) }, rooms: [rooms.event(E), rooms.attendee(E, 'a3')] },
    { name: 'organiser', audience: { kind: 'organiser' }, rooms: [rooms.event(E), rooms.organiser(E)] },
    { name: 'chip', audience: { kind: 'chip', chipId: 'c1', fallback: null }, rooms: [rooms.event(E), rooms.chip(E, 'c1')] },
    { name: 'door', audience: { kind: 'door', gate: 'North gate', linkId: 'l1', expiresAt: Date.now() + 60_000, session: 's' }, rooms: [rooms.door(E)] },
  ];
  const steps: { name: string; part: Parameters<typeof live>[1] }[] = [
    { name: 'a block, a report and a removal', part: { blocks: [{ blocker_id: 'a1', blocked_id: 'a2', active: true }], reports: [report(4, 18)], chats: [removed(chat(4, 'a2'), 19)] } },
    { name: 'a mute, a check-in and a chip bound', part: { attendees: [{ ...attendee('a2', 18, true), mute: { until: null }, checked_in_at: AT, checked_in_by: 'North gate' }], chips: [{ id: 'c1', attendee_id: 'a2' }] } },
    { name: 'settings, pins and a removed private message', part: { chat: { closed: true, slow_mode_seconds: 5 }, announcements: [{ ...announcement(1, 18), pinned: false }, announcement(2, 19)], private_chats: [removed(dm(6, 'a2', 'a1'), 20)] } },
    { name: "an organiser's message for a2 only, and one for everyone", part: { announcements: [{ ...announcement(3, 18), subject: 'Doors', recipients: ['a2'] }, { ...announcement(4, 19), subject: 'Hello', recipients: null }] } },
    { name: 'hiding, a DM choice and an unblock', part: { attendees: [{ ...attendee('a1', 18), hidden: true, dm_policy: 'nobody' }], blocks: [{ blocker_id: 'a1', blocked_id: 'a2', active: false }] } },
  ];

  for (const step of steps) {
    test(step.name, () => {
      const before = changed(applyLiveState(E, initial, live(12, { blocks: [{ blocker_id: 'a1', blocked_id: 'a3', active: true }], reports: [report(1, 11)] }))).state;
      const after = changed(applyLiveState(E, before, live(20, step.part)));
      const updates = buildUpdates(after.state, after.changes);
      for (const { name, audience, rooms: socketRooms } of audiences) {
        let view: Snapshot = snapshotSchema.parse(buildView(before, audience));
        for (const update of received(updates, socketRooms)) {
          const applied = applyUpdate(view, update);
          expect(applied.kind, name).toBe('applied');
          view = applied.view;
        }
        expect(view, name).toEqual(snapshotSchema.parse(buildView(after.state, audience)));
      }
    });
  }
});
