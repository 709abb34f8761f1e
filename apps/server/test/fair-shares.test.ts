import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { keptFilesKey } from '../src/modules/code-projects/code-projects.service';
import { body, buildTestApp, buildUser } from './helper';
import { manyRowsWorkbook, sharedStringsBomb } from './bombs';
import { multipart, upload } from './projects.factories';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const importExcel = async (app: App, headers: Record<string, string>, data: Buffer) => {
  const mp = await multipart({ file: { data, name: '批量.xlsx' } });
  return body(await app.inject({ method: 'POST', url: '/api/softwareInformationExcel', headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }));
};

describe('fair shares: one user cannot fill a shared queue', async () => {
  const app = await buildTestApp();

  it('refuses a second concurrent import of the same user with 429 while another user imports normally', async () => {
    const heavy = await buildUser(app);
    const other = await buildUser(app);
    const bomb = sharedStringsBomb(64);
    const [a, b, c, mine] = await Promise.all([importExcel(app, heavy.headers, bomb), importExcel(app, heavy.headers, bomb), importExcel(app, heavy.headers, bomb), importExcel(app, other.headers, manyRowsWorkbook(2000))]);
    const codes = [a, b, c].map((r) => r.code).sort();
    expect(codes).toEqual([400, 429, 429]);
    expect([a, b, c].find((r) => r.code === 429)!.msg).toBe('您已有一个表格正在导入，请等它完成后再上传');
    // The other user's file is read (and refused for its own reason), not turned away as busy.
    expect(mine.code).toBe(400);
    expect(mine.msg).toContain('每个文件最多 500 行');
  });

  it('keeps the file list of an upload: getCodeFiles reads the kept list instead of re-reading the archive', async () => {
    const u = await buildUser(app);
    const zip = Buffer.from(zipSync({ 'app/src/main.ts': new TextEncoder().encode('export function main(): number {\n  return 42;\n}\n') }));
    const up = await upload(app, u.headers, zip);
    expect(up.code).toBe(200);
    const engine = app.deps.jobs.engine;
    const intake = engine.intake.bind(engine);
    let reads = 0;
    engine.intake = async (...args: Parameters<typeof intake>) => (reads++, intake(...args));
    try {
      const first = body<{ files: { path: string }[] }>(await app.inject({ url: `/api/getCodeFiles?uploadId=${up.data.uploadId}`, headers: u.headers }));
      const second = body<{ files: { path: string }[] }>(await app.inject({ url: `/api/getCodeFiles?uploadId=${up.data.uploadId}`, headers: u.headers }));
      expect(first.code).toBe(200);
      expect(second.data.files).toEqual(first.data.files);
      expect(first.data.files.map((f) => f.path)).toContain('src/main.ts');
      expect(reads).toBe(0);
      const row = await app.deps.db.selectFrom('code_uploads').select('blob_key').where('id', '=', up.data.uploadId).executeTakeFirstOrThrow();
      expect(await app.deps.blobs.exists(keptFilesKey(row.blob_key))).toBe(true);
    } finally {
      engine.intake = intake;
    }
  });
});
