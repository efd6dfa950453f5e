import { afterEach, describe, expect, it } from 'vitest';
import { keptById } from './kept-by-id.js';
import { readStored, removeStored, writeStored } from './storage.js';

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

afterEach(() => removeStored('ticketAnswers'));

describe('values kept by id', () => {
  it('reads back what was saved, newest first, and keeps only the newest few', () => {
    const kept = keptById('ticketAnswers', asText, 2);
    kept.save('a', 'first');
    kept.save('b', 'second');
    kept.save('c', 'third');
    expect(kept.read('c')).toBe('third');
    expect(kept.read('b')).toBe('second');
    expect(kept.read('a')).toBeNull();
    kept.save('b', 'second again');
    expect(readStored('ticketAnswers', (raw) => raw)).toEqual([
      { id: 'b', value: 'second again' },
      { id: 'c', value: 'third' },
    ]);
  });

  it('reads a value it cannot check as nothing kept, and checks each value only when it is read', () => {
    const checked: unknown[] = [];
    const kept = keptById(
      'ticketAnswers',
      (value) => {
        checked.push(value);
        return asText(value);
      },
      3,
    );
    writeStored('ticketAnswers', [{ id: 'edited', value: 42 }, { id: 'old', value: 'kept' }, { value: 'no id' }]);
    expect(kept.read('edited')).toBeNull();
    kept.save('new', 'fresh');
    kept.forget('edited');
    // Saving and forgetting checked nothing: only the read did, and only the value it read.
    expect(checked).toEqual([42]);
    expect(kept.read('old')).toBe('kept');
    expect(readStored('ticketAnswers', (raw) => raw)).toEqual([
      { id: 'new', value: 'fresh' },
      { id: 'old', value: 'kept' },
    ]);
  });
});
