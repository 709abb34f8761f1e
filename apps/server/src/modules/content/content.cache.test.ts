import { describe, expect, it } from 'vitest';
import { createMemoryKv, type Kv } from '../../kv';
import { CONTENT_CACHE_SECONDS, createContentCache } from './content.cache';

const text = async (body: Promise<Buffer>) => String(await body);

/** A loader that answers the current "database" value and counts its reads. */
function source(initial: string) {
  const s = { value: initial, reads: 0, load: async () => ({ title: (s.reads++, s.value) }) };
  return s;
}

describe('public content cache', () => {
  it('serves a kept answer until a change is announced, also in another process sharing the store', async () => {
    const shared = createMemoryKv({ sweepIntervalMs: 0 });
    const a = createContentCache(shared);
    const b = createContentCache(shared);
    const db = source('旧标题');
    expect(await text(a.json('notice', 'list', db.load))).toBe('{"title":"旧标题"}');
    expect(await text(b.json('notice', 'list', db.load))).toBe('{"title":"旧标题"}');
    expect(await text(a.json('notice', 'list', db.load))).toBe('{"title":"旧标题"}');
    expect(db.reads).toBe(2);

    db.value = '新标题';
    await a.changed('notice');
    expect(await text(b.json('notice', 'list', db.load))).toBe('{"title":"新标题"}');
    expect(await text(a.json('notice', 'list', db.load))).toBe('{"title":"新标题"}');
  });

  it('keeps nothing without a shared store, and reads the database while the store is unreachable', async () => {
    const db = source('标题');
    const none = createContentCache(undefined);
    await none.json('notice', 'list', db.load);
    await none.json('notice', 'list', db.load);
    expect(db.reads).toBe(2);

    const down: Kv = { ...createMemoryKv({ sweepIntervalMs: 0 }), get: () => Promise.reject(new Error('ECONNREFUSED')) };
    const unreachable = createContentCache(down);
    await unreachable.json('notice', 'list', db.load);
    await unreachable.json('notice', 'list', db.load);
    expect(db.reads).toBe(4);
    await expect(unreachable.changed('notice')).resolves.toBeUndefined();
  });

  it(`never serves an answer older than ${CONTENT_CACHE_SECONDS} s, even when a change was never announced`, async () => {
    let now = 1_000_000;
    const cache = createContentCache(createMemoryKv({ sweepIntervalMs: 0 }), { now: () => now });
    const db = source('旧');
    await cache.json('notice', 'list', db.load);
    db.value = '新';
    now += (CONTENT_CACHE_SECONDS - 1) * 1000;
    expect(await text(cache.json('notice', 'list', db.load))).toBe('{"title":"旧"}');
    now += 1000;
    expect(await text(cache.json('notice', 'list', db.load))).toBe('{"title":"新"}');
  });

  it('shares one read between requests arriving together and keeps no failed read', async () => {
    const cache = createContentCache(createMemoryKv({ sweepIntervalMs: 0 }));
    const db = source('标题');
    const answers = await Promise.all(Array.from({ length: 10 }, () => text(cache.json('notice', 'list', db.load))));
    expect(new Set(answers)).toEqual(new Set(['{"title":"标题"}']));
    expect(db.reads).toBe(1);

    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('公告不存在或已下线');
      return { ok: true };
    };
    await expect(cache.json('notice', 'id:1', flaky)).rejects.toThrow('公告不存在或已下线');
    fail = false;
    expect(await text(cache.json('notice', 'id:1', flaky))).toBe('{"ok":true}');
  });

  it('keeps a bounded number of answers', async () => {
    const cache = createContentCache(createMemoryKv({ sweepIntervalMs: 0 }), { maxEntries: 3 });
    const db = source('标题');
    for (const page of [1, 2, 3, 4]) await cache.json('notice', `list:${page}`, db.load);
    await cache.json('notice', 'list:4', db.load);
    expect(db.reads).toBe(4);
    await cache.json('notice', 'list:1', db.load);
    expect(db.reads).toBe(5);
  });
});
