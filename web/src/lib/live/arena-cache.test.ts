import { describe, expect, it } from 'vitest';
import type { ArenaView } from '@tapcard/shared/realtime';
import { ada, EVENT_ID, eventSummary, message } from '../../test/event-fixtures.js';
import { STORAGE_PREFIX } from '../storage.js';
import { ARENA_VIEWS_KEPT, arenaViews } from './arena-cache.js';

const view = (text: string): ArenaView => ({ kind: 'arena', eventId: EVENT_ID, version: 3, event: eventSummary(), attendee: ada, chats: [message('m1', 1, text)], private_chats: [] });
const tid = (n: number) => `tid-${n}-0123456789abcdef`;

describe("the arenas' kept views", () => {
  it('keeps the newest few arenas, each with its last view, and drops a forgotten one', () => {
    for (let n = 1; n <= ARENA_VIEWS_KEPT + 1; n++) arenaViews.save(tid(n), view(`first ${n}`));
    arenaViews.save(tid(2), view('second 2'));
    expect(arenaViews.read(tid(1))).toBeNull();
    expect(arenaViews.read(tid(2))?.chats[0]?.message).toBe('second 2');
    expect(arenaViews.read(tid(ARENA_VIEWS_KEPT + 1))?.chats[0]?.message).toBe(`first ${ARENA_VIEWS_KEPT + 1}`);
    arenaViews.forget(tid(2));
    expect(arenaViews.read(tid(2))).toBeNull();
  });

  it('reads a kept value that is not a view (another build, a hand edit) as nothing kept', () => {
    localStorage.setItem(`${STORAGE_PREFIX}arenaViews`, JSON.stringify([{ id: tid(1), value: { kind: 'arena' } }]));
    expect(arenaViews.read(tid(1))).toBeNull();
    localStorage.setItem(`${STORAGE_PREFIX}arenaViews`, '{not json');
    expect(arenaViews.read(tid(1))).toBeNull();
  });
});
