import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './lib/paths';
import { DEV_ENCRYPTION_KEY, parseEncryptionKey } from './lib/field-cipher';

const bool = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * Environment variables of the server, validated once at start. Every variable is documented in README.md.
 * Unsafe combinations are refused in production (`NODE_ENV=production`): test captcha answers
 * and the dev outbox are refused there.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须是 postgres:// 开头的连接串')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'DATABASE_SCHEMA 只能包含小写字母、数字和下划线').optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).default(5_000),
  REDIS_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  SMTP_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('码著 <no-reply@mazhu.local>'),
  SMS_GATEWAY_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  SMS_GATEWAY_KEY: z.string().optional(),
  CAPTCHA_TEST_MODE: bool,
  OUTBOX: bool,
  TRUST_PROXY: bool,
  AI_BASE_URL: z.string().optional().or(z.literal('').transform(() => undefined)),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('deepseek-chat'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().max(365).default(7),
  FREE_TIMES_ON_REGISTER: z.coerce.number().int().min(0).max(100).default(1),
  MAX_UPLOAD_MB: z.coerce.number().int().positive().max(1024).default(50),
  UPLOAD_QUOTA_MB: z.coerce.number().int().positive().max(100_000).default(300),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT 必须是网址，例如 http://127.0.0.1:9000').optional().or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().regex(/^([a-z0-9][a-z0-9._-]*\/)*$/, 'S3_PREFIX 须为小写字母、数字组成并以 / 结尾，例如 mazhu/').default(''),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  JOB_QUEUE_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, 'JOB_QUEUE_PREFIX 只能包含字母、数字、- 和 _').default('mazhu'),
  INTAKE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  OPERATOR_USERNAME: z.string().optional(),
  OPERATOR_PASSWORD: z.string().optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .refine((v) => v === undefined || parseEncryptionKey(v) !== undefined, 'DATA_ENCRYPTION_KEY 必须是 32 字节的密钥：64 位十六进制或 base64（openssl rand -base64 32）'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory (SQLite file, uploads, generated materials). */
  dataDir: string;
  /** PostgreSQL URL, or undefined for the embedded SQLite file `<dataDir>/mazhu.db`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves with one schema each). */
  databaseSchema?: string;
  /** PostgreSQL pool size and per-session timeouts (ms). */
  databasePool: { max: number; statementTimeoutMs: number; lockTimeoutMs: number; acquireTimeoutMs: number };
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  smsGatewayUrl?: string;
  smsGatewayKey?: string;
  /** Adds `repData.testAnswer` to captcha challenges. Refused in production. */
  captchaTestMode: boolean;
  /** Exposes GET /api/dev/outbox with the codes sent. Refused in production. */
  outbox: boolean;
  trustProxy: boolean;
  ai: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };
  sessionTtlDays: number;
  freeTimesOnRegister: number;
  /** Upload size limit in bytes. */
  maxUploadBytes: number;
  /** Bytes of code archives one user may keep stored at once (UPLOAD_QUOTA_MB); see CodeProjectService.upload. */
  uploadQuotaBytes: number;
  /** Directory of the built web app (served with history fallback), or undefined to not serve it. */
  webDist?: string;
  logLevel: string;
  role: 'all' | 'web' | 'worker';
  /**
   * On SIGTERM/SIGINT a web process answers readiness 503 and goes on accepting and serving for this long (ms) before it
   * closes its listener, so a load balancer stops routing to it and no connection waits in the accept queue when the
   * listener closes (it would be reset). 0 closes at once. Env SHUTDOWN_DRAIN_MS, default 1000.
   */
  shutdownDrainMs: number;
  /** Generation jobs a process runs at once, each in its own materials-engine thread (JOB_CONCURRENCY; default: CPU cores, at most 4). */
  jobConcurrency: number;
  /** How long a job held by a process that stopped answering stays with it before another takes it over, in seconds (JOB_LEASE_SECONDS, default 30). */
  jobLeaseSeconds: number;
  /** Limit of one generation attempt, in seconds (JOB_TIMEOUT_SECONDS, default 600); longer attempts fail and are retried. */
  jobTimeoutSeconds: number;
  /** Shared object store for uploads and materials (S3_*); without it files live under `<dataDir>/files`. */
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix: string };
  /** Key prefix of the BullMQ queue in Redis (JOB_QUEUE_PREFIX, default `mazhu`): one per deployment sharing a Redis. */
  queuePrefix: string;
  /** Threads analysing uploaded code archives at once (INTAKE_THREADS; default: 2, or 1 on a single core). */
  intakeThreads?: number;
  /** Bootstrap back-office operator (created or reset at start); none when unset. */
  operator?: { username: string; password: string };
  /**
   * 32-byte AES-256-GCM key for personal data at rest (owners' identity numbers), from DATA_ENCRYPTION_KEY;
   * a fixed development key when unset (refused in production).
   */
  dataEncryptionKey: Buffer;
}

export class ConfigError extends Error {}

/**
 * Parses and validates the environment. Throws `ConfigError` with a readable message on a bad value
 * or an unsafe production setting (CAPTCHA_TEST_MODE or OUTBOX with NODE_ENV=production).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`环境变量配置错误：\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.S3_ENDPOINT && (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('设置了 S3_ENDPOINT 时还须设置 S3_BUCKET、S3_ACCESS_KEY_ID 和 S3_SECRET_ACCESS_KEY');
  }
  if (e.NODE_ENV === 'production') {
    if (e.CAPTCHA_TEST_MODE) throw new ConfigError('生产环境禁止开启 CAPTCHA_TEST_MODE（测试模式会泄露验证码答案）');
    if (e.OUTBOX) throw new ConfigError('生产环境禁止开启 OUTBOX（开发发件箱会泄露验证码）');
    if (e.OPERATOR_PASSWORD && e.OPERATOR_PASSWORD.length < 12) throw new ConfigError('生产环境的 OPERATOR_PASSWORD 至少 12 位');
    if (!e.DATA_ENCRYPTION_KEY) throw new ConfigError('生产环境必须设置 DATA_ENCRYPTION_KEY（32 字节密钥，用于加密存储证件号码；可用 openssl rand -base64 32 生成）');
  }
  const defaultDist = path.resolve(serverRoot(), '../web/dist');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databasePool: { max: e.DATABASE_POOL_MAX, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS, lockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS, acquireTimeoutMs: 10_000 },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayKey: e.SMS_GATEWAY_KEY,
    captchaTestMode: e.CAPTCHA_TEST_MODE,
    outbox: e.OUTBOX,
    trustProxy: e.TRUST_PROXY,
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    freeTimesOnRegister: e.FREE_TIMES_ON_REGISTER,
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : defaultDist,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    jobConcurrency: e.JOB_CONCURRENCY ?? Math.max(1, Math.min(4, os.availableParallelism())),
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    queuePrefix: e.JOB_QUEUE_PREFIX,
    s3: e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET ?? '', region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID ?? '', secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '', prefix: e.S3_PREFIX } : undefined,
    intakeThreads: e.INTAKE_THREADS,
    operator: e.OPERATOR_USERNAME && e.OPERATOR_PASSWORD ? { username: e.OPERATOR_USERNAME, password: e.OPERATOR_PASSWORD } : undefined,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ? parseEncryptionKey(e.DATA_ENCRYPTION_KEY)! : DEV_ENCRYPTION_KEY,
  };
}
