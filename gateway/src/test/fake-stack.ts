import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ClientSocket } from './client.js';
import { FakeUpstream } from './fake-upstream.js';
import { TEST_SERVICE_KEY, startGateway, type TestGateway } from './gateway.js';

/** A test file's gateway without Redis (the embedded default) against the fake upstream. */
export interface FakeStack {
  /** Set before the file's first test. */
  upstream: FakeUpstream;
  /** Set before the file's first test. */
  gateway: TestGateway;
  /** The sockets a test opened: closed after each test. */
  sockets: ClientSocket[];
}

/**
 * Starts the fake upstream and one gateway against it (with `env` besides) before the file's tests and
 * closes both after them. Call at the top of a test file; read `upstream` and `gateway` inside tests and hooks.
 */
export function fakeStack(env: Record<string, string> = {}): FakeStack {
  const stack = { sockets: [] as ClientSocket[] } as FakeStack;
  beforeAll(async () => {
    stack.upstream = await FakeUpstream.start(TEST_SERVICE_KEY);
    stack.gateway = await startGateway({ UPSTREAM_URL: stack.upstream.url, ...env });
  });
  afterEach(() => {
    for (const socket of stack.sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await stack.gateway.close();
    await stack.upstream.close();
  });
  return stack;
}
