import { calls, everyCall, plainAnswerSchema, wireData, type Call } from '@tapcard/shared/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inEventChange } from '../domain/event-sequence.js';
import { liveChangeProblem, noteLiveChange, watchLiveChanges } from '../lib/live-changes.js';
import { answerSerializerCompiler, route } from '../lib/route.js';
import { createEvent, insertAttendee } from '../test/events.js';
import { answerOf, send } from '../test/contract.js';
import { createTestUpstream, createUser, type TestUpstream } from '../test/harness.js';
import errors from './errors.js';
import liveChanges from './live-changes.js';

/**
 * A call whose request changes an event's live state must say so on the contract (`live`), or the
 * gateway never wakes the event's live views after it. The tests' upstream holds every request to it.
 */

const query = z.object({ change: z.enum(['none', 'ev-1', 'later']) });
const eventAnswer = wireData(z.object({ event_id: z.string() }));
const probes = {
  quiet: { method: 'POST', path: '/probe/quiet', auth: 'none', query, answer: plainAnswerSchema },
  polled: { method: 'POST', path: '/probe/polled', auth: 'none', query, answer: plainAnswerSchema, live: { wakes: 'poll' } },
  poked: { method: 'POST', path: '/probe/poked/:id', auth: 'none', params: z.object({ id: z.string() }), query, answer: eventAnswer, live: { wakes: 'poke' } },
} as const satisfies Record<string, Call>;

describe('holding requests to their calls’ live changes', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializerCompiler);
    await app.register(errors);
    await app.register(liveChanges, { calls: Object.entries(probes) });
    const change = async (how: 'none' | 'ev-1' | 'later') => {
      if (how === 'ev-1') noteLiveChange('ev-1');
      if (how === 'later') {
        await new Promise((resolve) => setTimeout(resolve, 5));
        noteLiveChange('ev-1');
      }
    };
    route(app, probes.quiet)(async ({ query }) => {
      await change(query.change);
      return { success: 'true' };
    });
    route(app, probes.polled)(async ({ query }) => {
      await change(query.change);
      return { success: 'true' };
    });
    route(app, probes.poked)(async ({ query, params }) => {
      await change(query.change);
      return { success: 'true', data: { event_id: params.id } };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('fails a request that changed live state through a call that does not say so, even after an await', async () => {
    for (const change of ['ev-1', 'later']) {
      const res = await app.inject({ method: 'POST', url: `/probe/quiet?change=${change}` });
      expect(res.statusCode, change).toBe(500);
    }
    expect((await app.inject({ method: 'POST', url: '/probe/quiet?change=none' })).statusCode).toBe(200);
  });

  it('passes the calls that say so', async () => {
    expect((await app.inject({ method: 'POST', url: '/probe/polled?change=ev-1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/probe/poked/ev-1?change=later' })).statusCode).toBe(200);
  });

  it("fails a 'poke' call whose answer names another event than it changed", async () => {
    expect((await app.inject({ method: 'POST', url: '/probe/poked/ev-2?change=ev-1' })).statusCode).toBe(500);
  });

  it('names the call and what it lacks', () => {
    const changed = new Set(['ev-1']);
    expect(liveChangeProblem('quiet', probes.quiet, changed, { success: 'true' })).toMatch(/^quiet \(POST \/probe\/quiet\) changed the live state of event ev-1 .*`live`/);
    expect(liveChangeProblem('quiet', probes.quiet, new Set(), { success: 'true' })).toBeUndefined();
    expect(liveChangeProblem('poked', probes.poked, changed, { success: 'true', data: {} })).toMatch(/does not name the event in data\.event_id/);
    expect(liveChangeProblem('poked', probes.poked, changed, { success: 'false', message: 'Not found' })).toBeUndefined();
  });
});

describe("the upstream's live changes", () => {
  let t: TestUpstream;
  beforeAll(async () => {
    // Every call as the contract has it, but the organiser's check-in without its `live`.
    const withoutCheckIn = everyCall().map(([name, call]): [string, Call] => {
      if (call !== calls.checkIn) return [name, call];
      const { live: _live, ...rest } = call;
      return [name, rest];
    });
    t = await createTestUpstream({}, { liveChanges: { calls: withoutCheckIn } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("are noted where the event's change counter moves", async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const changed = new Set<string>();
    await watchLiveChanges(changed, () => inEventChange(t.db, event.id, async () => undefined));
    expect([...changed]).toEqual([event.id]);
  });

  it('fail a route whose call does not say so, and pass one whose call does', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await insertAttendee(t, event, 'Ada Lovelace');
    const checkIn = await send(t, calls.checkIn, { authorization: owner.authorization, params: { id: ada.id }, body: { event_id: event.id, checked_in: true } });
    expect(checkIn.statusCode).toBe(500);

    const chat = await send(t, calls.chat, { params: { id: ada.tid }, body: { event_id: event.id, attendee_id: ada.id, message: 'hello' } });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(answerOf(calls.chat, chat).success).toBe('true');
  });
});
