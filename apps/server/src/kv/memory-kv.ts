import { type Kv, normaliseTtl } from './kv';

export interface MemoryKvOptions {
  /** Maximum number of live keys; above it the oldest-written entries are evicted one by one. Default 100 000. */
  maxKeys?: number;
  /** Clock in epoch milliseconds (tests pass a fake). Default `Date.now`. */
  now?: () => number;
  /** Period of the background sweep that drops expired entries, in ms; 0 disables it. Default 30 000. */
  sweepIntervalMs?: number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * In-process `Kv` for a single server process (dev, tests, small deployments).
 *
 * Bounded: a `Map` kept in write order; every write moves the key to the newest end and, when
 * the map is over `maxKeys`, the oldest entries are evicted (an LRU over writes). It never clears
 * everything at once, unlike AJ-Captcha's `CacheUtil` which drops every key past 2×cache-number
 * (the flooding weakness in the protocol notes). Expired entries are dropped lazily on read, a few
 * at a time on write, and by an unref'd periodic sweep.
 */
export function createMemoryKv(options: MemoryKvOptions = {}): Kv & { readonly size: number } {
  const maxKeys = options.maxKeys ?? 100_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a positive integer, got ${maxKeys}`);
  const now = options.now ?? Date.now;
  const map = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };

  const write = (key: string, entry: Entry): void => {
    map.delete(key);
    map.set(key, entry);
    // Cheap amortised clean-up: drop expired entries at the old end.
    let budget = 4;
    for (const [k, e] of map) {
      if (budget-- === 0 || e.expiresAt > now()) break;
      map.delete(k);
    }
    while (map.size > maxKeys) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
    }
  };

  const sweep = (): void => {
    const t = now();
    for (const [k, e] of map) if (e.expiresAt <= t) map.delete(k);
  };
  const sweepMs = options.sweepIntervalMs ?? 30_000;
  const timer = sweepMs > 0 ? setInterval(sweep, sweepMs) : undefined;
  timer?.unref();

  return {
    get size() {
      return map.size;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      write(key, { value, expiresAt: now() + normaliseTtl(ttlSeconds) * 1000 });
    },
    async setIfAbsent(key, value, ttlSeconds) {
      if (live(key)) return false;
      write(key, { value, expiresAt: now() + normaliseTtl(ttlSeconds) * 1000 });
      return true;
    },
    async getDel(key) {
      const entry = live(key);
      map.delete(key);
      return entry?.value ?? null;
    },
    async del(key) {
      map.delete(key);
    },
    async incrWindow(key, windowSeconds) {
      const entry = live(key);
      const count = entry ? Number(entry.value) + 1 : 1;
      const expiresAt = entry ? entry.expiresAt : now() + normaliseTtl(windowSeconds) * 1000;
      write(key, { value: String(count), expiresAt });
      return count;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? Math.ceil((entry.expiresAt - now()) / 1000) : null;
    },
    async close() {
      if (timer) clearInterval(timer);
      map.clear();
    },
  };
}
