import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The compiled production output of `npm run build` (which `npm run test:e2e` runs first): the server runs as
// plain JavaScript with no TypeScript loader, serves compressed and correctly cached assets, and the CLI and the
// materials engine's worker thread work from their bundles.
const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const workerFile = path.join(root, 'apps/server/dist/docgen-worker.mjs');
const cliBin = path.join(root, 'packages/docgen/bin/mazhu.cjs');
const webDist = path.join(root, 'apps/web/dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

beforeAll(async () => {
  expect(fs.existsSync(serverMain), '先运行 npm run build').toBe(true);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-prod-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // NODE_OPTIONS cleared: the process must not inherit a TypeScript loader from the test runner.
  server = spawn(process.execPath, [serverMain], {
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('编译后的服务器 30 秒内未启动');
});

afterAll(() => {
  server?.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('production build', () => {
  it('the server bundle loads no TypeScript loader and answers the API', async () => {
    expect(fs.readFileSync(serverMain, 'utf8')).not.toMatch(/from ["']tsx/);
    const health = (await (await fetch(`${base}/api/health`)).json()) as { code: number; data: { dialect: string } };
    expect(health).toMatchObject({ code: 200, data: { dialect: 'sqlite' } });
  });

  it('index.html is revalidated on every load, hashed assets are immutable, both sent precompressed', async () => {
    const page = await fetch(`${base}/settings/points`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = await page.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toContain('import');
  });

  it('JSON answers over 1 KB are compressed when the client accepts it', async () => {
    const r = await fetch(`${base}/api/getCommonProblem`, { headers: { 'accept-encoding': 'br' } });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(((await r.json()) as { code: number }).code).toBe(200);
  });

  it('the compiled CLI generates a verified source-code document', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-cli-'));
    try {
      const r = spawnSync(process.execPath, [cliBin, 'generate', path.join(root, 'packages/contracts/src'), '--name', '码著契约校验软件', '--version', 'V1.0', '--out', out], {
        env: { ...process.env, NODE_OPTIONS: '' },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).not.toBe(2);
      const files = fs.readdirSync(out);
      expect(files.some((f) => f.endsWith('.pdf'))).toBe(true);
      expect(files.some((f) => f.endsWith('.docx'))).toBe(true);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('the compiled CLI reads a .tar.gz and draws a manual’s figures: the packages its bundle imports on demand load', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-cli-'));
    try {
      const { create } = await import('tar');
      const archive = path.join(work, 'code.tar.gz');
      await create({ gzip: true, file: archive, cwd: path.join(root, 'packages/docgen/test/fixtures') }, ['spring-admin']);
      const project = JSON.parse(fs.readFileSync(path.join(root, 'packages/docgen/test/fixtures/project.json'), 'utf8')) as { name: string; version: string };
      const r = spawnSync(process.execPath, [cliBin, 'generate', archive, '--project', path.join(root, 'packages/docgen/test/fixtures/project.json'), '--name', project.name, '--version', project.version, '--out', path.join(work, 'out')], {
        env: { ...process.env, NODE_OPTIONS: '' },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/已读取 \d+ 个源文件/);
      const manual = fs.readdirSync(path.join(work, 'out')).find((f) => /^(操作手册|设计说明书|使用说明)\.pdf$/.test(f));
      expect(manual).toBeDefined();
      // Figures are images in the manual's PDF.
      expect(fs.readFileSync(path.join(work, 'out', manual!)).includes('/Subtype /Image')).toBe(true);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('the compiled CLI and its PDF thread start from the code cache the build made', () => {
    for (const bundle of ['cli.cjs', 'pdf-worker.cjs']) {
      const file = path.join(root, 'packages/docgen/dist', bundle);
      // The launcher's V8 flags (bin/code-cache.cjs V8_FLAGS), without which V8 refuses the cache.
      const { V8_FLAGS } = createRequire(import.meta.url)(path.join(root, 'packages/docgen/bin/code-cache.cjs')) as { V8_FLAGS: string[] };
      const r = spawnSync(process.execPath, [...V8_FLAGS, '-e', `console.log(require(${JSON.stringify(path.join(root, 'packages/docgen/bin/code-cache.cjs'))}).acceptsCache(${JSON.stringify(file)}))`], {
        env: { ...process.env, NODE_OPTIONS: '' },
        encoding: 'utf8',
      });
      expect(r.stdout.trim(), `${bundle}: ${r.stderr}`).toBe('true');
    }
  });

  it('every worker thread entry of the sources has its compiled bundle, which loads', async () => {
    const shims = ['apps/server/src', 'packages/docgen/src'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('-worker.mjs')),
    );
    expect(shims.length).toBeGreaterThan(0);
    for (const shim of shims) {
      const compiled = path.join(root, 'apps/server/dist', path.basename(shim));
      expect(fs.existsSync(compiled), compiled).toBe(true);
      expect(fs.readFileSync(compiled, 'utf8')).not.toMatch(/tsx\/esm\/api/);
    }
  });

  it('the materials engine worker thread starts from its bundle and warms up', async () => {
    const w = new Worker(workerFile);
    try {
      const answers: unknown[] = [];
      await new Promise<void>((resolve, reject) => {
        w.on('message', (m: { ready?: boolean; id?: number; ok?: boolean }) => {
          answers.push(m);
          if (m.ready) w.postMessage({ id: 1, type: 'warm' });
          if (m.id === 1) resolve();
        });
        w.on('error', reject);
      });
      expect(answers).toContainEqual(expect.objectContaining({ id: 1, ok: true }));
    } finally {
      await w.terminate();
    }
  });
});
