import { Redis } from 'ioredis';
import { type Kv, normaliseTtl } from './kv';

/**
 * `Kv` on Redis (≥ 7.0 for `EXPIRE … NX`; GETDEL needs ≥ 6.2), for several server processes.
 *
 * Accepts a URL (`redis://host:6379/0`; the store then owns the connection and `close()` quits it)
 * or an existing ioredis client (left open by `close()`). Keys are used as given; pass a
 * `keyPrefix` to the client if the database is shared.
 * - `getDel` is Redis GETDEL, atomic across processes.
 * - `incrWindow` runs `INCR` and `EXPIRE key window NX` in one MULTI, so the window starts at the
 *   first hit and a key can never be left without a TTL.
 */
export function createRedisKv(redisUrlOrClient: string | Redis): Kv {
  const owned = typeof redisUrlOrClient === 'string';
  const redis = owned ? new Redis(redisUrlOrClient, { maxRetriesPerRequest: 2 }) : redisUrlOrClient;

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
