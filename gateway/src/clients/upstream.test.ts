import { calls, serviceCalls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { UpstreamClient } from './upstream.js';

describe('UpstreamClient.send', () => {
  it('refuses input the contract does not allow, at compile time', () => {
    const client = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', serviceKey: 'k', timeoutMs: 1 });
    // Never run: tsc checks each line, and a @ts-expect-error that stops erroring fails the typecheck.
    const compileOnly = () => {
      void client.send(calls.login, { body: { email: 'ada@example.com', password: 'Passw0rd!' } });
      // @ts-expect-error a body field the call does not have
      void client.send(calls.login, { body: { emial: 'ada@example.com', password: 'Passw0rd!' } });
      // @ts-expect-error the call's path parameter is missing
      void client.send(calls.getEvent, { authorization: 'Bearer x' });
      // @ts-expect-error a query value of the wrong type
      void client.send(serviceCalls.liveState, { params: { id: 'e1' }, query: { since: 'soon' } });
    };
    expect(compileOnly).toBeTypeOf('function');
  });

  it('answers unavailable when the upstream cannot be reached', async () => {
    const client = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', serviceKey: 'k', timeoutMs: 1000 });
    expect(await client.eventToken('t1')).toEqual({ ok: false, code: 'unavailable', status: 0 });
  });
});
