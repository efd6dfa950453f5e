import { OPEN_CHAT } from '@tapcard/shared/contract';
import { snapshotSchema } from '@tapcard/shared/realtime';
import type { Snapshot } from '@tapcard/shared/realtime';
import { describe, expect, test } from 'vitest';
import { E, announcement, attendee, chat, dm, live, removed, report } from '../test/live-state.js';
import { stateFromLive } from './state.js';
import type { EventState } from './state.js';
import { buildView } from './views.js';
import type { Audience } from './views.js';

const AT = '2026-01-01T19:02:03.000Z';
const UNTIL = '2026-01-01T18:40:00.000Z';

const state: EventState = stateFromLive(
  E,
  live(20, {
    full: true,
    attendees: [
      { ...attendee('a1', 1), dm_policy: 'replied' },
      { ...attendee('a2', 2, true), checked_in_at: AT, checked_in_by: 'North gate', mute: { until: UNTIL }, hidden: true, dm_policy: 'nobody' },
      attendee('a3', 3),
    ],
    chats: [chat(4), removed(chat(5, 'a2'), 19)],
    private_chats: [dm(6, 'a1', 'a2'), dm(7, 'a2', 'a3'), dm(8, 'admin-u1', 'a2')],
    chips: [{ id: 'c1', attendee_id: 'a2' }],
    chat: { closed: true, slow_mode_seconds: 30 },
    announcements: [announcement(1, 9), announcement(2, 12)],
    blocks: [
      { blocker_id: 'a1', blocked_id: 'a2', active: true },
      { blocker_id: 'a2', blocked_id: 'a3', active: true },
    ],
    reports: [report(1, 10), report(2, 11, 'resolved')],
  }),
);
const fallback = { id: 'a9', name: 'x', image: '', price_category: '', checked_in: false };

function view<K extends Snapshot['kind']>(kind: K, audience: Audience, from: EventState = state): Extract<Snapshot, { kind: K }> {
  const parsed = snapshotSchema.parse(buildView(from, audience));
  if (parsed.kind !== kind) throw new Error(parsed.kind);
  return parsed as Extract<Snapshot, { kind: K }>;
}

/** Attendee a2 as the organiser sees them (the attendee themselves also sees their DM choice). */
const a2Seen = {
  id: 'a2',
  name: 'a2',
  image: '',
  price_category: 'Regular',
  checked_in: true,
  checked_in_at: AT,
  checked_in_by: 'North gate',
  mute: { until: UNTIL },
  hidden: true,
};

const door: Audience = { kind: 'door', gate: 'South gate', linkId: 'l1', expiresAt: Date.now() + 60_000, session: 's' };

