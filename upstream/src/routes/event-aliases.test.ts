import { calls, type Event } from '@tapcard/shared/contract';
import { cleanName } from '@tapcard/shared/domain';
import { describe, expect, it } from 'vitest';
import { randomId } from '../lib/crypto.js';
import { answerOf, send } from '../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { createEvent, eventBody } from '../test/events.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

/** A title whose clean name no other test uses. */
const title = (label: string): string => `${label} ${randomId().slice(0, 8)}`;

async function rename(authorization: string, event: Event, newTitle: string): Promise<Event> {
  const res = await send(t, calls.updateEvent, { authorization, params: { id: event.id }, body: eventBody(t, { title: newTitle }) });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(calls.updateEvent, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data;
}

/** What the open link `/events/l/:name` finds: the event's id and current clean name, or the status. */
async function open(name: string): Promise<{ id: string; clean_name: string } | number> {
  const res = await send(t, calls.openEvent, { query: { id: name } });
  if (res.statusCode !== 200) return res.statusCode;
  const answer = answerOf(calls.openEvent, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return { id: answer.data.event.id, clean_name: answer.data.event.clean_name };
}

describe('former clean names (open links shared before a rename)', () => {
  it('keep answering the event, with its current clean name, through several renames and back', async () => {
    const owner = await createUser(t);
    const first = await createEvent(t, owner.authorization, { title: title('Lagos Mixer') });
    const second = await rename(owner.authorization, first, title('Lagos Tech Mixer'));
    expect(second.clean_name).not.toBe(first.clean_name);

    expect(await open(first.clean_name)).toEqual({ id: first.id, clean_name: second.clean_name });
    expect(await open(second.clean_name)).toEqual({ id: first.id, clean_name: second.clean_name });

    const third = await rename(owner.authorization, second, title('Lagos Founders Night'));
    for (const name of [first.clean_name, second.clean_name, third.clean_name]) {
      expect(await open(name)).toEqual({ id: first.id, clean_name: third.clean_name });
    }

    // Back to the first title: that name is current again, the others still lead here.
    const back = await rename(owner.authorization, third, first.title);
    expect(back.clean_name).toBe(first.clean_name);
    for (const name of [first.clean_name, second.clean_name, third.clean_name]) {
      expect(await open(name)).toEqual({ id: first.id, clean_name: first.clean_name });
    }
  });

  it('a former name taken later by another event belongs to that event', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const original = title('Demo Day');
    const event = await createEvent(t, owner.authorization, { title: original });
    const renamed = await rename(owner.authorization, event, title('Demo Night'));

    // Another organiser's new event gets the freed name: the link now opens their event.
    const taker = await createEvent(t, other.authorization, { title: original });
    expect(taker.clean_name).toBe(event.clean_name);
    expect(await open(event.clean_name)).toEqual({ id: taker.id, clean_name: taker.clean_name });
    expect(await open(renamed.clean_name)).toEqual({ id: event.id, clean_name: renamed.clean_name });

    // The taker renames in turn: the name is now the taker's former name, not the first event's.
    const moved = await rename(other.authorization, taker, title('Demo Evening'));
    expect(await open(event.clean_name)).toEqual({ id: taker.id, clean_name: moved.clean_name });
  });

  it('a title kept keeps the name and records nothing; a deleted event takes its former names with it', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization, { title: title('Book Club') });
    const same = await rename(owner.authorization, event, event.title);
    expect(same.clean_name).toBe(event.clean_name);
    expect(await t.db.selectFrom('event_aliases').select('clean_name').where('event_id', '=', event.id).execute()).toEqual([]);

    const renamed = await rename(owner.authorization, event, title('Reading Club'));
    const res = await send(t, calls.deleteEvent, { authorization: owner.authorization, params: { id: event.id } });
    expect(res.statusCode).toBe(200);
    expect(await open(event.clean_name)).toBe(404);
    expect(await open(renamed.clean_name)).toBe(404);
  });

  it('renames sent at once each remember the name they replaced, so every name ever given opens the event', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization, { title: title('Hack Night') });
    const titles = Array.from({ length: 12 }, (_, i) => title(`Hack Night Round ${i}`));
    const answers = await Promise.all(
      titles.map((newTitle) => send(t, calls.updateEvent, { authorization: owner.authorization, params: { id: event.id }, body: eventBody(t, { title: newTitle }) })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const current = await t.db.selectFrom('events').select('clean_name').where('id', '=', event.id).executeTakeFirstOrThrow();
    for (const name of [event.clean_name, ...titles.map(cleanName)]) {
      expect(await open(name)).toEqual({ id: event.id, clean_name: current.clean_name });
    }
  });
});
