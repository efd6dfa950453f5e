import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import notepack from 'notepack.io';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import type { Update } from '@tapcard/shared/realtime';
import { testEnv } from '../../support/env.js';
import { distribution } from '../../support/stats.js';

/**
 * What one chat update costs on the way, apart from the rest of the stack:
 * - Socket.IO's default parser (JSON text) against msgpack (notepack.io, which socket.io-msgpack-parser
 *   uses): encode at the gateway (once per emit: a broadcast is encoded once for all its sockets) and
 *   decode at each client, and the frame's size;
 * - the Redis adapter's hop: its message (the packet and the rooms, msgpack) published by one
 *   connection and received by another, one message at a time;
 * - batching: one update carrying k messages against k updates.
 * `pnpm exec tsx tests/bench/realtime/codec.ts [--redis URL] [--rounds N]`
 */

const { values } = parseArgs({ options: { redis: { type: 'string', default: testEnv.redisUrl() ?? 'redis://127.0.0.1:6379' }, rounds: { type: 'string', default: '20000' } } });
const rounds = Number(values.rounds);

function message(seq: number) {
  const at = new Date(1_790_000_000_000 + seq * 1000).toISOString();
  return {
    id: `msg-${seq.toString(16).padStart(12, '0')}`,
    event_id: 'PLt4tMGj7Z7KAJvPj0Beyw',
    attendee_id: 'att-6f1c2b9e0d3a',
    name: 'Writer 3',
    image: '/backend/files/face.png',
    message: `bench 1000 message ${seq}: hello everyone, see you at the stage`,
    createdAt: at,
    updatedAt: at,
    seq,
  };
}

function update(messages: number): Update {
  return { eventId: 'PLt4tMGj7Z7KAJvPj0Beyw', version: 100 + messages, prevVersion: 100, scope: 'event', chats: Array.from({ length: messages }, (_, i) => message(101 + i)) };
}

const packetOf = (u: Update): Packet => ({ type: PacketType.EVENT, nsp: '/', data: ['update', u] });

/** µs per call of `fn`, over `rounds` calls after a warm-up. */
function time(fn: () => void): number {
  for (let i = 0; i < Math.min(rounds, 2000); i += 1) fn();
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) fn();
  return Math.round(((performance.now() - started) / rounds) * 1000 * 100) / 100;
}

const encoder = new Encoder();
function jsonRoundTrip(u: Update) {
  const [frame] = encoder.encode(packetOf(u)) as string[];
  const decoder = new Decoder();
  let decoded: unknown;
  decoder.on('decoded', (p: Packet) => (decoded = p));
  decoder.add(frame ?? '');
  return { frame: frame ?? '', decoded };
}

const results: Record<string, unknown> = {};
for (const k of [1, 5]) {
  const u = update(k);
  const jsonFrame = (encoder.encode(packetOf(u)) as string[])[0] ?? '';
  const packFrame: Buffer = notepack.encode(packetOf(u));
  results[`update with ${k} message(s)`] = {
    jsonBytes: Buffer.byteLength(jsonFrame),
    msgpackBytes: packFrame.length,
    jsonEncodeUs: time(() => encoder.encode(packetOf(u))),
    msgpackEncodeUs: time(() => notepack.encode(packetOf(u))),
    jsonDecodeUs: time(() => {
      const decoder = new Decoder();
      decoder.on('decoded', () => undefined);
      decoder.add(jsonFrame);
    }),
    msgpackDecodeUs: time(() => notepack.decode(packFrame)),
    jsonRoundTripOk: JSON.stringify((jsonRoundTrip(u).decoded as Packet).data) === JSON.stringify(['update', u]),
  };
}
// Batching: k messages in one update against k updates of one message (encode + decode each way).
const one = update(1);
const five = update(5);
results.batching = {
  fiveUpdatesOfOneUs: Math.round(time(() => jsonRoundTrip(one)) * 5 * 100) / 100,
  oneUpdateOfFiveUs: time(() => jsonRoundTrip(five)),
};

// The Redis adapter's hop: publish on one connection, receive on another, one message at a time.
const pub = new Redis(values.redis);
const sub = new Redis(values.redis);
const channel = `codec-bench:${process.pid}`;
await sub.subscribe(channel);
const adapterMessage: Buffer = notepack.encode(['uid', packetOf(one), { rooms: ['ev:PLt4tMGj7Z7KAJvPj0Beyw'], except: ['door:PLt4tMGj7Z7KAJvPj0Beyw'], flags: {} }]);
const hops: number[] = [];
let resolveHop: () => void = () => undefined;
sub.on('messageBuffer', (_channel: Buffer, payload: Buffer) => {
  notepack.decode(payload);
  resolveHop();
});
for (let i = 0; i < 2000; i += 1) {
  const started = performance.now();
  await new Promise<void>((resolve) => {
    resolveHop = resolve;
    void pub.publish(channel, adapterMessage);
  });
  hops.push((performance.now() - started) * 1000);
}
pub.disconnect();
sub.disconnect();
const hop = distribution(hops.slice(200));
results.redisAdapterHop = { bytes: adapterMessage.length, p50Us: hop.p50, p99Us: hop.p99, maxUs: hop.max };

console.log(JSON.stringify({ node: process.version, rounds, loadAverage: (await import('node:os')).loadavg().map((v) => Math.round(v * 100) / 100), results }, null, 2));
