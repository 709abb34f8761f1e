import { type Kv, type KvConfig } from './kv.js';
import { createMemoryKv } from './memory-kv.js';
import { createRedisKv } from './redis-kv.js';

export { type Kv, type KvConfig, normaliseTtl } from './kv.js';
export { createMemoryKv, type MemoryKvOptions } from './memory-kv.js';
export { createRedisKv } from './redis-kv.js';

/** Redis when `config.redisUrl` is set, otherwise a bounded memory store (`maxKeys`, default 100 000). */
export function createKv(config: KvConfig = {}): Kv {
  return config.redisUrl ? createRedisKv(config.redisUrl) : createMemoryKv({ maxKeys: config.maxKeys });
}
