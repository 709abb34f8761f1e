/**
 * Benchmark: concurrent code-archive uploads against the production build of the server in its own process
 * (SQLite, ROLE=web).
 *
 *   npm run bench:uploads        (builds the server, then: node --import tsx apps/server/bench/uploads.bench.ts)
 *
 * Builds one archive of BENCH_UPLOAD_MB (default 20) MB: BENCH_UPLOAD_SOURCE_MB (default 30) MB of real
 * JavaScript/TypeScript/CSS source text taken from this repository's node_modules (renamed under project/src/, so it
 * is read as the program's own code), the rest incompressible assets (project/assets/*.png), as a real project with
 * images. Five users then upload it at once (POST /api/uploadCodeProject, multipart, over HTTP) while GET
 * /api/health is timed every 100 ms from this process. RSS is the server process's (VmRSS sampled every 50 ms,
 * VmHWM for the peak), worker threads included.
 * Goals: health check < 200 ms during the uploads; peak RSS < 800 MB. Prints figures beside the goals, never pass/fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, type Zippable } from 'fflate';

const USERS = 5;
const ARCHIVE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);
const SOURCE_MB = Number(process.env.BENCH_UPLOAD_SOURCE_MB ?? 30);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Five users with a session each, written straight to the server's database (SQLite under `dataDir`). */
async function createUsers(dataDir: string): Promise<Record<string, string>[]> {
  const { openDb } = await import('../src/db');
  const { createSessionStore } = await import('../src/modules/auth/sessions');
  const { hashPassword } = await import('../src/modules/auth/passwords');
  const handle = openDb({ dataDir });
  try {
    const sessions = createSessionStore(handle.db, 7);
    const users: Record<string, string>[] = [];
    const now = new Date().toISOString();
    const hash = await hashPassword('Bench-123');
    for (let i = 0; i < USERS; i++) {
      const u = await handle.db
        .insertInto('users')
        .values({ mobile: `1380000010${i}`, email: null, name: `上传基准${i}`, password_hash: hash, role: 1, invitation_code: null, inviter_id: null, free_times: 0, disabled: 0, created_at: now, updated_at: now })
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

/** Real source files from node_modules (not minified, ≤ 256 KB each) until `bytes` of text, renamed under project/src/. */
function realSource(bytes: number): Zippable {
  const out: Zippable = {};
  let total = 0;
  let n = 0;
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (total >= bytes) return;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.')) walk(full);
        continue;
      }
      if (!/\.(js|ts|css)$/.test(e.name) || /\.min\.|\.d\.ts$|bundle|chunk/.test(e.name)) continue;
      const st = fs.statSync(full);
      if (st.size < 2000 || st.size > 256 * 1024) continue;
      out[`project/src/m${Math.floor(n / 50)}/${n++}-${e.name}`] = [fs.readFileSync(full), { level: 6 }];
      total += st.size;
    }
  };
  walk(path.join(root, 'node_modules'));
  return out;
}

function buildArchive(): { zip: Buffer; sourceBytes: number; files: number } {
  const src = realSource(SOURCE_MB * 1024 * 1024);
  const sourceBytes = Object.values(src).reduce((n, v) => n + (v as [Uint8Array, unknown])[0].length, 0);
  const codeOnly = zipSync(src);
  const assets: Zippable = {};
  let left = ARCHIVE_MB * 1024 * 1024 - codeOnly.length;
  for (let i = 0; left > 0; i++) {
    const n = Math.min(left, 512 * 1024);
    assets[`project/assets/img${i}.png`] = [randomBytes(n), { level: 0 }];
    left -= n + 100;
  }
  return { zip: Buffer.from(zipSync({ ...src, ...assets })), sourceBytes, files: Object.keys(src).length };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function memOf(pid: number): { rss: number; hwm: number } {
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

/** The production build (apps/server/dist/main.js, built by `npm run build:server`) in its own process, ROLE=web. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'none'), ROLE: 'web', MAX_UPLOAD_MB: '50', UPLOAD_QUOTA_MB: '1000' };
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 60 s');
}

async function uploadOnce(url: string, headers: Record<string, string>, zip: Buffer, name: string): Promise<{ ms: number; code: number; msg: string; lines?: number }> {
  const form = new FormData();
  form.set('file', new Blob([zip]), name);
  form.set('fileName', name);
  const t = performance.now();
  const r = await fetch(`${url}/api/uploadCodeProject`, { method: 'POST', headers, body: form });
  const j = (await r.json()) as { code: number; msg: string; data?: { analysis?: { sourceLines: number } } };
  return { ms: performance.now() - t, code: j.code, msg: j.msg, lines: j.data?.analysis?.sourceLines };
}

async function main(): Promise<void> {
  console.log(`Building a ${ARCHIVE_MB} MB archive (${SOURCE_MB} MB of real source text, the rest assets)…`);
  const { zip, sourceBytes, files } = buildArchive();
  console.log(`Archive: ${mb(zip.length)}, ${files} source files (${mb(sourceBytes)} of text).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-upload-bench-'));
  const { child, url } = await startServer(dataDir);
  try {
    const users = await createUsers(dataDir);
    const pid = child.pid!;
    // Warm-up: one small upload starts an intake thread and loads the engine.
    const small = Buffer.from(zipSync({ 'p/src/main.ts': new TextEncoder().encode('export const x = 1;\n') }));
    await uploadOnce(url, users[0]!, small, 'warm.zip');
    await new Promise((r) => setTimeout(r, 1000));
    const before = memOf(pid).rss;

    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memOf(pid).rss)), 50);
    const health: number[] = [];
    let running = true;
    const prober = (async () => {
      while (running) {
        const t = performance.now();
        await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t0 = performance.now();
    const results = await Promise.all(users.map((h, i) => uploadOnce(url, h, zip, `bench-${i}.zip`)));
    const wall = performance.now() - t0;
    running = false;
    await prober;
    clearInterval(sampler);
    const hwm = memOf(pid).hwm;
    await new Promise((r) => setTimeout(r, 35_000)); // intake threads exit after 30 s idle
    const after = memOf(pid).rss;

    health.sort((a, b) => a - b);
    const pct = (p: number) => health[Math.min(health.length - 1, Math.floor((p / 100) * health.length))] ?? 0;
    console.log('');
    for (const [i, r] of results.entries()) console.log(`upload ${i + 1}: code ${r.code} in ${(r.ms / 1000).toFixed(1)} s${r.lines ? `, 源程序量 ${r.lines.toLocaleString('en-US')} 行` : `, ${r.msg}`}`);
    console.log(`all ${USERS} uploads: ${(wall / 1000).toFixed(1)} s`);
    console.log('');
    console.log(`health check during uploads (${health.length} probes): p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(health.at(-1) ?? 0).toFixed(0)} ms   goal: < 200 ms`);
    console.log(`server RSS: before ${mb(before)}, peak ${mb(Math.max(peak, hwm))}, after 35 s idle ${mb(after)}   goal: peak < 800 MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
