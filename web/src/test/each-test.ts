import { beforeEach } from 'vitest';
import { mockNetwork, type MockNetwork } from './network.js';
import { signIn, signOut } from './render.js';

/**
 * A fresh mock network for each test of the file, after signing in (or out) first: registered as a
 * beforeEach, and answered through one object the file keeps. The setup restores the real fetch after
 * each test.
 */
export function networkForEachTest(session?: 'signed-in' | 'signed-out'): MockNetwork {
  let current: MockNetwork | undefined;
  beforeEach(() => {
    if (session === 'signed-in') signIn();
    if (session === 'signed-out') signOut();
    current = mockNetwork();
  });
  return new Proxy({} as MockNetwork, {
    get(_target, key) {
      if (!current) throw new Error('The mock network exists inside a test only.');
      return Reflect.get(current, key);
    },
  });
}
