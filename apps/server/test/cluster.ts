import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { TEST_REDIS_URL } from './redis';

const repo = path.resolve(import.meta.dirname, '../../..');

export interface ClusterOptions {
  /** PostgreSQL URL and schema every process uses. */
  databaseUrl: string;
  databaseSchema: string;
  /** BullMQ key prefix (one queue per cluster). */
  queuePrefix: string;
  /** Extra environment for every process (e.g. JOB_CONCURRENCY, JOB_LEASE_SECONDS). */
  env?: Record<string, string>;
}

export interface Cluster {
  /** Base URL of web process `i` (round robin over the web processes started). */
  base(i: number): string;
  /** Starts a process: `ROLE=web` processes listen on a free port. Resolves once it says it started. */
  start(name: string, role: 'web' | 'worker'): Promise<ChildProcess>;
  procs: Map<string, ChildProcess>;
  /** Everything a process printed, for failure messages. */
  log(name: string): string;
  /** Kills every process and the object store; removes the data directories. */
  stop(): Promise<void>;
}

/**
 * A scale-out deployment on one machine, for tests and benchmarks: processes of the compiled server
 * (`apps/server/dist/main.js`, built here with scripts/build-server.mjs) sharing one PostgreSQL schema, one Redis
 * and one S3-compatible store (s3rver from npm, on a free port); each process has its own data directory, so files
 * are shared only through the object store, as on separate machines.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const built = spawnSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build-server failed: ${built.stderr}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-cluster-'));
  fs.mkdirSync(path.join(tmp, 's3'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3') });
  const { port: s3Port } = (await s3.run()) as { port: number };
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  await new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(new CreateBucketCommand({ Bucket: 'mazhu' }));

  const shared = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATABASE_URL: opts.databaseUrl,
    DATABASE_SCHEMA: opts.databaseSchema,
    REDIS_URL: TEST_REDIS_URL,
    JOB_QUEUE_PREFIX: opts.queuePrefix,
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: 'mazhu',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'cluster/',
    WEB_DIST: path.join(tmp, 'no-web'),
    ...opts.env,
  };
  const procs = new Map<string, ChildProcess>();
  const logs = new Map<string, string[]>();
  const ports = new Map<string, number>();
  const webs: string[] = [];

  function start(name: string, role: 'web' | 'worker'): Promise<ChildProcess> {
    if (role === 'web' && !ports.has(name)) {
      ports.set(name, 20_000 + Math.floor(Math.random() * 20_000));
      webs.push(name);
    }
    const env = { ...process.env, ...shared, ROLE: role, DATA_DIR: path.join(tmp, name), ...(role === 'web' ? { PORT: String(ports.get(name)) } : {}) };
    const child = spawn(process.execPath, [path.join(repo, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    procs.set(name, child);
    const lines = logs.get(name) ?? [];
    logs.set(name, lines);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${lines.join('')}`)), 60_000);
      child.stdout!.on('data', (b: Buffer) => {
        lines.push(b.toString());
        if (/码著已启动|码著生成任务进程已启动/.test(b.toString())) {
          clearTimeout(timer);
          resolve(child);
        }
      });
      child.stderr!.on('data', (b: Buffer) => lines.push(b.toString()));
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code !== null && code !== 0) reject(new Error(`${name} exited with ${code}:\n${lines.join('')}`));
      });
    });
  }

  return {
    base: (i) => `http://127.0.0.1:${ports.get(webs[i % webs.length]!)}`,
    start,
    procs,
    log: (name) => (logs.get(name) ?? []).join(''),
    async stop() {
      for (const p of procs.values()) p.kill('SIGKILL');
      await s3.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
