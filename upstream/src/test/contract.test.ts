import { calls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { send, sendUnchecked } from './contract.js';
import type { TestUpstream } from './harness.js';

describe('the upstream test client', () => {
  it('refuses input the contract does not allow, at compile time', () => {
    const t = {} as TestUpstream;
    // Never run: tsc checks each line, and a @ts-expect-error that stops erroring fails the typecheck.
    const compileOnly = () => {
      void send(t, calls.login, { body: { email: 'a@b.co', password: '12345678' } });
      // @ts-expect-error a body field the call does not have
      void send(t, calls.login, { body: { emial: 'a@b.co', password: '12345678' } });
      // @ts-expect-error the call's path parameter is missing
      void send(t, calls.getEvent, { authorization: 'Bearer x' });
      // @ts-expect-error a query value of the wrong type
      void send(t, calls.listEvents, { query: { page: 'two' } });
      // Invalid input on purpose goes through the named escape hatch.
      void sendUnchecked(t, calls.login, { body: { emial: 'a@b.co' } });
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});
