import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { calls, doorCalls } from '@tapcard/shared/contract';
import { parseTicket, verifyTicket, type TicketPublicKey } from '@tapcard/shared/domain';
import { buildApp } from '../app.js';
import { ConfigError, readConfig, type UpstreamConfig } from '../config.js';
import { answerOf, send } from '../test/contract.js';
import { createEvent, registerFree } from '../test/events.js';
import { createUser, TEST_MAIL_QUEUE, upstreamForFile, type TestUpstream } from '../test/harness.js';
import { outboxTransport } from '../lib/mailer.js';
import { mailQueue } from '../mail/queue.js';

let t: TestUpstream;
const others: FastifyInstance[] = [];
upstreamForFile((started) => (t = started));
afterAll(async () => {
  for (const app of others) await app.close();
});

/** Another upstream on the same database: its own app and database handle (so nothing is shared in memory). */
async function anotherUpstream(config: Partial<UpstreamConfig> = {}): Promise<TestUpstream> {
  // withPlugin gives a new Kysely instance over the same connection (the plugin changes nothing).
  const db = t.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
  const app = await buildApp({ config: { ...t.config, ...config }, db, mailer: mailQueue(outboxTransport(db), TEST_MAIL_QUEUE), payments: t.app.payments, now: t.clock.now }, { logger: false });
  others.push(app);
  return { ...t, app, db, config: { ...t.config, ...config } };
}

async function ticketOf(on: TestUpstream, tid: string): Promise<string> {
  const answer = answerOf(calls.eventToken, await send(on, calls.eventToken, { params: { id: tid } }));
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.ticket;
}

async function keysOf(on: TestUpstream, eventId: string): Promise<TicketPublicKey[]> {
  const res = await send(on, doorCalls.ticketKeys, { params: { id: eventId } });
  expect(res.statusCode).toBe(200);
  const answer = answerOf(doorCalls.ticketKeys, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return answer.data.keys;
}

describe('door tickets', () => {
  it('two upstreams starting on one database make one key between them and sign with it', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event, 'Ada Obi');
    const second = await anotherUpstream();
    // The first tickets of both at once: each finds no key and makes one; one of them is kept.
    const [first, other] = await Promise.all([ticketOf(t, ada.tid), ticketOf(second, ada.tid)]);
    expect(await t.db.selectFrom('ticket_keys').select('kid').execute()).toHaveLength(1);
    expect(parseTicket(first)?.kid).toBe(parseTicket(other)?.kid);
    expect(await keysOf(second, event.id)).toEqual(await keysOf(t, event.id));
    for (const ticket of [first, other]) {
      expect(await verifyTicket(ticket, await keysOf(t, event.id), { eventId: event.id })).toEqual({ valid: true, eventId: event.id, attendeeId: ada.id, kid: parseTicket(first)?.kid });
    }
  });

  it("the token answer's ticket names the event and attendee, verifies with the published key, and carries no access token", async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const otherEvent = await createEvent(t, owner.authorization, { title: 'Another night' });
    const ada = await registerFree(t, event, 'Ada Obi');
    const ticket = await ticketOf(t, ada.tid);
    expect(ticket).not.toContain(ada.tid);
    expect(ticket).not.toContain('Ada');
    expect(ticket).not.toContain(ada.email);
    expect(ticket.length).toBeLessThanOrEqual(152);
    const keys = await keysOf(t, event.id);
    expect(keys[0]).toMatchObject({ alg: 'Ed25519', kid: parseTicket(ticket)?.kid });
    expect(await verifyTicket(ticket, keys, { eventId: event.id })).toMatchObject({ valid: true, eventId: event.id, attendeeId: ada.id });
    // A genuine ticket shown at another event's door.
    expect(await verifyTicket(ticket, await keysOf(t, otherEvent.id), { eventId: otherEvent.id })).toEqual({ valid: false, reason: 'other_event' });
    // Edited to name another attendee.
    const bola = await registerFree(t, event, 'Bola Ade');
    expect(await verifyTicket(ticket.replace(`.${ada.id}.`, `.${bola.id}.`), keys)).toEqual({ valid: false, reason: 'bad_signature' });
  });

  it('the keys of an unknown event answer 404', async () => {
    expect((await send(t, doorCalls.ticketKeys, { params: { id: 'no-such-event' } })).statusCode).toBe(404);
  });

  it('TICKET_SIGNING_KEY signs instead of the database key, which stays published for the tickets already sent', async () => {
    const owner = await createUser(t);
    const event = await createEvent(t, owner.authorization);
    const ada = await registerFree(t, event, 'Ada Obi');
    const before = await ticketOf(t, ada.tid);
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const configured of [pem, pem.replace(/-----[^-]+-----|\s/g, '')]) {
      const upstream = await anotherUpstream({ ticketSigningKey: configured });
      const after = await ticketOf(upstream, ada.tid);
      expect(parseTicket(after)?.kid).not.toBe(parseTicket(before)?.kid);
      const keys = await keysOf(upstream, event.id);
      expect(keys.map((k) => k.kid)).toEqual([parseTicket(after)?.kid, parseTicket(before)?.kid]);
      expect(await verifyTicket(after, keys, { eventId: event.id })).toMatchObject({ valid: true, attendeeId: ada.id });
      expect(await verifyTicket(before, keys, { eventId: event.id })).toMatchObject({ valid: true, attendeeId: ada.id });
    }
    expect(await t.db.selectFrom('ticket_keys').select('kid').execute()).toHaveLength(1);
  });

  it('a TICKET_SIGNING_KEY that is not an Ed25519 private key stops the start', () => {
    const env = { DATA_DIR: './data-test-unused', GATEWAY_SERVICE_KEY: 'k'.repeat(32) };
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(readConfig({ ...env, TICKET_SIGNING_KEY: pem }).ticketSigningKey).toBe(pem.trim());
    expect(readConfig(env).ticketSigningKey).toBeUndefined();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    // Text, an RSA key, and a cut Ed25519 key in base64.
    for (const bad of ['not a key', rsa, pem.replace(/-----[^-]+-----|\s/g, '').slice(0, 30)]) {
      expect(() => readConfig({ ...env, TICKET_SIGNING_KEY: bad })).toThrow(ConfigError);
      expect(() => readConfig({ ...env, TICKET_SIGNING_KEY: bad })).toThrow(/TICKET_SIGNING_KEY: must be an Ed25519 private key/);
    }
  });
});
