/**
 * Helpers of the benchmarks that measure the server as deployed: the production build (apps/server/dist/main.js,
 * built by `npm run build:server`) in its own process, its memory read from /proc, users with sessions written
 * straight to its SQLite database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** Resident memory of a process (bytes): now (VmRSS) and its peak so far (VmHWM). Linux only. */
export function memOf(pid: number): { rss: number; hwm: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * Starts the production build (`entry`, default apps/server/dist/main.js) on a free port with SQLite under `dataDir` (NODE_ENV=development, ROLE=web and the
 * deployment's MALLOC_ARENA_MAX=2 unless `env` or this process's environment say otherwise); resolves once
 * /api/health answers. Stop it with `stopServer`.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}, entry = path.join(root, 'apps/server/dist/main.js')): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const fullEnv = { MALLOC_ARENA_MAX: '2', ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'none'), ROLE: 'web', ...env };
  const child = spawn(process.execPath, [entry], { env: fullEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 60 s');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** CPU time (user + system, ms) a process has used so far, all its threads. Linux only. */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * Resolves once the process has used under 2 % of one core for a whole second (at most `maxSeconds`): a freshly
 * started ROLE=all server warms the materials engine up in its worker threads, which would compete with the load.
 */
export async function waitIdle(pid: number, maxSeconds = 60): Promise<void> {
  let last = cpuMsOf(pid);
  for (let i = 0; i < maxSeconds; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuMsOf(pid);
    if (now - last < 20) return;
    last = now;
  }
}

/**
 * `count` users with a session each, written straight to the server's database (SQLite under `dataDir`, or the
 * PostgreSQL `database` when given); their session headers.
 */
export async function createUsers(dataDir: string, count: number, name = '基准用户', database?: { databaseUrl: string; databaseSchema?: string }): Promise<Record<string, string>[]> {
  const { openDb } = await import('../src/db');
  const { createSessionStore } = await import('../src/modules/auth/sessions');
  const { hashPassword } = await import('../src/modules/auth/passwords');
  const handle = openDb({ dataDir, ...database });
  try {
    const sessions = createSessionStore(handle.db, 7, { dialect: handle.dialect });
    const users: Record<string, string>[] = [];
    const now = new Date().toISOString();
    const hash = await hashPassword('Bench-123');
    for (let i = 0; i < count; i++) {
      const u = await handle.db
        .insertInto('users')
        .values({ mobile: `138${String(10_000_000 + i).slice(-8)}`, email: null, name: `${name}${i}`, password_hash: hash, role: 1, invitation_code: null, inviter_id: null, free_times: 0, disabled: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const s = await sessions.issue(u.id);
      users.push({ token: s.token, sessionid: s.sessionId });
    }
    return users;
  } finally {
    await handle.destroy();
  }
}
