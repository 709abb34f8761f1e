import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { carryAssets, currentBuild, newBuildDir, publishBuild } from '../../../scripts/publish-build.mjs';
import { buildTestApp } from './helper';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-builds-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Writes `files` (path → text) into `dir`. */
function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

/** A web build as Vite writes it: index.html loading the entry, a lazy page chunk, and the manifest naming both. */
function webBuild(output: string, hash: string): string {
  const dir = newBuildDir(output);
  const manifest = {
    'index.html': { file: `assets/index-${hash}.js`, isEntry: true, dynamicImports: ['src/pages/error.tsx'] },
    'src/pages/error.tsx': { file: `assets/error-${hash}.js`, isDynamicEntry: true },
  };
  write(dir, {
    'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-${hash}.js"></script></head><body></body></html>`,
    [`assets/index-${hash}.js`]: `import('./error-${hash}.js');`,
    [`assets/error-${hash}.js`]: `export default 'error page ${hash}';`,
    '.vite/manifest.json': JSON.stringify(manifest),
  });
  return dir;
}

describe('builds are published atomically', () => {
  it('a rebuild while a server runs keeps serving that server’s build, and the next start still serves the old lazy chunks', async () => {
    const dist = path.join(work, 'web', 'dist');
    publishBuild(dist, webBuild(dist, 'AAAA1111'));
    const running = await buildTestApp({}, { webDist: dist });
    expect((await running.inject('/')).body).toContain('/assets/index-AAAA1111.js');

    // The next build, published while the server runs (the way scripts/build-web.mjs does it).
    const next = webBuild(dist, 'BBBB2222');
    expect(carryAssets(currentBuild(dist)!, next)).toBe(2);
    publishBuild(dist, next);

    // The running server goes on serving its own build whole: the page and the chunks it names.
    expect((await running.inject('/settings/points')).body).toContain('/assets/index-AAAA1111.js');
    expect((await running.inject('/assets/error-AAAA1111.js')).body).toBe("export default 'error page AAAA1111';");

    // Restarted on the new build: new pages, and a tab opened on the previous build still loads a page it had not opened yet.
    const restarted = await buildTestApp({}, { webDist: dist });
    expect((await restarted.inject('/')).body).toContain('/assets/index-BBBB2222.js');
    const old = await restarted.inject('/assets/error-AAAA1111.js');
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe("export default 'error page AAAA1111';");
    expect((await restarted.inject('/assets/error-BBBB2222.js')).statusCode).toBe(200);

    // The build after that carries only its predecessor's own files, not everything ever built.
    const third = webBuild(dist, 'CCCC3333');
    carryAssets(currentBuild(dist)!, third);
    publishBuild(dist, third);
    const again = await buildTestApp({}, { webDist: dist });
    expect((await again.inject('/assets/error-BBBB2222.js')).statusCode).toBe(200);
    expect((await again.inject('/assets/error-AAAA1111.js')).statusCode).toBe(404);
  });

  it('a server process keeps starting workers from the build it was started from after a rebuild', async () => {
    const dist = path.join(work, 'server', 'dist');
    // A stand-in for apps/server/dist: main.js starts `worker.mjs` beside itself each time it reads a line.
    const main = `import { Worker } from 'node:worker_threads';
import readline from 'node:readline';
console.log('ready');
for await (const _ of readline.createInterface({ input: process.stdin })) {
  const w = new Worker(new URL('./worker.mjs', import.meta.url));
  w.on('message', (m) => console.log(m));
  w.on('error', (e) => console.log('error ' + e.code));
}`;
    const first = newBuildDir(dist);
    write(first, { 'main.js': main, 'worker.mjs': "import { parentPort } from 'node:worker_threads'; parentPort.postMessage('worker of build 1');", 'package.json': '{"type":"module"}' });
    publishBuild(dist, first);

    const server = spawn(process.execPath, [path.join(dist, 'main.js')], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } });
    const lines = readline.createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    const nextLine = async () => String((await lines.next()).value);
    try {
      expect(await nextLine()).toBe('ready');
      server.stdin.write('go\n');
      expect(await nextLine()).toBe('worker of build 1');

      // Rebuilt: the new build names its worker file differently, the old name is gone from dist.
      const second = newBuildDir(dist);
      write(second, { 'main.js': main.replace('./worker.mjs', './worker-2.mjs'), 'worker-2.mjs': "import { parentPort } from 'node:worker_threads'; parentPort.postMessage('worker of build 2');", 'package.json': '{"type":"module"}' });
      publishBuild(dist, second);
      expect(fs.existsSync(path.join(dist, 'worker.mjs'))).toBe(false);

      server.stdin.write('go\n');
      expect(await nextLine()).toBe('worker of build 1');
    } finally {
      server.kill();
    }
  });

  it('keeps the newest builds only, and moves a plain output folder from before aside instead of deleting it', () => {
    const dist = path.join(work, 'keep', 'dist');
    write(dist, { 'main.js': 'legacy' });
    const dirs = Array.from({ length: 5 }, () => {
      const d = newBuildDir(dist);
      write(d, { 'main.js': d });
      publishBuild(dist, d);
      return d;
    });
    expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dist, 'main.js'), 'utf8')).toBe(dirs[4]);
    expect(fs.readdirSync(path.dirname(dirs[0]!)).sort()).toEqual(dirs.slice(2).map((d) => path.basename(d)).sort());
  });
});
