import type { Kysely } from 'kysely';
import type { AiWriter } from './ai';
import type { AppConfig } from './config';
import type { Dialect } from './db';
import type { Database } from './db/schema';
import type { JobSystem } from './jobs';
import type { Kv } from './kv';
import type { FieldCipher } from './lib/field-cipher';
import type { Outbox } from './messaging';
import type { SessionStore } from './modules/auth/sessions';
import type { BlobStore } from './storage';

/** What every feature module may depend on; modules take the narrow part they need (`Pick<AppDeps, …>`). */
export interface AppDeps {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  sessions: SessionStore;
  /** Short-lived state: captcha tokens, codes, rate limits (memory, or Redis with REDIS_URL). */
  kv: Kv;
  /**
   * The store that every process serving requests sees, for caches a write must reach at once (sessions, public
   * content): Redis, or — for the single process of ROLE=all without Redis — `kv`. Undefined for a web process
   * without Redis: a revocation or an edit made by another process would not reach its memory, so it keeps nothing.
   */
  sharedKv?: Kv;
  /** Attempt counters (passwords, codes): Redis with REDIS_URL, else a memory store of their own that floods cannot evict. */
  attempts: Kv;
  /** Dev outbox of sent codes, only with OUTBOX=1. */
  outbox?: Outbox;
  /** Uploads and generated materials (local disk under `<dataDir>/files`). */
  blobs: BlobStore;
  /** Persisted generation-job queue, its in-process runner (started when ROLE is all/worker) and the materials engine. */
  jobs: JobSystem;
  /** AI writer: the OpenAI-compatible client when AI_BASE_URL is set, else the offline writer. */
  ai: AiWriter;
  /** AES-256-GCM encryption of personal data at rest (owners' identity numbers), keyed by DATA_ENCRYPTION_KEY. */
  cipher: FieldCipher;
}
