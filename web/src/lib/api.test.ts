import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { mockNetwork, ok, type MockNetwork } from '../test/network.js';
import { signIn, signOut, TEST_TOKEN } from '../test/render.js';
import { api, apiOrThrow, ApiError } from './api.js';
import { setNavigator } from './navigation.js';
import { currentAuthorization } from './session.js';

let net: MockNetwork;
let navigations: { to: string; replace: boolean }[];
beforeEach(() => {
  signOut();
  net = mockNetwork();
  navigations = [];
  setNavigator((to, options) => navigations.push({ to, replace: options?.replace ?? false }));
});
afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
});

describe('api()', () => {
  it('sends the stored Authorization on signed-in calls only, and parses the answer into a typed result', async () => {
    signIn();
    net.on(calls.getContacts, ok({ contacts: [], user: { name: 'Ada', image: null } })).on(calls.login, ok({ token_type: 'Bearer', access_token: 'x' }));
    const contacts = await api(calls.getContacts);
    expect(contacts).toMatchObject({ ok: true, status: 200, answer: { success: 'true', data: { contacts: [] } } });
    await api(calls.login, { body: { email: 'a@b.co', password: '12345678' } });
    expect(net.sent(calls.getContacts)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(net.sent(calls.login)[0]?.headers.get('Authorization')).toBeNull();
  });

  it('uses an explicit authorization instead of the session when given one', async () => {
    signIn();
    net.on(calls.createCard, ok());
    const payload = {
      card_id: 'c1',
      type: 'card',
      token: 't1',
      user: { email: 'ada@example.com', password: 'Passw0rd!', name: 'Ada', auth_type: 'Email' },
      card: { name: 'Ada', subTitle: 'Engineer', phone: '' },
    };
    await api(calls.createCard, { body: payload, authorization: 'Bearer fresh' });
    expect(net.sent(calls.createCard)[0]?.headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('turns a failure answer into its message and field errors', async () => {
    net.on(calls.login, { status: 400, json: { success: 'false', message: 'Email is not valid', data: null, errors: [{ field: 'email', message: 'Email is not valid' }] } });
    const result = await api(calls.login, { body: { email: 'a@b.co', password: '12345678' } });
    expect(result).toMatchObject({ ok: false, status: 400, message: 'Email is not valid', errors: { email: 'Email is not valid' }, kind: 'failure' });
  });

  it("reports an answer outside the contract as 'Server error'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    net.onUnchecked(calls.login, { status: 200, json: { success: true } });
    expect(await api(calls.login, { body: { email: 'a@b.co', password: '12345678' } })).toMatchObject({ ok: false, message: 'Server error', kind: 'invalid' });
  });

  it('on HTTP 401 of a signed-in call clears the session and goes to login, replacing history', async () => {
    signIn();
    net.on(calls.getCard, { status: 401, json: { success: 'false', message: 'Unauthorised', data: null } });
    const result = await api(calls.getCard);
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(currentAuthorization()).toBeNull();
    expect(navigations).toEqual([{ to: '/login', replace: true }]);
  });

  it('leaves a 401 of a public call (a wrong password) to the caller', async () => {
    net.on(calls.login, { status: 401, json: { success: 'false', message: 'Unable to Login', data: null } });
    expect(await api(calls.login, { body: { email: 'a@b.co', password: '12345678' } })).toMatchObject({ ok: false, message: 'Unable to Login' });
    expect(navigations).toEqual([]);
  });

  it('goes to the no-internet page on a network failure, unless the call is a background one', async () => {
    net.goOffline();
    expect(await api(calls.getCard)).toMatchObject({ ok: false, kind: 'network' });
    expect(navigations).toEqual([{ to: '/error/no-internet', replace: false }]);
    await api(calls.getCard, { background: true });
    expect(navigations).toHaveLength(1);
  });

  it('apiOrThrow throws an ApiError with the status', async () => {
    net.on(calls.getCard, { status: 404, json: { success: 'false', message: 'You have not created your card yet', data: null } });
    signIn();
    await expect(apiOrThrow(calls.getCard)).rejects.toEqual(expect.objectContaining({ message: 'You have not created your card yet', status: 404 }));
    await expect(apiOrThrow(calls.getCard)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('api() input', () => {
  it('refuses input the contract does not allow, at compile time', () => {
    // Never run: tsc checks each line, and a @ts-expect-error that stops erroring fails the typecheck.
    const compileOnly = () => {
      void api(calls.login, { body: { email: 'a@b.co', password: '12345678' } });
      // @ts-expect-error a body field the call does not have
      void api(calls.login, { body: { emial: 'a@b.co', password: '12345678' } });
      // @ts-expect-error the call's path parameter is missing
      void apiOrThrow(calls.getEvent);
      // @ts-expect-error a query value of the wrong type
      void api(calls.listEvents, { query: { page: 'two' } });
      // @ts-expect-error a call without a body takes none
      void api(calls.getCard, { body: {} });
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
