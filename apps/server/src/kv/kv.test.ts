import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKv, createMemoryKv, createRedisKv, type Kv } from './index';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Behaviour both stores must share. `prefix` keeps parallel runs on one Redis apart. */
function kvContract(name: string, makeKv: () => Kv | undefined, prefix: () => string) {
  describe(`${name}: Kv contract`, () => {
    const k = (s: string) => `${prefix()}${s}`;

    it('sets, gets, deletes', async (ctx) => {
      const kv = makeKv();
      if (!kv) return ctx.skip();
      expect(await kv.get(k('a'))).toBeNull();
      await kv.set(k('a'), 'one', 60);
      expect(await kv.get(k('a'))).toBe('one');
      await kv.set(k('a'), 'two', 60);
      expect(await kv.get(k('a'))).toBe('two');
      await kv.del(k('a'));
      expect(await kv.get(k('a'))).toBeNull();
      await kv.del(k('never-set'));
    });

    it('getDel returns the value once, even to concurrent callers', async (ctx) => {
      const kv = makeKv();
      if (!kv) return ctx.skip();
      await kv.set(k('tok'), 'v', 60);
      const results = await Promise.all([kv.getDel(k('tok')), kv.getDel(k('tok')), kv.getDel(k('tok'))]);
      expect(results.filter((r) => r === 'v')).toHaveLength(1);
      expect(await kv.get(k('tok'))).toBeNull();
    });

    it('incrWindow counts from 1 and keeps the TTL of the first hit', async (ctx) => {
      const kv = makeKv();
      if (!kv) return ctx.skip();
      expect(await kv.incrWindow(k('c'), 60)).toBe(1);
      expect(await kv.incrWindow(k('c'), 60)).toBe(2);
      expect(await kv.incrWindow(k('c'), 1000)).toBe(3);
      const ttl = await kv.ttl!(k('c'));
      expect(ttl).toBeGreaterThan(55);
      expect(ttl).toBeLessThanOrEqual(60);
    });

    it('rejects a non-positive TTL', async (ctx) => {
      const kv = makeKv();
      if (!kv) return ctx.skip();
      await expect(kv.set(k('bad'), 'x', 0)).rejects.toThrow(RangeError);
    });

    it('expires entries after their TTL', async (ctx) => {
      const kv = makeKv();
      if (!kv) return ctx.skip();
      await kv.set(k('short'), 'x', 1);
      await kv.incrWindow(k('win'), 1);
      await sleep(1100);
      expect(await kv.get(k('short'))).toBeNull();
      expect(await kv.ttl!(k('short'))).toBeNull();
      expect(await kv.incrWindow(k('win'), 1)).toBe(1);
    });
  });
}

kvContract('memory', () => createMemoryKv({ maxKeys: 1000 }), () => '');

describe('memory Kv', () => {
  it('evicts only the oldest entries when full, never everything', async () => {
    const kv = createMemoryKv({ maxKeys: 100 });
    for (let i = 0; i < 1000; i++) await kv.set(`k${i}`, String(i), 120);
    expect(kv.size).toBe(100);
    expect(await kv.get('k899')).toBeNull();
    expect(await kv.get('k900')).toBe('900');
    expect(await kv.get('k999')).toBe('999');
    await kv.close!();
  });

  it('keeps a counter that is still being written while older keys are evicted', async () => {
    const kv = createMemoryKv({ maxKeys: 10 });
    for (let i = 0; i < 100; i++) {
      await kv.incrWindow('hot', 60);
      await kv.set(`cold${i}`, 'x', 60);
    }
    expect(await kv.get('hot')).toBe('100');
  });

  it('expires on a fake clock and drops expired entries before evicting live ones', async () => {
    let t = 1_000_000;
    const kv = createMemoryKv({ maxKeys: 3, now: () => t, sweepIntervalMs: 0 });
    await kv.set('a', '1', 10);
    await kv.set('b', '2', 100);
    expect(await kv.ttl!('a')).toBe(10);
    t += 10_000;
    expect(await kv.get('a')).toBeNull();
    await kv.set('c', '3', 100);
    await kv.set('d', '4', 100);
    expect(await kv.get('b')).toBe('2');
    expect(kv.size).toBe(3);
  });

  it('createKv without a URL gives a memory store', async () => {
    const kv = createKv({ maxKeys: 5 });
    await kv.set('x', 'y', 5);
    expect(await kv.get('x')).toBe('y');
    await kv.close?.();
  });
});

// Redis: CI runs one at 127.0.0.1:6379; a machine without it skips these tests.
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis | undefined;
let redisKv: Kv | undefined;
const runPrefix = `test:kv:${randomUUID()}:`;

beforeAll(async () => {
  const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await Promise.race([client.connect(), sleep(1000).then(() => Promise.reject(new Error('timeout')))]);
    await client.ping();
    redis = client;
    redisKv = createRedisKv(client);
  } catch {
    client.disconnect();
  }
});

afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${runPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

kvContract('redis', () => redisKv, () => runPrefix);
