import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, CLOCK_CONTROL_PATH, clockMoveAnswerSchema, SERVICE_KEY_HEADER } from '@tapcard/shared/contract';
import { readConfig } from '../config.js';
import { answerOf, send } from '../test/contract.js';
import { createEvent, registerFree } from '../test/events.js';
import { createTestUpstream, createUser, SERVICE_KEY, type TestUpstream } from '../test/harness.js';

const KEY = { [SERVICE_KEY_HEADER]: SERVICE_KEY };
const HOUR = 60 * 60 * 1000;

let t: TestUpstream;
let off: TestUpstream;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestUpstream({ clockControl: true }), createTestUpstream()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

const move = (seconds: unknown, init: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: CLOCK_CONTROL_PATH, remoteAddress: init.remoteAddress ?? '127.0.0.1', headers: init.headers ?? KEY, payload: { advance_seconds: seconds } });

describe('the movable clock (CLOCK_CONTROL=on, for tests on one machine)', () => {
  it('moves the clock forward and runs the periodic jobs, so a scheduled message goes at its time and not before', async () => {
    const organiser = await createUser(t);
    const event = await createEvent(t, organiser.authorization);
    await registerFree(t, event, 'Ada Guest');
    const sendAt = new Date(Math.ceil((t.clock.now().getTime() + HOUR) / 60_000) * 60_000);
    const scheduled = await send(t, calls.scheduleMessage, {
      authorization: organiser.authorization,
      params: { id: event.id },
      body: { subject: 'Doors open soon', body: 'Doors open at six.', audience: { kind: 'everyone' }, send_at: sendAt.toISOString() },
    });
    expect(scheduled.statusCode).toBe(200);
    const status = async () => answerOf(calls.listMessages, await send(t, calls.listMessages, { authorization: organiser.authorization, params: { id: event.id } })).data?.[0]?.status;

    const before = t.clock.now().getTime();
    const early = await move(30 * 60);
    expect(early.statusCode).toBe(200);
    const answer = clockMoveAnswerSchema.parse((early.json() as { data: unknown }).data);
    expect(new Date(answer.now).getTime() - before).toBeGreaterThanOrEqual(30 * 60 * 1000);
    expect(answer.ran).toEqual(expect.arrayContaining(['messages.dispatch', 'reminders.due']));
    expect(await status()).toBe('scheduled');

    expect((await move(31 * 60)).statusCode).toBe(200);
    expect(await status()).toBe('sent');
  });

  it('answers only a caller on this machine, not passed on by a proxy, that holds the service key', async () => {
    const start = t.clock.now().getTime();
    expect((await move(60, { remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await move(60, { headers: { ...KEY, 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    expect((await move(60, { headers: {} })).statusCode).toBe(401);
    expect(t.clock.now().getTime() - start).toBeLessThan(60_000);
  });

  it('refuses a move that is not a whole number of seconds from one to a year', async () => {
    for (const seconds of [0, -5, 1.5, '60', 400 * 24 * 3600]) expect((await move(seconds)).statusCode).toBe(400);
  });

  it('does not exist unless switched on, and cannot be on while listening beyond this machine', async () => {
    const res = await off.app.inject({ method: 'POST', url: CLOCK_CONTROL_PATH, remoteAddress: '127.0.0.1', headers: KEY, payload: { advance_seconds: 60 } });
    expect(res.statusCode).toBe(404);
    const env = { DATA_DIR: t.config.dataDir, CLOCK_CONTROL: 'on' };
    expect(readConfig({ ...env, UPSTREAM_HOST: '127.0.0.1' }).clockControl).toBe(true);
    expect(readConfig({ DATA_DIR: t.config.dataDir }).clockControl).toBe(false);
    expect(() => readConfig({ ...env, UPSTREAM_HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example.com' })).toThrow(/CLOCK_CONTROL: is for tests on one machine/);
  });
});
