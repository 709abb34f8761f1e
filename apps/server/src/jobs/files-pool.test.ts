import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { activeContentPdf } from '../../test/pdf';
import { createFilesPool } from './files-pool';

describe('the untrusted-file thread when its file is gone', () => {
  it('logs a thread that cannot load, answers in Chinese instead of ending the process, and starts one again when the file is back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-files-pool-'));
    const workerFile = path.join(dir, 'files-worker.mjs');
    const warnings: string[] = [];
    const pool = createFilesPool({ warn: (_o, msg) => void warnings.push(msg) }, pathToFileURL(workerFile));
    try {
      // A deployment removed the build this process was started from.
      const refused = await pool.voucherPage(activeContentPdf()).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 503, message: '系统繁忙，请稍后重试' });
      expect(warnings).toContain('untrusted-file thread failed');

      fs.writeFileSync(workerFile, `export { default } from ${JSON.stringify(new URL('./files-worker.mjs', import.meta.url).href)};\n`);
      const png = await pool.voucherPage(activeContentPdf());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
