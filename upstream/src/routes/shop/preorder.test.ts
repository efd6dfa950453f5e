import { calls } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { answerOf, expectFieldError, send, sendUnchecked } from '../../test/contract.js';
import { createUser, upstreamForFile, type TestUpstream } from '../../test/harness.js';
import { clientIp, uniqueEmail } from '../../test/shop.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const rowsFor = (email: string) =>
  t.db.selectFrom('preorders').selectAll().where('email', '=', email.toLowerCase()).execute();

describe('POST /preorder/public/save', () => {
  it('stores the pre-order and thanks the visitor', async () => {
    const email = uniqueEmail('pre');
    const res = await send(t, calls.preorder, { body: { name: '  Ada Obi ', phone: '+234 803 123 4567', email }, headers: clientIp() });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(calls.preorder, res);
    expect(answer).toEqual({ success: 'true', message: 'Thank you for your pre-order! We will contact you as soon as your card is ready.' });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Obi', phone: '+2348031234567', email });
  });

  it('needs no login: a signed-in visitor is treated the same', async () => {
    const user = await createUser(t);
    const email = uniqueEmail('pre');
    const res = await send(t, calls.preorder, { body: { name: 'Bola', phone: '08031234567', email }, authorization: user.authorization, headers: clientIp() });
    expect(res.statusCode).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('keeps one pre-order per email (any case) and says so, without changing the first', async () => {
    const email = uniqueEmail('dup');
    const first = await send(t, calls.preorder, { body: { name: 'First Person', phone: '08031234567', email }, headers: clientIp() });
    expect(first.statusCode).toBe(200);
    const again = await send(t, calls.preorder, { body: { name: 'Someone Else', phone: '08039999999', email: email.toUpperCase() }, headers: clientIp() });
    expect(again.statusCode).toBe(200);
    expect(answerOf(calls.preorder, again)).toEqual({
      success: 'true',
      message: 'You are already on our pre-order list. We will contact you as soon as your card is ready.',
    });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'First Person', phone: '08031234567' });
  });

  it.each([
    ['name', { name: '', phone: '08031234567' }, 'Please enter your name'],
    ['name', { name: '   ', phone: '08031234567' }, 'Please enter your name'],
    ['phone', { name: 'Ada', phone: '' }, 'Please enter your phone number'],
    ['phone', { name: 'Ada', phone: 'call me' }, 'Phone number is not valid'],
    ['phone', { name: 'Ada', phone: '12345' }, 'Phone number is not valid'],
  ])('refuses a bad %s with its required message %#, storing nothing', async (field, fields, message) => {
    const email = uniqueEmail('bad');
    const res = await send(t, calls.preorder, { body: { ...fields, email }, headers: clientIp() });
    expectFieldError(res, field, message);
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('refuses a missing or invalid email with the required messages', async () => {
    const before = await t.db.selectFrom('preorders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expectFieldError(await send(t, calls.preorder, { body: { name: 'Ada', phone: '08031234567', email: '' }, headers: clientIp() }), 'email', 'Please enter your email');
    expectFieldError(await sendUnchecked(t, calls.preorder, { body: { name: 'Ada', phone: '08031234567' }, headers: clientIp() }), 'email', 'Please enter your email');
    expectFieldError(
      await send(t, calls.preorder, { body: { name: 'Ada', phone: '08031234567', email: 'ada@' }, headers: clientIp() }),
      'email',
      'Your email is not valid',
    );
    const after = await t.db.selectFrom('preorders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('throttles one IP after 10 pre-orders an hour; other IPs and the next hour go through', async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      const res = await send(t, calls.preorder, { body: { name: 'Bot', phone: '08031234567', email: uniqueEmail('bot') }, headers: ip });
      expect(res.statusCode).toBe(200);
    }
    const email = uniqueEmail('bot');
    const refused = await send(t, calls.preorder, { body: { name: 'Bot', phone: '08031234567', email }, headers: ip });
    expect(refused.statusCode).toBe(429);
    expect(answerOf(calls.preorder, refused)).toMatchObject({ success: 'false', message: 'Too many attempts. Please try again later.' });
    expect(await rowsFor(email)).toHaveLength(0);

    const otherIp = await send(t, calls.preorder, { body: { name: 'Human', phone: '08031234567', email: uniqueEmail('human') }, headers: clientIp() });
    expect(otherIp.statusCode).toBe(200);

    t.clock.advance(60 * 60_000 + 1);
    const nextHour = await send(t, calls.preorder, { body: { name: 'Bot', phone: '08031234567', email }, headers: ip });
    expect(nextHour.statusCode).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('saves at most 10 of 50 parallel pre-orders from one IP', async () => {
    const ip = clientIp();
    const emails = Array.from({ length: 50 }, () => uniqueEmail('burst'));
    const answers = await Promise.all(emails.map((email) => send(t, calls.preorder, { body: { name: 'Bot', phone: '08031234567', email }, headers: ip })));
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(10);
    const saved = (await Promise.all(emails.map(rowsFor))).flat();
    expect(saved.length).toBeLessThanOrEqual(10);
  });
});
