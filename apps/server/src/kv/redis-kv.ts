import { Redis, type RedisOptions } from 'ioredis';
import { DependencyUnavailable, throttledWarn } from '../lib/unavailable';
import { type Kv, normaliseTtl } from './kv';

/**
 * Connection options of every Redis client the requests use: a command waits at most 1.5 s (also while the
 * connection is being made at start), a lost connection is retried with a growing pause (0.2 s doubling to 10 s), and
 * a command is never retried on a new connection — so a request that needs an unreachable Redis answers within 2 s.
 */
export const REQUEST_REDIS_OPTIONS: RedisOptions = {
  connectTimeout: 1000,
  commandTimeout: 1500,
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt) => Math.min(200 * 2 ** Math.min(attempt, 10), 10_000),
};

/**
 * `Kv` on Redis (≥ 7.0 for `EXPIRE … NX`; GETDEL needs ≥ 6.2), for several server processes.
 *
 * Accepts a URL (`redis://host:6379/0`; the store then owns the connection and `close()` quits it)
 * or an existing ioredis client (left open by `close()`). Keys are used as given; pass a
 * `keyPrefix` to the client if the database is shared.
 * - `getDel` is Redis GETDEL, atomic across processes.
 * - `incrWindow` runs `INCR` and `EXPIRE key window NX` in one MULTI, so the window starts at the
 *   first hit and a key can never be left without a TTL.
 * - A store that owns its connection uses REQUEST_REDIS_OPTIONS; while the connection is lost (after it was made
 *   once, or after the first attempt failed) every call fails at once. Failures reject with DependencyUnavailable
 *   (503 系统繁忙，请稍后重试); connection errors are logged once per 30 s (`log`).
 */
export function createRedisKv(redisUrlOrClient: string | Redis, log?: { warn(obj: object, msg: string): void }): Kv {
  const owned = typeof redisUrlOrClient === 'string';
  const redis = owned ? new Redis(redisUrlOrClient, REQUEST_REDIS_OPTIONS) : redisUrlOrClient;
  if (owned) redis.on('error', throttledWarn(log, 'Redis unreachable; requests that need it answer 503 until it is back'));
  const kv = rawRedisKv(redis, owned);
  const guarded = {} as Kv;
  for (const [name, fn] of Object.entries(kv) as [keyof Kv, (...a: unknown[]) => Promise<unknown>][]) {
    (guarded as unknown as Record<string, unknown>)[name] =
      name === 'close'
        ? fn
        : async (...args: unknown[]) => {
            if (redis.status === 'reconnecting' || redis.status === 'end' || redis.status === 'close') throw new DependencyUnavailable('redis');
            try {
              return await fn(...args);
            } catch (e) {
              // A bad argument (a TTL of 0) is the caller's fault, not Redis's.
              if (e instanceof DependencyUnavailable || e instanceof RangeError || e instanceof TypeError) throw e;
              const err = new DependencyUnavailable('redis');
              err.cause = e;
              throw err;
            }
          };
  }
  return guarded;
}

/** The store's calls on `redis` without translation of failures (see createRedisKv). */
function rawRedisKv(redis: Redis, owned: boolean): Kv {
  return {
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', normaliseTtl(ttlSeconds));
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return (await redis.set(key, value, 'EX', normaliseTtl(ttlSeconds), 'NX')) === 'OK';
    },
    async getDel(key) {
      return redis.getdel(key);
    },
    async del(key) {
      await redis.del(key);
    },
    async incrWindow(key, windowSeconds) {
      const ttl = normaliseTtl(windowSeconds);
      const results = await redis.multi().incr(key).expire(key, ttl, 'NX').exec();
      if (!results) throw new Error('Redis MULTI for incrWindow was aborted');
      const [incrErr, count] = results[0];
      if (incrErr) throw incrErr;
      const [expireErr] = results[1];
      if (expireErr) throw new Error(`Redis EXPIRE … NX failed (Redis ≥ 7.0 is required): ${expireErr.message}`);
      return Number(count);
    },
    async ttl(key) {
      const seconds = await redis.ttl(key);
      return seconds >= 0 ? seconds : null;
    },
    async close() {
      if (owned) await redis.quit();
    },
  };
}
