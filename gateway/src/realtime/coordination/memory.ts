import type { Coordination, StoredState } from './types.js';

/** One process, no Redis: the lease is always this instance's and pokes stay local. */
export function createMemoryCoordination(instanceId: string): Coordination {
  const states = new Map<string, StoredState>();
  return {
    distributed: false,
    instanceId,
    acquire: async () => 'acquired',
    renew: async () => 'renewed',
    release: async () => undefined,
    holder: async () => instanceId,
    async saveState(eventId, stored, when = 'not-older') {
      const before = states.get(eventId);
      if (before && (when === 'absent' || (when === 'not-older' && before.state.version > stored.state.version))) return;
      states.set(eventId, stored);
    },
    loadState: async (eventId) => states.get(eventId) ?? null,
    publishPoke: async () => undefined,
    onPoke: () => undefined,
    ping: async () => true,
    async close() {
      states.clear();
    },
  };
}
