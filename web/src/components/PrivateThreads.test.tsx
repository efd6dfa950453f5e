import { describe, expect, it } from 'vitest';
import { privateMessage } from '../test/event-fixtures.js';
import { privateThreads } from './PrivateThreads.js';

describe('privateThreads', () => {
  it('leaves removed messages out of the last line and the unread count', () => {
    const threads = privateThreads(
      [privateMessage('p1', 1, 'Hi Ada', 'att-bola', 'att-ada'), { ...privateMessage('p2', 2, '', 'att-bola', 'att-ada'), removed: true }],
      (id) => id === 'att-ada',
      () => -1,
    );
    expect(threads).toEqual([{ partyId: 'att-bola', name: 'Bola Ade', last: 'Hi Ada', count: 1, unread: 1 }]);
  });

  it('leaves out the threads with the parties the viewer blocked, unread messages and all', () => {
    const messages = [privateMessage('p1', 1, 'Hi Ada', 'att-bola', 'att-ada'), privateMessage('p2', 2, 'Hello', 'att-chike', 'att-ada')];
    const all = privateThreads(messages, (id) => id === 'att-ada', () => -1);
    expect(all.map((t) => [t.partyId, t.unread])).toEqual([
      ['att-chike', 1],
      ['att-bola', 1],
    ]);
    const blockingBola = privateThreads(messages, (id) => id === 'att-ada', () => -1, ['att-bola']);
    expect(blockingBola.map((t) => [t.partyId, t.unread])).toEqual([['att-chike', 1]]);
  });
});
