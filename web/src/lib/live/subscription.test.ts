import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSubscription, type RealtimeSocket } from './subscription.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a subscribe the gateway cannot serve now', () => {
  it('is tried again after 1 s, doubling up to 15 s, and stays there, polling meanwhile', async () => {
    const subscribedAt: number[] = [];
    const socket = {
      connected: true,
      timeout: () => ({
        emit: (_event: string, _request: unknown, ack: (err: Error | null, raw?: unknown) => void) => {
          subscribedAt.push(Date.now());
          ack(null, { ok: false, error: { code: 'unavailable', message: 'Try again later' } });
        },
      }),
    } as unknown as RealtimeSocket;
    const poller = vi.fn(async () => ({ ok: false, fatal: false, status: 503, message: 'Try again later' }) as const);
    const host = { options: { connectGraceMs: 3000, pollIntervalMs: 60_000, ackTimeoutMs: 5000 }, offline: false };
    const subscription = new LiveSubscription(host, { kind: 'chip', chipId: 'chip-1' }, poller);
    subscription.start(socket);
    await vi.advanceTimersByTimeAsync(90_000);
    subscription.close(null);
    const waits = subscribedAt.slice(1, 8).map((at, i) => at - (subscribedAt[i] ?? 0));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(poller).toHaveBeenCalled();
    expect(subscription.snapshot.connection).toBe('polling');
  });
});
