import { calls } from '@tapcard/shared/contract';
import { IDEMPOTENCY_HEADER, messages } from '@tapcard/shared/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../lib/crypto.js';
import { answerOf, send } from '../test/contract.js';
import { eventBody } from '../test/events.js';
import { createUser, upstreamWithOrganiser, type TestUpstream, type TestUser } from '../test/harness.js';

/** A create sent again with the same Idempotency-Key (a double click, a retry) makes one event. */

let t: TestUpstream;
let organiser: TestUser;
beforeAll(async () => {
  ({ t, organiser } = await upstreamWithOrganiser('Dayo Doubleclick'));
  return () => t.close();
});

const eventsNamed = async (title: string) => (await t.db.selectFrom('events').select('id').where('title', '=', title).execute()).map((r) => r.id);

describe('event create with an idempotency key', () => {
  it('makes one event from 50 parallel creates with one key, and answers that event to each', async () => {
    const body = eventBody(t);
    const key = `k-${randomId()}-${randomId()}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send(t, calls.createEvent, { authorization: organiser.authorization, body, headers: { [IDEMPOTENCY_HEADER]: key } })),
    );
    const ids = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      const answer = answerOf(calls.createEvent, res);
      if (answer.success !== 'true') throw new Error(answer.message);
      return answer.data.id;
    });
    const stored = await eventsNamed(body.title);
    expect(stored).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set(stored));
  });

  it('makes a new event for a new key, and one per request without a key', async () => {
    const body = eventBody(t);
    const create = (headers: Record<string, string> = {}) => send(t, calls.createEvent, { authorization: organiser.authorization, body, headers });
    expect((await create({ [IDEMPOTENCY_HEADER]: `first-${randomId()}-key` })).statusCode).toBe(200);
    expect((await create({ [IDEMPOTENCY_HEADER]: `second-${randomId()}-key` })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
    expect(await eventsNamed(body.title)).toHaveLength(3);
  });

  it("keeps one account's key apart from another's", async () => {
    const other = await createUser(t, { name: 'Other Organiser' });
    const key = `shared-${randomId()}-key`;
    const body = eventBody(t);
    for (const who of [organiser, other]) {
      const res = await send(t, calls.createEvent, { authorization: who.authorization, body, headers: { [IDEMPOTENCY_HEADER]: key } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await eventsNamed(body.title)).toHaveLength(2);
  });

  it('refuses a malformed key with 400 under the header, creating nothing', async () => {
    const body = eventBody(t);
    const res = await send(t, calls.createEvent, { authorization: organiser.authorization, body, headers: { [IDEMPOTENCY_HEADER]: 'short' } });
    expect(res.statusCode).toBe(400);
    const answer = answerOf(calls.createEvent, res);
    expect(answer.success).toBe('false');
    if (answer.success === 'false') expect(answer.errors).toContainEqual({ field: IDEMPOTENCY_HEADER, message: messages.idempotencyKeyInvalid });
    expect(await eventsNamed(body.title)).toHaveLength(0);
  });
});
