import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, SERVICE_KEY_HEADER } from '@tapcard/shared/contract';
import { run as mintCardsCommand, type MintedCard } from '../cli/mint-cards.js';
import { run as mintChipsCommand } from '../cli/mint-chips.js';
import { LOCAL_COMMAND_PATHS } from '../cli/through-upstream.js';
import { answerOf, send } from '../test/contract.js';
import { testEnv } from '../test/env.js';
import { createEvent } from '../test/events.js';
import { createUser, SERVICE_KEY, upstreamForFile, type TestUpstream } from '../test/harness.js';

let t: TestUpstream;
upstreamForFile((started) => (t = started));

const KEY = { [SERVICE_KEY_HEADER]: SERVICE_KEY };
const chipsPath = (eventId: string) => LOCAL_COMMAND_PATHS.mintChips.replace(':eventId', eventId);

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) } };
}

describe.skipIf(testEnv.usePostgres())('the minting commands through the running upstream (embedded database)', () => {
  it('mints cards for a caller on this machine with the service key; their tokens activate them', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOCAL_COMMAND_PATHS.mintCards, remoteAddress: '127.0.0.1', headers: KEY, payload: { count: 2, type: 'qr' } });
    expect(res.statusCode).toBe(200);
    const cards = (res.json() as { data: MintedCard[] }).data;
    expect(cards).toHaveLength(2);
    const [card] = cards;
    if (!card) throw new Error('no card');
    expect(card.url).toBe(`http://localhost:3000/?id=${encodeURIComponent(card.id)}&type=qr`);
    const confirmed = await send(t, calls.confirmToken, { body: { card_id: card.id, type: card.type, token: card.token } });
    expect(answerOf(calls.confirmToken, confirmed).success).toBe('true');
  });

  it('mints chips for an event, and answers 404 for an unknown one', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const res = await t.app.inject({ method: 'POST', url: chipsPath(event.id), remoteAddress: '::1', headers: KEY, payload: { count: 3 } });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom('chips').select('id').where('event_id', '=', event.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual((res.json() as { data: { id: string }[] }).data.map((c) => c.id).sort());
    const unknown = await t.app.inject({ method: 'POST', url: chipsPath('no-such-event'), remoteAddress: '127.0.0.1', headers: KEY, payload: { count: 1 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: 'false', message: 'Event not found' });
  });

  it('refuses a bad count or type', async () => {
    for (const payload of [{ count: 0, type: 'nfc' }, { count: 1, type: 'NFC card' }]) {
      const res = await t.app.inject({ method: 'POST', url: LOCAL_COMMAND_PATHS.mintCards, remoteAddress: '127.0.0.1', headers: KEY, payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('is the plain 404 for another machine, or anything a gateway, proxy or tunnel passed on, even with the key', async () => {
    const cardsBefore = (await t.db.selectFrom('physical_cards').select('id').execute()).length;
    const asked = [
      { remoteAddress: '203.0.113.9', headers: KEY },
      { remoteAddress: '127.0.0.1', headers: { ...KEY, 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { ...KEY, forwarded: 'for=127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { ...KEY, 'cf-connecting-ip': '127.0.0.1' } },
    ];
    for (const { remoteAddress, headers } of asked) {
      const res = await t.app.inject({ method: 'POST', url: LOCAL_COMMAND_PATHS.mintCards, remoteAddress, headers, payload: { count: 1, type: 'nfc' } });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.db.selectFrom('physical_cards').select('id').execute()).length).toBe(cardsBefore);
  });

  it('asks for the service key', async () => {
    const none = await t.app.inject({ method: 'POST', url: LOCAL_COMMAND_PATHS.mintCards, remoteAddress: '127.0.0.1', payload: { count: 1, type: 'nfc' } });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: LOCAL_COMMAND_PATHS.mintCards, remoteAddress: '127.0.0.1', headers: { [SERVICE_KEY_HEADER]: 'x'.repeat(32) }, payload: { count: 1, type: 'nfc' } });
    expect(wrong.statusCode).toBe(403);
  });

  describe('the commands, while the upstream listens', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it('mint-cards and mint-chips have the running upstream mint, into the database it holds', async () => {
      const cap = io();
      // No database is handed over: the command would open the configured one, which the upstream holds.
      expect(await mintCardsCommand(['--count', '2', '--type', 'nfc', '--json'], cap.io, { config: { ...t.config, port } })).toBe(0);
      const cards = JSON.parse(cap.out.join('')) as MintedCard[];
      expect(cards).toHaveLength(2);
      const stored = await t.db.selectFrom('physical_cards').select('id').where('id', 'in', cards.map((c) => c.id)).execute();
      expect(stored).toHaveLength(2);

      const owner = await createUser(t);
      const event = await createEvent(t, owner.authorization);
      const chips = io();
      expect(await mintChipsCommand(['--event', event.id, '--count', '2'], chips.io, { config: { ...t.config, port } })).toBe(0);
      expect(chips.out.join('').trim().split('\n')).toHaveLength(2);
      expect(await t.db.selectFrom('chips').select('id').where('event_id', '=', event.id).execute()).toHaveLength(2);

      const unknown = io();
      expect(await mintChipsCommand(['--event', 'no-such-event', '--count', '1'], unknown.io, { config: { ...t.config, port } })).toBe(1);
      expect(unknown.err.join('')).toBe('Event not found: no-such-event\n');
    });
  });
});

describe.skipIf(!testEnv.usePostgres())('the minting routes on PostgreSQL', () => {
  it('do not exist: the commands open the database themselves', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOCAL_COMMAND_PATHS.mintCards, remoteAddress: '127.0.0.1', headers: KEY, payload: { count: 1, type: 'nfc' } });
    expect(res.statusCode).toBe(404);
  });
});
