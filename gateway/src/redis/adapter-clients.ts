import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The Socket.IO Redis adapter calls publish/subscribe without handling their promises; while Redis
 * is away those would reject unhandled. These thin wrappers give it the same calls, failing quietly:
 * a broadcast that cannot cross instances still reaches this instance's sockets.
 */

type Listener = (...args: unknown[]) => void;

function events(redis: Redis) {
  return {
    on: (event: string, listener: Listener) => redis.on(event, listener),
    off: (event: string, listener: Listener) => redis.off(event, listener),
    listenerCount: (event: string) => redis.listenerCount(event),
  };
}

export function adapterPublisher(redis: Redis) {
  return {
    ...events(redis),
    publish: (channel: string | Buffer, message: string | Buffer) => redis.publish(channel, message).catch(() => 0),
  };
}

export function adapterSubscriber(redis: Redis, log: FastifyBaseLogger) {
  const report = (err: unknown) => {
    log.debug({ err }, 'redis adapter subscription command failed');
    return 0;
  };
  return {
    ...events(redis),
    psubscribe: (...patterns: string[]) => redis.psubscribe(...patterns).catch(report),
    punsubscribe: (...patterns: string[]) => redis.punsubscribe(...patterns).catch(report),
    subscribe: (channels: string[]) => redis.subscribe(...channels).catch(report),
    unsubscribe: (channels: string[]) => redis.unsubscribe(...channels).catch(report),
  };
}