describe('buildView', () => {
  test('an attendee sees only the private messages they are a party to, their own safety state and whom they blocked', () => {
    const arena = view('arena', { kind: 'arena', attendeeId: 'a2', fallback });
    expect(arena.private_chats.map((m) => m.id)).toEqual(['p6', 'p7', 'p8']);
    expect(arena.attendee).toEqual({ ...a2Seen, dm_policy: 'nobody' });
    expect(arena.blocked).toEqual(['a3']);
    expect(view('arena', { kind: 'arena', attendeeId: 'a1', fallback }).blocked).toEqual(['a2']);
    // The blocked attendee never learns who blocked them.
    expect(view('arena', { kind: 'arena', attendeeId: 'a3', fallback }).blocked).toEqual([]);
  });

  test("every chat view has the chat's settings, the pinned announcements newest first and the removed message without text", () => {
    const audiences: Audience[] = [{ kind: 'arena', attendeeId: 'a3', fallback }, { kind: 'organiser' }, { kind: 'chip', chipId: 'c1', fallback: null }];
    for (const audience of audiences) {
      const v = snapshotSchema.parse(buildView(state, audience));
      if (v.kind === 'door') throw new Error(v.kind);
      expect(v.chat, audience.kind).toEqual({ closed: true, slow_mode_seconds: 30 });
      expect(v.announcements?.map((a) => a.id), audience.kind).toEqual(['an2', 'an1']);
      expect(v.chats.map((m) => [m.id, m.message, m.removed ?? false]), audience.kind).toEqual([
        ['m4', 'hello 4', false],
        ['m5', '', true],
      ]);
    }
  });

  test('an attendee the state does not know yet is shown from their token, with the defaults of an upstream that has no safety state', () => {
    const arena = view('arena', { kind: 'arena', attendeeId: 'a9', fallback });
    expect(arena.attendee).toEqual({ ...fallback, checked_in_at: null, checked_in_by: null, mute: null, hidden: false, dm_policy: 'anyone' });
    expect(arena.blocked).toEqual([]);
    expect(view('arena', { kind: 'arena', attendeeId: 'a3', fallback }).attendee).toMatchObject({ mute: null, hidden: false, dm_policy: 'anyone' });
  });

  test('an organiser sees every attendee with the mute and hiding (never the DM choice), the admin conversations and the reports newest first', () => {
    const organiser = view('organiser', { kind: 'organiser' });
    expect(organiser.attendees).toHaveLength(3);
    expect(organiser.attendees.find((a) => a.id === 'a2')).toEqual(a2Seen);
    for (const a of organiser.attendees) expect(a).not.toHaveProperty('dm_policy');
    expect(organiser.private_chats.map((m) => m.id)).toEqual(['p8']);
    expect(organiser.reports?.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(organiser).not.toHaveProperty('blocked');
  });

  test('the door sees its gate and every attendee with the check-in time and gate, and no chat nor safety state', () => {
    const v = view('door', door);
    expect(v.gate).toBe('South gate');
    expect(v.attendees.find((a) => a.id === 'a2')).toEqual({ id: 'a2', name: 'a2', image: '', price_category: 'Regular', checked_in: true, checked_in_at: AT, checked_in_by: 'North gate' });
    expect(v.attendees.find((a) => a.id === 'a1')).toMatchObject({ checked_in: false, checked_in_at: null, checked_in_by: null });
    for (const a of v.attendees) for (const key of ['mute', 'hidden', 'dm_policy']) expect(a).not.toHaveProperty(key);
    for (const key of ['chats', 'private_chats', 'chat', 'announcements', 'reports', 'blocked']) expect(v).not.toHaveProperty(key);
  });

  test('a chip shows the public record of the attendee bound to it, whatever their safety state', () => {
    const chip = view('chip', { kind: 'chip', chipId: 'c1', fallback: null });
    expect(chip.attendee).toEqual({ id: 'a2', name: 'a2', image: '', price_category: 'Regular', checked_in: true });
    expect(chip).not.toHaveProperty('private_chats');
    expect(chip).not.toHaveProperty('reports');
    expect(chip).not.toHaveProperty('blocked');
  });

  test("an attendee's own arena carries their own check-in time and gate (the ticket page shows it); a chip page never does", () => {
    expect(view('arena', { kind: 'arena', attendeeId: 'a2', fallback }).attendee).toMatchObject({ id: 'a2', checked_in_at: AT, checked_in_by: 'North gate' });
    const chip = view('chip', { kind: 'chip', chipId: 'c1', fallback: null }).attendee;
    expect(chip).not.toBeNull();
    expect(chip).not.toHaveProperty('checked_in_at');
    expect(chip).not.toHaveProperty('checked_in_by');
  });

  test('a state from an upstream without the safety state: an open chat and nothing pinned, reported or blocked', () => {
    const bare = stateFromLive(E, live(3, { full: true, attendees: [attendee('a1', 1)] }));
    expect(view('organiser', { kind: 'organiser' }, bare)).toMatchObject({ chat: OPEN_CHAT, announcements: [], reports: [] });
    expect(view('arena', { kind: 'arena', attendeeId: 'a1', fallback }, bare)).toMatchObject({ chat: OPEN_CHAT, announcements: [], blocked: [] });
  });

  test('a transferred ticket: the door keeps its old holder flagged (to refuse the old QR code), the organiser list drops them, their own arena is told', () => {
    const moved = stateFromLive(E, live(4, { full: true, attendees: [{ ...attendee('a1', 1), transferred: true }, attendee('a2', 2)] }));
    expect(view('door', door, moved).attendees.find((a) => a.id === 'a1')).toMatchObject({ transferred: true });
    expect(view('door', door, moved).attendees.find((a) => a.id === 'a2')).not.toHaveProperty('transferred');
    expect(view('organiser', { kind: 'organiser' }, moved).attendees.map((a) => a.id)).toEqual(['a2']);
    expect(view('arena', { kind: 'arena', attendeeId: 'a1', fallback }, moved).attendee).toMatchObject({ transferred: true });
  });

  test('a cancelled ticket, like a transferred one: the door keeps it flagged, the organiser list drops it, its own arena is told', () => {
    const gone = stateFromLive(E, live(4, { full: true, attendees: [{ ...attendee('a1', 1), cancelled: true }, attendee('a2', 2)] }));
    expect(view('door', door, gone).attendees.find((a) => a.id === 'a1')).toMatchObject({ cancelled: true });
    expect(view('door', door, gone).attendees.find((a) => a.id === 'a2')).not.toHaveProperty('cancelled');
    expect(view('organiser', { kind: 'organiser' }, gone).attendees.map((a) => a.id)).toEqual(['a2']);
    expect(view('arena', { kind: 'arena', attendeeId: 'a1', fallback }, gone).attendee).toMatchObject({ cancelled: true });
  });
});
