import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocgenError } from '@mazhu/docgen';
import type { FastifyBaseLogger } from 'fastify';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createDocgenEngine } from './docgen-engine';

const code = Buffer.from(zipSync({ 'app/src/main.ts': new TextEncoder().encode('export function main(): number {\n  return 42;\n}\n') }));
const project = { name: '引擎测试系统', version: 'V1.0', completionDate: '2025-01-01', modules: [{ name: '首页', description: '展示概况', operations: ['打开首页'] }] };

describe('materials engine in its worker thread', () => {
  it('generates every file off the main thread and reports stages', async () => {
    const engine = createDocgenEngine({ worker: true });
    try {
      const stages: string[] = [];
      const out = await engine.generate({ project, archive: { data: code, kind: 'zip' }, onStage: async (_p, m) => void stages.push(m) });
      // A code base with one exported function and no screens is a library: its document is a 设计说明书.
      expect(out.files.map((f) => f.name)).toEqual(['源程序.pdf', '源程序.docx', '设计说明书.pdf', '设计说明书.docx', '申请表.pdf', '申请表.docx', '申请表.json', '检查报告.txt', '检查报告.json', '源程序清单.txt', '文字来源说明.txt', '文字来源说明.json', '申报指南.pdf']);
      const report = JSON.parse(Buffer.from(out.files[8].data).toString()) as { items: { level: string; code: string; message: string; evidence?: string[] }[] };
      expect(report.items.every((i) => ['error', 'warning', 'info'].includes(i.level) && i.code && i.message)).toBe(true);
      expect(Buffer.from(out.files[9].data).toString()).toMatch(/第 1 页（全文第 1 页，3 行）：src\/main\.ts:1–3/);
      expect(Buffer.isBuffer(out.files[0].data)).toBe(true);
      expect(out.files[0].data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(stages.length).toBeGreaterThan(0);
      const form = JSON.parse(Buffer.from(out.files[6].data).toString());
      expect(form.languages).toBe('TypeScript');
    } finally {
      await engine.close?.();
    }
  });

  it('passes the engine’s user-facing errors through as DocgenError', async () => {
    const engine = createDocgenEngine({ worker: true });
    try {
      const e = await engine.generate({ project: { ...project, name: '没有后缀' }, archive: { data: code, kind: 'zip' } }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(DocgenError);
      expect((e as DocgenError).message).toContain('软件全称须以');
    } finally {
      await engine.close?.();
    }
  });

  it('starts a worker again once its file is back (a deployment replaced the build), after generating in-process meanwhile', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-engine-'));
    const workerFile = path.join(dir, 'docgen-worker.mjs');
    const loaded = path.join(dir, 'loaded');
    const errors: string[] = [];
    const log = { error: (_o: object, msg: string) => errors.push(msg) } as unknown as FastifyBaseLogger;
    const engine = createDocgenEngine({ worker: true, workerUrl: pathToFileURL(workerFile), workerRetryMs: 0, log });
    try {
      expect((await engine.generate({ project })).report[0].code).toBe('NO_SOURCE_CODE');
      expect(errors).toEqual([expect.stringContaining('could not start')]);
      // The file is back: it notes that it was loaded, then runs the real worker.
      fs.writeFileSync(workerFile, `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(loaded)}, '');\nawait import(${JSON.stringify(new URL('./docgen-worker.mjs', import.meta.url).href)});\n`);
      const out = await engine.generate({ project, archive: { data: code, kind: 'zip' } });
      expect(out.files[0].data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(fs.existsSync(loaded)).toBe(true);
      expect(errors).toHaveLength(1);
    } finally {
      await engine.close?.();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('falls back to in-process generation when the worker cannot start', async () => {
    const engine = createDocgenEngine({ worker: true, workerUrl: new URL('./no-such-worker.mjs', import.meta.url) });
    try {
      const out = await engine.generate({ project });
      expect(out.report[0].code).toBe('NO_SOURCE_CODE');
    } finally {
      await engine.close?.();
    }
  });
});
