import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { UpstreamClient } from '../clients/upstream.js';
import { createMetrics } from '../metrics.js';
import { FakeUpstream } from '../test/fake-upstream.js';
import { TEST_SERVICE_KEY } from '../test/gateway.js';
import { waitFor } from '@tapcard/testkit/wait';
import type { Coordination, StoredState } from './coordination/types.js';
import type { Emitter } from './emitter.js';
import { Poller } from './poller.js';
import { rooms } from './rooms.js';
import type { Addressed } from './updates.js';

/**
 * The lease holder stores a state before it emits the updates it carries. Another instance answers
 * its new subscribers from the stored state: emitting first, a phone that had just received update N
 * through its rooms could then be handed a snapshot of N - 1 and lose N without seeing a gap.
 */

let upstream: FakeUpstream;
const quiet = () => undefined;
const silent = { level: 'silent', fatal: quiet, error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet, child: () => silent } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
});
afterAll(async () => {
  await upstream.close();
});

/**
 * A cluster-mode poller of `eventId` over a Redis stand-in whose every write takes `saveDelayMs`;
 * `onUpdate` sees each emitted update with the version stored at that moment.
 */
function storingPoller(eventId: string, saveDelayMs: number, onUpdate: (addressed: Addressed, storedVersion: number | undefined) => void): Poller {
  let stored: StoredState | undefined;
  const coordination = {
    distributed: true,
    instanceId: 'test',
    saveState: async (_eventId: string, state: StoredState) => {
      await new Promise((resolve) => setTimeout(resolve, saveDelayMs));
      stored = state;
    },
    loadState: async () => null,
  } as unknown as Coordination;
  const emitter = {
    update: (addressed: Addressed) => onUpdate(addressed, stored?.state.version),
    status: () => undefined,
  } as unknown as Emitter;
  return new Poller({
    eventId,
    upstream: new UpstreamClient({ baseUrl: upstream.url, serviceKey: TEST_SERVICE_KEY, timeoutMs: 30_000 }),
    coordination,
    emitter,
    metrics: createMetrics(),
    log: silent,
    intervalMs: 100,
    mode: () => 'cluster',
    known: () => undefined,
  });
}

test('a state is stored before its updates are emitted, even when storing is slow', async () => {
  const { eventId } = upstream.addEvent();
  const ada = upstream.addAttendee(eventId, 'Ada');
  const emitted: { version: number; storedVersion: number | undefined }[] = [];
  // A slow Redis: every write takes 80 ms.
  const poller = storingPoller(eventId, 80, ({ update }, storedVersion) => emitted.push({ version: update.version, storedVersion }));
  poller.start();
  try {
    await poller.waitForState(15_000);
    upstream.postChat(eventId, ada.id, 'first');
    await waitFor(() => emitted.length > 0, 15_000);
    upstream.postChat(eventId, ada.id, 'second');
    await waitFor(() => new Set(emitted.map((e) => e.version)).size >= 2, 15_000);
  } finally {
    poller.stop();
  }
  for (const { version, storedVersion } of emitted) expect(storedVersion, `update ${version}`).toBeGreaterThanOrEqual(version);
});

test('a written message that follows the state is stored, then emitted once; the polls that read it afterwards emit nothing more', async () => {
  const { eventId } = upstream.addEvent();
  const ada = upstream.addAttendee(eventId, 'Ada');
  const emitted: { room: string | string[]; scope: string; version: number; prevVersion: number; chats: string[]; storedVersion: number | undefined }[] = [];
  const poller = storingPoller(eventId, 20, ({ room, update }, storedVersion) => emitted.push({ room, ...update, chats: (update.chats ?? []).map((m) => m.id), storedVersion }));
  poller.start();
  try {
    const before = await poller.waitForState(15_000);
    const message = upstream.postChat(eventId, ada.id, 'written');
    expect(message.seq).toBe((before?.version ?? 0) + 1);
    poller.poke(Date.now(), { kind: 'group', message });
    await waitFor(() => emitted.some((e) => e.chats.includes(message.id)), 15_000);
    const polls = upstream.pollCount(eventId);
    await waitFor(() => upstream.pollCount(eventId) >= polls + 2, 15_000);
  } finally {
    poller.stop();
  }
  const events = emitted.filter((e) => e.scope === 'event' && e.room === rooms.event(eventId));
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ prevVersion: events[0] && events[0].version - 1, chats: [expect.any(String)] });
  for (const { version, storedVersion } of emitted) expect(storedVersion, `update ${version}`).toBeGreaterThanOrEqual(version);
});

test('failing polls back off from twice the interval, doubling up to 10 s, and stay there', async () => {
  vi.useFakeTimers();
  try {
    const polledAt: number[] = [];
    const failing = {
      liveState: async () => {
        polledAt.push(Date.now());
        return { ok: false, code: 'unavailable', status: 500 } as const;
      },
    } as unknown as UpstreamClient;
    const poller = new Poller({
      eventId: 'backoff-event',
      upstream: failing,
      coordination: { distributed: false, instanceId: 'test', saveState: async () => undefined, loadState: async () => null } as unknown as Coordination,
      emitter: { update: () => undefined, status: () => undefined } as unknown as Emitter,
      metrics: createMetrics(),
      log: silent,
      intervalMs: 500,
      mode: () => 'local',
      known: () => undefined,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    poller.stop();
    const waits = polledAt.slice(1, 8).map((at, i) => at - (polledAt[i] ?? 0));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(poller.stale).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
