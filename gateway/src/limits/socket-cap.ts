import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * At most `max` open sockets per client address, over every instance: a sorted set per address in
 * Redis (a member per socket, scored by when it expires unless renewed, so a crashed instance's
 * sockets stop counting within MEMBER_TTL_MS), or this process's own count without Redis. While Redis
 * does not answer, each instance counts its own sockets (one cap per instance); every instance
 * renews its sockets' members regularly, which also writes back the ones admitted meanwhile.
 */

const MEMBER_TTL_MS = 60_000;
const RENEW_EVERY_MS = 20_000;
/** Drops expired members, then admits the new one when fewer than the cap remain. */
const ACQUIRE = `redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[3], ARGV[4])
redis.call('pexpire', KEYS[1], ARGV[5])
return 1`;

export interface SocketCapOptions {
  max: number;
  redis: Redis | undefined;
  prefix: string;
  instanceId: string;
  log: FastifyBaseLogger;
}

export class SocketCap {
  /** This instance's sockets by address (member names as stored in Redis). */
  private readonly local = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: SocketCapOptions) {
    if (o.redis) {
      this.timer = setInterval(() => void this.renew(), RENEW_EVERY_MS);
      this.timer.unref();
    }
  }

  private key(address: string): string {
    return `${this.o.prefix}sockets:${address}`;
  }

  private member(socketId: string): string {
    return `${this.o.instanceId}:${socketId}`;
  }

  /** Admits one more socket of `address`, or false when it already has the most it may. */
  async acquire(address: string, socketId: string): Promise<boolean> {
    const member = this.member(socketId);
    const redis = this.o.redis;
    let admitted: boolean | undefined;
    if (redis && redis.status === 'ready') {
      const now = Date.now();
      try {
        const answer = await redis.eval(ACQUIRE, 1, this.key(address), now, this.o.max, now + MEMBER_TTL_MS, member, MEMBER_TTL_MS);
        admitted = answer === 1;
      } catch (err) {
        this.o.log.debug({ err }, 'socket count not shared; counting locally');
      }
    }
    const mine = this.local.get(address) ?? new Set<string>();
    // Counted here alone when Redis did not answer: the check and the count in the same turn.
    admitted ??= mine.size < this.o.max;
    if (!admitted) return false;
    mine.add(member);
    this.local.set(address, mine);
    return true;
  }

  release(address: string, socketId: string): void {
    const member = this.member(socketId);
    const mine = this.local.get(address);
    if (mine?.delete(member) && mine.size === 0) this.local.delete(address);
    const redis = this.o.redis;
    if (redis && redis.status === 'ready') {
      redis.zrem(this.key(address), member).catch(() => undefined);
    }
  }

  /** Extends this instance's members (and writes back any admitted while Redis was away). */
  private async renew(): Promise<void> {
    const redis = this.o.redis;
    if (!redis || redis.status !== 'ready' || this.local.size === 0) return;
    const until = Date.now() + MEMBER_TTL_MS;
    const pipeline = redis.pipeline();
    for (const [address, members] of this.local) {
      pipeline.zadd(this.key(address), ...[...members].flatMap((m) => [until, m]));
      pipeline.pexpire(this.key(address), MEMBER_TTL_MS);
    }
    try {
      await pipeline.exec();
    } catch (err) {
      this.o.log.debug({ err }, 'socket counts not renewed');
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
