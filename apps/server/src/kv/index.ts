import { type Kv, type KvConfig } from './kv';
import { createMemoryKv } from './memory-kv';
import { createRedisKv } from './redis-kv';

export { type Kv, type KvConfig, normaliseTtl } from './kv';
export { createMemoryKv, type MemoryKvOptions } from './memory-kv';
export { createRedisKv } from './redis-kv';

/** Redis when `config.redisUrl` is set, otherwise a bounded memory store (`maxKeys`, default 100 000). */
export function createKv(config: KvConfig = {}): Kv {
  return config.redisUrl ? createRedisKv(config.redisUrl, config.log) : createMemoryKv({ maxKeys: config.maxKeys });
}
