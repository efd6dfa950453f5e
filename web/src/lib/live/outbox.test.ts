import { act, renderHook } from '@testing-library/react';
import type { ChatMessage } from '@tapcard/shared/contract';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX } from '../storage.js';
import { useOutbox, type OutboxPlace } from './outbox.js';

const place: OutboxPlace = { eventId: 'e1', senderId: 'a1', room: 'group' };
const placeKey = JSON.stringify([place.eventId, place.senderId, place.room]);
const otherKey = JSON.stringify(['e2', 'a1', 'group']);
const self = { attendee_id: 'a1', name: 'Ada', image: '' };
const createdAt = '2026-05-01T18:00:00.000Z';
const refusal = { code: 'slow_mode', retryAt: '2026-05-01T18:00:08.000Z' } as const;

const keep = (value: unknown) => localStorage.setItem(`${STORAGE_PREFIX}chatOutbox`, JSON.stringify(value));
const kept = () => JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}chatOutbox`) ?? 'null') as unknown;

function renderOutbox() {
  const post = vi.fn(() => new Promise<never>(() => undefined));
  return renderHook(() => useOutbox<ChatMessage>([], post, self, place));
}

describe('the kept outbox', () => {
  it('brings back the messages whose record fits, and drops the others', () => {
    keep({
      [placeKey]: [
        { key: 'local-1', text: 'failed', createdAt, state: 'failed', error: 'Server error' },
        { key: 'local-2', text: 'refused', createdAt, state: 'failed', error: 'old words', refusal },
        { key: 'local-3', text: 'on its way', createdAt, state: 'pending' },
        { key: 'local-4', text: 'unknown state', createdAt, state: 'lost' },
        { key: 'local-5', text: 'unknown refusal', createdAt, state: 'failed', refusal: { code: 'banned', retryAt: null } },
        { key: 'local-6', text: 'no time', state: 'failed' },
        'not a record',
        null,
      ],
    });
    const { result } = renderOutbox();
    expect(result.current.items.map(({ key, message, state, error }) => ({ key, message, state, error }))).toEqual([
      { key: 'local-1', message: 'failed', state: 'failed', error: 'Server error' },
      { key: 'local-2', message: 'refused', state: 'failed', error: 'old words' },
      // It may have arrived: back as failed, for the writer to retry or delete.
      { key: 'local-3', message: 'on its way', state: 'failed', error: undefined },
    ]);
  });

  it('writes back only what fits, and drops an entry that is not a list', () => {
    keep({
      [placeKey]: [
        { key: 'local-1', text: 'failed', createdAt, state: 'failed', error: 'Server error', extra: 'dropped' },
        { key: 'local-2', text: 'refused', createdAt, state: 'failed', refusal },
        { key: 'local-3', text: 'bad', createdAt, state: 'failed', error: 42 },
      ],
      [otherKey]: 'not a list',
    });
    const { result } = renderOutbox();
    act(() => result.current.remove('local-1'));
    expect(kept()).toEqual({ [placeKey]: [{ key: 'local-2', text: 'refused', createdAt, state: 'failed', refusal }] });
    act(() => result.current.remove('local-2'));
    expect(kept()).toBeNull();
  });

  it('reads a kept value that is not a map of lists as empty', () => {
    keep(['local-1']);
    const { result } = renderOutbox();
    expect(result.current.items).toEqual([]);
  });
});
