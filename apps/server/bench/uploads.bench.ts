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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { createUsers, mb, memOf, root, startServer, stopServer } from './server-process';

const USERS = 5;
const ARCHIVE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);
const SOURCE_MB = Number(process.env.BENCH_UPLOAD_SOURCE_MB ?? 30);

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
  const { child, url } = await startServer(dataDir, { MAX_UPLOAD_MB: '50', UPLOAD_QUOTA_MB: '1000' });
  try {
    const users = await createUsers(dataDir, USERS, '上传基准');
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
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
