import { readlinkSync } from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const module = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/render/thread-priority.ts')).href;
// Linux, and a process at the default priority (the thread is set to 7 below).
const applicable = process.platform === 'linux' && os.getPriority() === 0;

describe('lowerThreadPriority', () => {
  it.skipIf(!applicable)('lowers the calling worker thread only: the thread answering requests keeps its priority', async () => {
    const before = os.getPriority(process.pid);
    const code = `
      const { parentPort } = require('node:worker_threads');
      const os = require('node:os');
      const { readlinkSync } = require('node:fs');
      import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module)}); }).then((m) => {
        m.lowerThreadPriority(7);
        const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
        parentPort.postMessage({ tid, nice: os.getPriority(tid) });
      });`;
    const w = new Worker(code, { eval: true });
    const r = await new Promise<{ tid: number; nice: number }>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
    await w.terminate();
    expect(r.tid).not.toBe(process.pid);
    expect(r.nice).toBe(7);
    expect(os.getPriority(process.pid)).toBe(before);
    const mainTid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    expect(os.getPriority(mainTid)).toBe(before);
  });
});
