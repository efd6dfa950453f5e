import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIX } from '../storage.js';
import { markSeen, useSeen } from './unread.js';

const seenKey = (partyId: string) => JSON.stringify(['e1', 'viewer', partyId]);

describe('unread marks', () => {
  it('move forward only, per event, viewer and other party', () => {
    const { result } = renderHook(() => useSeen('e1', 'viewer'));
    expect(result.current('p1')).toBe(-1);
    act(() => markSeen('e1', 'viewer', 'p1', 7));
    expect(result.current('p1')).toBe(7);
    act(() => markSeen('e1', 'viewer', 'p1', 3));
    expect(result.current('p1')).toBe(7);
    expect(result.current('p2')).toBe(-1);
    act(() => markSeen('e2', 'viewer', 'p2', 5));
    expect(result.current('p2')).toBe(-1);
  });

  it('drop a kept mark that is not a number', () => {
    localStorage.setItem(`${STORAGE_PREFIX}chatSeen`, JSON.stringify({ [seenKey('p1')]: 4, [seenKey('p2')]: '9', [seenKey('p3')]: null }));
    const { result } = renderHook(() => useSeen('e1', 'viewer'));
    expect([result.current('p1'), result.current('p2'), result.current('p3')]).toEqual([4, -1, -1]);
    act(() => markSeen('e1', 'viewer', 'p1', 6));
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}chatSeen`) ?? '{}')).toEqual({ [seenKey('p1')]: 6 });
  });
});
