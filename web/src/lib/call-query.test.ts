import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, doorCalls } from '@tapcard/shared/contract';
import { fail, mockNetwork, ok, type MockNetwork } from '../test/network.js';
import { signIn, signOut } from '../test/render.js';
import { ApiError } from './api.js';
import { callKey, callKeys, isCallQuery } from './call-key.js';
import { callQuery, callResultQuery } from './call-query.js';
import { setNavigator } from './navigation.js';

let net: MockNetwork;
let client: QueryClient;
beforeEach(() => {
  signIn();
  net = mockNetwork();
  setNavigator(() => undefined);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
  setNavigator(null);
  signOut();
  vi.unstubAllGlobals();
});

describe('callKey', () => {
  it('is the call name and the input that says what it reads, in one order whatever order it was written in', () => {
    expect(callKey('getEvent', { params: { id: 'e1' } })).toEqual(['getEvent', { params: { id: 'e1' } }]);
    expect(JSON.stringify(callKey('x', { query: { a: '1' }, params: { id: 'e1' } }))).toBe(JSON.stringify(callKey('x', { params: { id: 'e1' }, query: { a: '1' } })));
    expect(callKey('getCard')).toEqual(['getCard', {}]);
    expect(callKey('moderation', { params: { id: 'e1' } }, 3)).toEqual(['moderation', { params: { id: 'e1' } }, 3]);
  });

  it('is the same made from the call group’s type alone (as a light visitor page makes it) as the query’s own', () => {
    expect(callKeys<typeof calls>()('publicEvent', { params: { id: 'e1' } })).toEqual(callQuery(calls, 'publicEvent', { params: { id: 'e1' } }).queryKey);
  });

  it('names the call of a cached query, whatever its input', () => {
    expect(isCallQuery(callKey('getEvent', { params: { id: 'e1' } }), ['listEvents', 'getEvent'])).toBe(true);
    expect(isCallQuery(callKey('publicEvent', { params: { id: 'e1' } }), ['listEvents', 'getEvent'])).toBe(false);
  });
});

describe('callQuery', () => {
  it('fetches the call with its input and caches the answer (or the part picked) under its key', async () => {
    net.on(doorCalls.listStaffLinks, ok({ event_id: 'e1', links: [] }));
    const links = await client.fetchQuery(callQuery(doorCalls, 'listStaffLinks', { params: { id: 'e1' } }, { pick: (answer) => answer.data.links }));
    expect(links).toEqual([]);
    expect(net.sent(doorCalls.listStaffLinks).map((r) => r.path)).toEqual(['/event/api/staff-links/e1']);
    expect(client.getQueryData(callKey('listStaffLinks', { params: { id: 'e1' } }))).toEqual([]);
  });

  it('fails with the server’s refusal as an ApiError', async () => {
    net.on(doorCalls.listStaffLinks, fail('Event not found', 404));
    const read = client.fetchQuery(callQuery(doorCalls, 'listStaffLinks', { params: { id: 'e1' } }));
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ status: 404, message: 'Event not found' });
  });

  it('lets a family be refreshed by a prefix of its key: every version of one event’s read, and no other event’s', async () => {
    net.on(doorCalls.listStaffLinks, ok({ event_id: 'e1', links: [] }));
    const read = (id: string, version: number) => client.fetchQuery(callQuery(doorCalls, 'listStaffLinks', { params: { id } }, { asOf: version }));
    await read('e1', 1);
    await read('e1', 2);
    await read('e2', 1);
    await client.invalidateQueries({ queryKey: callKey('listStaffLinks', { params: { id: 'e1' } }) });
    const stale = client
      .getQueryCache()
      .findAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey);
    expect(stale).toEqual([callKey('listStaffLinks', { params: { id: 'e1' } }, 1), callKey('listStaffLinks', { params: { id: 'e1' } }, 2)]);
  });
});

describe('callResultQuery', () => {
  it('keeps a refusal as the result, so the page says it in its own words', async () => {
    net.on(calls.socialProvider, fail('Social sign-in is not configured', 404));
    const result = await client.fetchQuery(callResultQuery(calls, 'socialProvider', {}));
    expect(result).toMatchObject({ ok: false, status: 404, message: 'Social sign-in is not configured' });
  });
});
