import { GROUP_CHAT_LIMIT, LIVE_REPORTS_LIMIT } from '@tapcard/shared/constants';
import { OPEN_CHAT, liveStateSchema } from '@tapcard/shared/contract';
import { describe, expect, test } from 'vitest';
import { E, announcement, attendee, chat, details, dm, live, removed, report } from '../test/live-state.js';
import { applyLiveState, applyWritten, eventStateSchema, stateFromLive } from './state.js';
import type { ApplyResult, EventState } from './state.js';

const initial: EventState = stateFromLive(
  E,
  live(10, { full: true, attendees: [attendee('a1', 1), attendee('a2', 2), attendee('a3', 3)], chips: [{ id: 'c1', attendee_id: null }] }),
);

function changed(result: ApplyResult) {
  if (result.kind !== 'changed') throw new Error(result.kind);
  return result;
}

describe('applyLiveState', () => {
  test('the first answer is the state and emits nothing', () => {
    expect(applyLiveState(E, undefined, live(3, { full: true })).kind).toBe('initial');
  });

  test('an answer at the same version changes nothing', () => {
    expect(applyLiveState(E, initial, live(10)).kind).toBe('unchanged');
  });

  test('a diff adds messages, upserts attendees and chips, and says what changed', () => {
    const result = changed(
      applyLiveState(
        E,
        initial,
        live(13, {
          chats: [chat(11)],
          private_chats: [dm(12, 'a1', 'a2')],
          attendees: [attendee('a3', 13, true)],
          chips: [{ id: 'c1', attendee_id: 'a2' }],
        }),
      ),
    );
    expect(result.state.version).toBe(13);
    expect(result.state.chats.map((m) => m.id)).toEqual(['m11']);
    expect(result.state.attendees.find((a) => a.id === 'a3')?.checked_in).toBe(true);
    expect(result.state.attendees).toHaveLength(3);
    expect(result.changes).toMatchObject({ prevVersion: 10, version: 13, event: undefined, chat: undefined, announcements: [], blockers: [], reports: [] });
    expect(result.changes.attendees.map((a) => a.id)).toEqual(['a3']);
    expect(result.changes.previousAttendees.get('a3')?.checked_in).toBe(false);
    expect(result.changes.chips).toEqual([{ id: 'c1', attendee_id: 'a2' }]);
  });

  test('a chip is reported when the public record of the attendee bound to it changes, not for their safety state', () => {
    const bound = { ...initial, chips: [{ id: 'c1', attendee_id: 'a1' }] };
    const checkedIn = changed(applyLiveState(E, bound, live(11, { attendees: [attendee('a1', 11, true)] })));
    expect(checkedIn.changes.chips.map((c) => c.id)).toEqual(['c1']);
    const muted = changed(applyLiveState(E, bound, live(11, { attendees: [{ ...attendee('a1', 11), mute: { until: null } }] })));
    expect(muted.changes.attendees.map((a) => a.id)).toEqual(['a1']);
    expect(muted.changes.chips).toEqual([]);
  });

  test('a mute, its end, hiding and the DM choice each change the attendee; the same values sent again do not', () => {
    const cases = [{ mute: { until: '2026-01-01T18:40:00.000Z' } }, { mute: { until: null } }, { hidden: true }, { dm_policy: 'nobody' as const }];
    for (const safety of cases) {
      const result = changed(applyLiveState(E, initial, live(11, { attendees: [{ ...attendee('a2', 11), ...safety }] })));
      expect(result.changes.attendees.map((a) => a.id), JSON.stringify(safety)).toEqual(['a2']);
      const again = changed(applyLiveState(E, result.state, live(12, { attendees: [{ ...attendee('a2', 12), ...safety }] })));
      expect(again.changes.attendees, JSON.stringify(safety)).toEqual([]);
    }
    // The defaults of an upstream that knows none of these are the same as saying them.
    const said = changed(applyLiveState(E, initial, live(11, { attendees: [{ ...attendee('a2', 11), mute: null, hidden: false, dm_policy: 'anyone' }] })));
    expect(said.changes.attendees).toEqual([]);
    const muted = changed(applyLiveState(E, initial, live(11, { attendees: [{ ...attendee('a2', 11), mute: { until: '2026-01-01T18:40:00.000Z' } }] })));
    const longer = changed(applyLiveState(E, muted.state, live(12, { attendees: [{ ...attendee('a2', 12), mute: { until: '2026-01-01T19:40:00.000Z' } }] })));
    expect(longer.changes.attendees.map((a) => a.mute)).toEqual([{ until: '2026-01-01T19:40:00.000Z' }]);
  });

  test('a transferred ticket changes the attendee (the door must hear of it); the same flag sent again does not', () => {
    const result = changed(applyLiveState(E, initial, live(11, { attendees: [{ ...attendee('a2', 11), transferred: true }] })));
    expect(result.changes.attendees.map((a) => a.id)).toEqual(['a2']);
    const again = changed(applyLiveState(E, result.state, live(12, { attendees: [{ ...attendee('a2', 12), transferred: true }] })));
    expect(again.changes.attendees).toEqual([]);
  });

  test('a cancelled ticket changes the attendee (the door must hear of it); the same flag sent again does not', () => {
    const result = changed(applyLiveState(E, initial, live(11, { attendees: [{ ...attendee('a2', 11), cancelled: true }] })));
    expect(result.changes.attendees.map((a) => a.id)).toEqual(['a2']);
    const again = changed(applyLiveState(E, result.state, live(12, { attendees: [{ ...attendee('a2', 12), cancelled: true }] })));
    expect(again.changes.attendees).toEqual([]);
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

describe('removed messages', () => {
  const withMessages = changed(applyLiveState(E, initial, live(13, { chats: [chat(11), chat(12, 'a2')], private_chats: [dm(13, 'a1', 'a2')] }))).state;

  test('come again with the removal seq, replace their copy in the state and go out like new messages', () => {
    const result = changed(applyLiveState(E, withMessages, live(15, { chats: [removed(chat(12, 'a2'), 14)], private_chats: [removed(dm(13, 'a1', 'a2'), 15)] })));
    expect(result.state.chats.map((m) => [m.id, m.message, m.removed ?? false])).toEqual([
      ['m11', 'hello 11', false],
      ['m12', '', true],
    ]);
    expect(result.state.private_chats).toEqual([removed(dm(13, 'a1', 'a2'), 15)]);
    expect(result.changes.chats).toEqual([removed(chat(12, 'a2'), 14)]);
    expect(result.changes.privateChats).toEqual([removed(dm(13, 'a1', 'a2'), 15)]);
  });

  test('a removal is never undone by an older copy of the message', () => {
    const gone = changed(applyLiveState(E, withMessages, live(14, { chats: [removed(chat(12, 'a2'), 14)] }))).state;
    const again = changed(applyLiveState(E, gone, live(16, { full: true, chats: [chat(11), chat(12, 'a2')] })));
    expect(again.state.chats.find((m) => m.id === 'm12')).toMatchObject({ removed: true, message: '' });
  });

  test('take no room from the messages shown: the newest GROUP_CHAT_LIMIT stay beside the removed ones', () => {
    const many = Array.from({ length: GROUP_CHAT_LIMIT + 50 }, (_, i) => chat(11 + i));
    const top = 10 + many.length;
    const full = changed(applyLiveState(E, initial, live(top, { chats: many }))).state;
    const shownBefore = full.chats.map((m) => m.id);
    // The organiser works through the reports queue: the 50 oldest messages (spam, scrolled away) are removed, each a change of its own.
    const removals = many.slice(0, 50).map((m, i) => removed(m, top + 1 + i));
    const result = changed(applyLiveState(E, full, live(top + 50, { chats: removals })));
    expect(result.state.chats.filter((m) => !m.removed).map((m) => m.id)).toEqual(shownBefore);
    expect(result.state.chats.filter((m) => m.removed).map((m) => m.id)).toEqual(removals.map((m) => m.id));
    expect(result.changes.chats).toEqual(removals);
  });
});

describe('the safety state', () => {
  test('chat settings are reported only when they change', () => {
    const closed = changed(applyLiveState(E, initial, live(11, { chat: { closed: true, slow_mode_seconds: 10 } })));
    expect(closed.state.chat).toEqual({ closed: true, slow_mode_seconds: 10 });
    expect(closed.changes.chat).toEqual({ closed: true, slow_mode_seconds: 10 });
    const same = changed(applyLiveState(E, closed.state, live(12, { chat: { closed: true, slow_mode_seconds: 10 }, chats: [chat(12)] })));
    expect(same.changes.chat).toBeUndefined();
  });

  test('pinned announcements are kept newest first; an unpinned one leaves and is reported unpinned', () => {
    const pinned = changed(applyLiveState(E, initial, live(12, { announcements: [announcement(1, 11), announcement(2, 12)] })));
    expect(pinned.state.announcements.map((a) => a.id)).toEqual(['an2', 'an1']);
    expect(pinned.changes.announcements.map((a) => [a.id, a.pinned])).toEqual([
      ['an2', true],
      ['an1', true],
    ]);
    const unpinned = changed(applyLiveState(E, pinned.state, live(13, { announcements: [{ ...announcement(1, 13), pinned: false }] })));
    expect(unpinned.state.announcements.map((a) => a.id)).toEqual(['an2']);
    expect(unpinned.changes.announcements).toEqual([{ ...announcement(1, 13), pinned: false }]);
    // A full read lists only those pinned now: one missing from it was unpinned meanwhile.
    const full = changed(applyLiveState(E, pinned.state, live(20, { full: true, announcements: [announcement(2, 12)] })));
    expect(full.state.announcements.map((a) => a.id)).toEqual(['an2']);
    expect(full.changes.announcements).toEqual([{ ...announcement(1, 11), pinned: false }]);
  });

  test('blocks: each blocker whose list changed is named, with their whole list in the state', () => {
    const blocked = changed(applyLiveState(E, initial, live(12, { blocks: [{ blocker_id: 'a1', blocked_id: 'a2', active: true }, { blocker_id: 'a1', blocked_id: 'a3', active: true }] })));
    expect(blocked.changes.blockers).toEqual(['a1']);
    expect(blocked.state.blocks).toEqual([{ blocker_id: 'a1', blocked_id: 'a2' }, { blocker_id: 'a1', blocked_id: 'a3' }]);
    const lifted = changed(applyLiveState(E, blocked.state, live(14, { blocks: [{ blocker_id: 'a1', blocked_id: 'a2', active: false }, { blocker_id: 'a3', blocked_id: 'a1', active: true }] })));
    expect(lifted.changes.blockers.sort()).toEqual(['a1', 'a3']);
    expect(lifted.state.blocks).toEqual([{ blocker_id: 'a1', blocked_id: 'a3' }, { blocker_id: 'a3', blocked_id: 'a1' }]);
    // Blocking again someone already blocked changes nobody's list.
    const repeated = changed(applyLiveState(E, lifted.state, live(15, { blocks: [{ blocker_id: 'a1', blocked_id: 'a3', active: true }] })));
    expect(repeated.changes.blockers).toEqual([]);
    // A full read lists the blocks in force: one left out was lifted.
    const full = changed(applyLiveState(E, lifted.state, live(20, { full: true, blocks: [{ blocker_id: 'a3', blocked_id: 'a1', active: true }] })));
    expect(full.changes.blockers).toEqual(['a1']);
    expect(full.state.blocks).toEqual([{ blocker_id: 'a3', blocked_id: 'a1' }]);
  });

  test('reports: the newest LIVE_REPORTS_LIMIT, newest first; a handled report replaces its copy', () => {
    const many = Array.from({ length: LIVE_REPORTS_LIMIT + 3 }, (_, i) => report(i, 11 + i));
    const filed = changed(applyLiveState(E, initial, live(10 + many.length, { reports: many })));
    expect(filed.state.reports).toHaveLength(LIVE_REPORTS_LIMIT);
    expect(filed.state.reports[0]?.id).toBe(`r${many.length - 1}`);
    expect(filed.changes.reports).toHaveLength(many.length);
    const top = 10 + many.length;
    const handled = changed(applyLiveState(E, filed.state, live(top + 1, { reports: [report(many.length - 1, top + 1, 'dismissed')] })));
    expect(handled.state.reports[0]).toMatchObject({ id: `r${many.length - 1}`, status: 'dismissed' });
    expect(handled.state.reports).toHaveLength(LIVE_REPORTS_LIMIT);
    expect(handled.changes.reports.map((r) => [r.id, r.status])).toEqual([[`r${many.length - 1}`, 'dismissed']]);
  });

  test('an upstream that knows none of it: an open chat, nothing pinned, blocked or reported, and nothing ever changes', () => {
    const { chat: _chat, announcements: _a, blocks: _b, reports: _r, ...legacy } = live(11, { chats: [chat(11)] });
    const parsed = liveStateSchema.parse(legacy);
    const result = changed(applyLiveState(E, initial, parsed));
    expect(result.state).toMatchObject({ chat: OPEN_CHAT, announcements: [], blocks: [], reports: [] });
    expect(result.changes).toMatchObject({ chat: undefined, announcements: [], blockers: [], reports: [] });
  });

  test('a state stored by a gateway that predates the safety state is not resumed from (it would miss every block)', () => {
    const { chat: _chat, announcements: _a, blocks: _b, reports: _r, ...older } = initial;
    expect(eventStateSchema.safeParse(older).success).toBe(false);
    expect(eventStateSchema.parse(JSON.parse(JSON.stringify(initial)))).toEqual(initial);
    expect(initial.event).toEqual(details);
  });
});

describe('applyWritten', () => {
  test('a message that is the next change is folded in, and the changes hold it alone', () => {
    const group = applyWritten(initial, { kind: 'group', message: chat(11) });
    expect(group?.state.version).toBe(11);
    expect(group?.state.chats.map((m) => m.id)).toEqual(['m11']);
    expect(group?.state.attendees).toBe(initial.attendees);
    expect(group?.changes).toMatchObject({ prevVersion: 10, version: 11, chats: [{ id: 'm11' }], privateChats: [], attendees: [], chips: [], blockers: [], reports: [] });
    const next = group && applyWritten(group.state, { kind: 'private', message: dm(12, 'a1', 'a2') });
    expect(next?.state.private_chats.map((m) => m.id)).toEqual(['p12']);
    expect(next?.changes).toMatchObject({ prevVersion: 11, version: 12, chats: [], privateChats: [{ id: 'p12' }] });
  });

  test('one already in the state, one after a change not yet read, or one of another event is not folded', () => {
    expect(applyWritten(initial, { kind: 'group', message: chat(10) })).toBeUndefined();
    expect(applyWritten(initial, { kind: 'group', message: chat(12) })).toBeUndefined();
    expect(applyWritten(initial, { kind: 'group', message: { ...chat(11), event_id: 'ev-other' } })).toBeUndefined();
  });
});
