import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnections } from '../../redis/connections.js';
import { pokeSchema, storedStateSchema } from './types.js';
import type { Coordination, Poke, StoredState } from './types.js';

/** Leases, shared states and pokes in Redis, for several gateway instances. */

// Renew and release only when the lease is still ours: another instance may hold it after an expiry.
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/**
 * Stores a state and a short tag naming this write, together (ARGV[4] = '1': only when no state is
 * stored). Readers compare the tag with the one of the state they parsed last and fetch the state,
 * which grows with the attendees (megabytes for thousands), only when it changed.
 */
// The tag starts with the instance and the version of the stored state (see saveState).
const SAVE = `if ARGV[4] == 'absent' and redis.call('exists', KEYS[1]) == 1 then return 0 end
if ARGV[4] == 'not-older' then
  local tag = redis.call('get', KEYS[2])
  local stored = tag and tonumber(string.match(tag, '^[^:]*:(%d+):'))
  if stored and stored > tonumber(ARGV[5]) then return 0 end
end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;
/** Long enough for a follower to serve new subscribers between two leader writes of a quiet event. */
const STATE_TTL_MS = 5 * 60 * 1000;
const PARSED_CACHE_LIMIT = 1000;

export interface RedisCoordinationOptions {
  connections: RedisConnections;
  prefix: string;
  instanceId: string;
  leaseTtlMs: number;
  log: FastifyBaseLogger;
}

export function createRedisCoordination(o: RedisCoordinationOptions): Coordination {
  const { command, subscriber } = o.connections;
  const leaseKey = (eventId: string) => `${o.prefix}lease:${eventId}`;
  const stateKey = (eventId: string) => `${o.prefix}state:${eventId}`;
  const tagKey = (eventId: string) => `${o.prefix}state-tag:${eventId}`;
  const pokeChannel = `${o.prefix}poke`;
  // Many subscribers of one event read the same stored state: fetch and parse each distinct value once.
  const parsed = new Map<string, { tag: string | null; raw: string; stored: StoredState }>();
  let writes = 0;
  const handlers: ((poke: Poke) => void)[] = [];

  subscriber.subscribe(pokeChannel).catch((err: unknown) => o.log.debug({ err }, 'poke subscription failed'));
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== pokeChannel) return;
    let poke: Poke;
    try {
      poke = pokeSchema.parse(JSON.parse(message));
    } catch {
      return;
    }
    if (poke.from === o.instanceId) return;
    for (const handler of handlers) handler(poke);
  });

  return {
    distributed: true,
    instanceId: o.instanceId,
    async acquire(eventId) {
      try {
        const set = await command.set(leaseKey(eventId), o.instanceId, 'PX', o.leaseTtlMs, 'NX');
        if (set === 'OK') return 'acquired';
        const holder = await command.get(leaseKey(eventId));
        return holder === o.instanceId ? 'acquired' : 'held';
      } catch {
        return 'error';
      }
    },
    async renew(eventId) {
      try {
        const renewed = await command.eval(RENEW, 1, leaseKey(eventId), o.instanceId, o.leaseTtlMs);
        return renewed === 1 ? 'renewed' : 'lost';
      } catch {
        return 'error';
      }
    },
    async release(eventId) {
      parsed.delete(eventId);
      try {
        await command.eval(RELEASE, 1, leaseKey(eventId), o.instanceId);
      } catch {
        // The lease expires by itself.
      }
    },
    async holder(eventId) {
      try {
        return await command.get(leaseKey(eventId));
      } catch {
        return undefined;
      }
    },
    async saveState(eventId, stored, when = 'not-older') {
      const raw = JSON.stringify(stored);
      writes += 1;
      const tag = `${o.instanceId}:${stored.state.version}:${writes}`;
      try {
        await command.eval(SAVE, 2, stateKey(eventId), tagKey(eventId), raw, tag, STATE_TTL_MS, when, stored.state.version);
      } catch (err) {
        o.log.debug({ err, eventId }, 'state not stored');
      }
    },
    async loadState(eventId) {
      const cached = parsed.get(eventId);
      let tag: string | null;
      let raw: string | null;
      try {
        if (cached?.tag) {
          // Unchanged since the last read: no need to fetch the state itself.
          tag = await command.get(tagKey(eventId));
          if (tag === cached.tag) return cached.stored;
        }
        [tag = null, raw = null] = await command.mget(tagKey(eventId), stateKey(eventId));
      } catch {
        return undefined;
      }
      if (raw === null) return null;
      if (cached?.raw === raw) {
        cached.tag = tag;
        return cached.stored;
      }
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return null;
      }
      const result = storedStateSchema.safeParse(value);
      if (!result.success) return null;
      if (parsed.size >= PARSED_CACHE_LIMIT) parsed.clear();
      parsed.set(eventId, { tag, raw, stored: result.data });
      return result.data;
    },
    async publishPoke(poke) {
      try {
        await command.publish(pokeChannel, JSON.stringify(poke));
      } catch {
        // Redis is away: every instance polls its own subscribers' events meanwhile.
      }
    },
    onPoke(handler) {
      handlers.push(handler);
    },
    async ping() {
      try {
        return (await command.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      parsed.clear();
      await o.connections.close();
    },
  };
}
