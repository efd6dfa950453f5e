import { calls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from '../e2e/support/api.js';
import { send } from '../support/event-setup.js';

describe('the test packages\' contract clients', () => {
  it('refuse input the contract does not allow, at compile time', () => {
    const base = 'http://127.0.0.1:9';
    // Never run: tsc checks each line, and a @ts-expect-error that stops erroring fails the typecheck.
    const compileOnly = () => {
      void callApi(base, calls.login, { body: { email: 'ada@example.com', password: 'Passw0rd!' } });
      // @ts-expect-error a body field the call does not have
      void callApi(base, calls.login, { body: { emial: 'ada@example.com', password: 'Passw0rd!' } });
      // @ts-expect-error the call's path parameter is missing
      void callApi(base, calls.eventToken, {});
      // @ts-expect-error a query value of the wrong type
      void callApi(base, calls.listEvents, { query: { page: 'two' } });

      void send(base, calls.login, { body: { email: 'ada@example.com', password: 'Passw0rd!' } });
      // @ts-expect-error a body field the call does not have
      void send(base, calls.login, { body: { emial: 'ada@example.com', password: 'Passw0rd!' } });
      // @ts-expect-error the call's path parameter is missing
      void send(base, calls.eventToken);
      // @ts-expect-error a query value of the wrong type
      void send(base, calls.listEvents, { query: { limit: '10' } });
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
