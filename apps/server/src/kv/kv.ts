/**
 * Short-lived key-value store shared by the captcha, verification codes and rate limits.
 *
 * Values are strings; every key written through `set` or `incrWindow` carries a TTL, so the
 * store never grows without bound. Two implementations exist: `createMemoryKv` (one process,
 * bounded, evicts the oldest entries) and `createRedisKv` (several processes share one Redis).
 */
export interface Kv {
  /** The value, or null when the key is unknown or expired. */
  get(key: string): Promise<string | null>;
  /** Writes `value` with a TTL in whole seconds (≥ 1), replacing any previous value and TTL. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Writes only when the key is absent (Redis SET … NX); true when written. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /**
   * Reads and deletes in one atomic step (Redis GETDEL): of two concurrent callers at most one
   * receives the value. Used for single-use tokens.
   */
  getDel(key: string): Promise<string | null>;
  /** Deletes the key; deleting an unknown key is not an error. */
  del(key: string): Promise<void>;
  /**
   * Fixed-window counter: increments and returns the new count. The window of `windowSeconds`
   * starts at the first hit (the TTL is set only when the key is created) and is not extended by
   * later hits, as in AJ-Captcha's FrequencyLimitHandler.
   */
  incrWindow(key: string, windowSeconds: number): Promise<number>;
  /** Remaining TTL in whole seconds (rounded up), or null when the key is unknown or expired. */
  ttl?(key: string): Promise<number | null>;
  /** Releases timers or connections the store owns (a client passed in by the caller is left open). */
  close?(): Promise<void>;
}

/** Store selection: Redis when `redisUrl` is set, otherwise the in-process memory store. */
export interface KvConfig {
  redisUrl?: string;
  /** Capacity of the memory store (ignored for Redis). Default 100 000 keys. */
  maxKeys?: number;
  /** Where a Redis store reports its lost connection (one line per 30 s). */
  log?: { warn(obj: object, msg: string): void };
}

/** Rounds a TTL to whole seconds ≥ 1 and rejects nonsense, so both stores behave the same. */
export function normaliseTtl(ttlSeconds: number): number {
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError(`ttlSeconds must be a positive number, got ${ttlSeconds}`);
  }
  return Math.max(1, Math.ceil(ttlSeconds));
}
