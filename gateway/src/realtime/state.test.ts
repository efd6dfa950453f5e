import type { ChatMessage, LiveAttendee, LiveState, PrivateChat } from '@tapcard/shared/contract';
import { snapshotSchema, updateSchema } from '@tapcard/shared/realtime';
import { describe, expect, test } from 'vitest';
import { GROUP_CHAT_LIMIT } from '@tapcard/shared/constants';
import { applyLiveState, stateFromLive } from './state.js';
import type { EventState } from './state.js';
import { buildUpdates } from './updates.js';
import { buildView } from './views.js';

const E = 'ev-1';
const details = {
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

const chat = (seq: number, attendee_id = 'a1'): ChatMessage => ({
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
const dm = (seq: number, from: string, to: string): PrivateChat => ({ ...chat(seq, from), id: `p${seq}`, attendee_id_1: from, attendee_id_2: to });
const attendee = (id: string, seq: number, checked_in = false): LiveAttendee => ({ id, name: id, image: '', price_category: 'Regular', checked_in, seq });

function live(version: number, part: Partial<LiveState> = {}): LiveState {
  return { event: details, version, full: false, chats: [], private_chats: [], attendees: [], chips: [], ...part };
}

const AT = '2026-01-01T19:02:03.000Z';

const initial: EventState = stateFromLive(
  E,
  live(10, { full: true, attendees: [attendee('a1', 1), attendee('a2', 2), attendee('a3', 3)], chips: [{ id: 'c1', attendee_id: null }] }),
);

describe('applyLiveState', () => {
  test('the first answer is the state and emits nothing', () => {
    expect(applyLiveState(E, undefined, live(3, { full: true })).kind).toBe('initial');
  });

  test('an answer at the same version changes nothing', () => {
    expect(applyLiveState(E, initial, live(10)).kind).toBe('unchanged');
  });

  test('a diff adds messages, upserts attendees and chips, and says what changed', () => {
    const result = applyLiveState(
      E,
      initial,
      live(13, {
        chats: [chat(11)],
        private_chats: [dm(12, 'a1', 'a2')],
        attendees: [attendee('a3', 13, true)],
        chips: [{ id: 'c1', attendee_id: 'a2' }],
      }),
    );
    if (result.kind !== 'changed') throw new Error(result.kind);
    expect(result.state.version).toBe(13);
    expect(result.state.chats.map((m) => m.id)).toEqual(['m11']);
    expect(result.state.attendees.find((a) => a.id === 'a3')?.checked_in).toBe(true);
    expect(result.state.attendees).toHaveLength(3);
    expect(result.changes).toMatchObject({ prevVersion: 10, version: 13, event: undefined });
    expect(result.changes.attendees.map((a) => a.id)).toEqual(['a3']);
    expect(result.changes.chips).toEqual([{ id: 'c1', attendee_id: 'a2' }]);
  });

  test('a chip is reported when the attendee bound to it changes', () => {
    const bound = { ...initial, chips: [{ id: 'c1', attendee_id: 'a1' }] };
    const result = applyLiveState(E, bound, live(11, { attendees: [attendee('a1', 11, true)] }));
    if (result.kind !== 'changed') throw new Error(result.kind);
    expect(result.changes.chips.map((c) => c.id)).toEqual(['c1']);
  });

  test('only the last group messages are kept', () => {
    const many = Array.from({ length: GROUP_CHAT_LIMIT + 5 }, (_, i) => chat(11 + i));
    const result = applyLiveState(E, initial, live(11 + many.length, { chats: many }));
    expect(result.state?.chats).toHaveLength(GROUP_CHAT_LIMIT);
    expect(result.state?.chats.at(-1)?.id).toBe(many.at(-1)?.id);
  });

  test('a counter that went backwards asks for a full read', () => {
    expect(applyLiveState(E, initial, live(5))).toEqual({ kind: 'reset', state: undefined });
  });
});

describe('buildUpdates', () => {
  const result = applyLiveState(
    E,
    initial,
    live(14, {
      event: { ...details, title: 'Launch (moved)' },
      chats: [chat(11)],
      private_chats: [dm(12, 'a1', 'a2'), dm(13, 'admin-u1', 'a3')],
      attendees: [{ ...attendee('a3', 14, true), checked_in_at: AT, checked_in_by: 'North gate' }],
      chips: [{ id: 'c1', attendee_id: 'a3' }],
    }),
  );
  if (result.kind !== 'changed') throw new Error(result.kind);
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

  test('attendance goes to the organisers and the door with time and gate, to the attendee alone without; chips to their room', () => {
    const scoped = updates.filter((u) => u.update.scope === 'attendance' || u.update.scope === 'chip').map((u) => u.room);
    expect(scoped).toEqual([[`org:${E}`, `door:${E}`], `att:${E}:a3`, `chip:${E}:c1`]);
    const [staff, own] = updates.filter((u) => u.update.scope === 'attendance').map((u) => u.update.attendees);
    expect(staff).toEqual([{ ...publicA3, checked_in_at: AT, checked_in_by: 'North gate' }]);
    expect(own).toEqual([publicA3]);
    const chip = updates.find((u) => u.update.scope === 'chip')?.update.chip;
    expect(chip).toEqual({ chipId: 'c1', attendee: publicA3 });
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
    const quiet = applyLiveState(E, initial, live(11, { private_chats: [dm(11, 'a1', 'a2')] }));
    if (quiet.kind !== 'changed') throw new Error(quiet.kind);
    const last = buildUpdates(quiet.state, quiet.changes).at(-1);
    expect(last?.update).toEqual({ eventId: E, version: 11, prevVersion: 10, scope: 'event', chats: [] });
  });
});

describe('buildView', () => {
  const state: EventState = {
    ...initial,
    chats: [chat(4)],
    private_chats: [dm(5, 'a1', 'a2'), dm(6, 'a2', 'a3'), dm(7, 'admin-u1', 'a2')],
    chips: [{ id: 'c1', attendee_id: 'a2' }],
  };
  const fallback = { id: 'a9', name: 'x', image: '', price_category: '', checked_in: false };

  test('an attendee sees only the private messages they are a party to', () => {
    const view = snapshotSchema.parse(buildView(state, { kind: 'arena', attendeeId: 'a1', fallback }));
    if (view.kind !== 'arena') throw new Error(view.kind);
    expect(view.private_chats.map((m) => m.id)).toEqual(['p5']);
    expect(view.attendee.id).toBe('a1');
  });

  test('an organiser sees every attendee and the admin conversations only', () => {
    const view = snapshotSchema.parse(buildView(state, { kind: 'organiser' }));
    if (view.kind !== 'organiser') throw new Error(view.kind);
    expect(view.attendees).toHaveLength(3);
    expect(view.private_chats.map((m) => m.id)).toEqual(['p7']);
  });

  test('the door sees its gate and every attendee with the check-in time and gate, and no chat', () => {
    const checked = { ...state, attendees: state.attendees.map((a) => (a.id === 'a2' ? { ...a, checked_in: true, checked_in_at: AT, checked_in_by: 'North gate' } : a)) };
    const view = snapshotSchema.parse(buildView(checked, { kind: 'door', gate: 'South gate', linkId: 'l1', expiresAt: Date.now() + 60_000, session: 's' }));
    if (view.kind !== 'door') throw new Error(view.kind);
    expect(view.gate).toBe('South gate');
    expect(view.attendees.find((a) => a.id === 'a2')).toMatchObject({ checked_in: true, checked_in_at: AT, checked_in_by: 'North gate' });
    expect(view.attendees.find((a) => a.id === 'a1')).toMatchObject({ checked_in: false, checked_in_at: null, checked_in_by: null });
    expect(view).not.toHaveProperty('chats');
    expect(view).not.toHaveProperty('private_chats');
    const organiser = snapshotSchema.parse(buildView(checked, { kind: 'organiser' }));
    if (organiser.kind !== 'organiser') throw new Error(organiser.kind);
    expect(organiser.attendees.find((a) => a.id === 'a2')).toMatchObject({ checked_in_at: AT, checked_in_by: 'North gate' });
    const arena = snapshotSchema.parse(buildView(checked, { kind: 'arena', attendeeId: 'a2', fallback }));
    if (arena.kind !== 'arena') throw new Error(arena.kind);
    expect(arena.attendee).toEqual({ id: 'a2', name: 'a2', image: '', price_category: 'Regular', checked_in: true });
  });

  test('a chip shows the attendee bound to it', () => {
    const view = snapshotSchema.parse(buildView(state, { kind: 'chip', chipId: 'c1', fallback: null }));
    if (view.kind !== 'chip') throw new Error(view.kind);
    expect(view.attendee?.id).toBe('a2');
    expect(view).not.toHaveProperty('private_chats');
  });
});
