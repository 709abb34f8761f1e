import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from './helper';
import { manyRowsWorkbook, pdfImageBomb, pngPixelBomb, sharedStringsBomb } from './bombs';
import { multipart } from './projects.factories';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** Times GET /api/health every 25 ms until `work` settles: what a load balancer sees while the files are read. */
async function healthDuring<T>(app: App, work: Promise<T>): Promise<{ result: T; ms: number[] }> {
  const ms: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      const r = await app.inject({ url: '/api/health' });
      ms.push(performance.now() - t);
      expect(r.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return { result: await work, ms };
  } finally {
    done = true;
    await probe;
  }
}

const upload = async (app: App, url: string, headers: Record<string, string>, data: Buffer, name: string) => {
  const mp = await multipart({ file: { data, name } });
  const t = performance.now();
  const r = body(await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }));
  return { ...r, ms: performance.now() - t };
};

describe('untrusted files are read off the main thread with bounds', async () => {
  const app = await buildTestApp();
  const u = await buildUser(app);
  // A second account: each user reads one workbook and one notice at a time (fair shares), so the two files of a
  // test come from two users.
  const v = await buildUser(app);

  it('refuses a shared-strings bomb (400 MB inflated from < 1 MB) and a 1,000,000-row workbook, naming the limit, while health answers', async () => {
    const bomb = sharedStringsBomb(400);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rows = manyRowsWorkbook(1_000_000);
    const { result, ms } = await healthDuring(app, Promise.all([upload(app, '/api/softwareInformationExcel', u.headers, bomb, '炸弹.xlsx'), upload(app, '/api/softwareInformationExcel', v.headers, rows, '百万行.xlsx')]));
    const [b, r] = result;
    expect(b.code).toBe(400);
    expect(b.msg).toMatch(/解压后超过上限 \d+ MB/);
    expect(r.code).toBe(400);
    expect(r.msg).toContain('每个文件最多 500 行');
    expect(Math.max(b.ms, r.ms)).toBeLessThan(15_000);
    expect(Math.max(...ms)).toBeLessThan(1000);
    const list = body<{ total: number }>(await app.inject({ method: 'POST', url: '/api/getProjectBatchList', headers: u.headers, payload: {} }));
    expect(list.data.total).toBe(0);
  });

  it('refuses a PDF holding one 20000 × 20000 picture and a PNG of the same size without decoding them', async () => {
    const pdf = pdfImageBomb(20_000);
    expect(pdf.length).toBeLessThan(100 * 1024);
    const png = pngPixelBomb(20_000);
    const rss = process.memoryUsage().rss;
    const { result, ms } = await healthDuring(app, Promise.all([upload(app, '/api/uploadCorrectionNotice', u.headers, pdf, '通知书.pdf'), upload(app, '/api/uploadCorrectionNotice', v.headers, png, '通知书.png')]));
    for (const r of result) {
      expect(r.code).toBe(400);
      expect(r.msg).toContain('超过 40 百万像素的上限');
    }
    expect(Math.max(...ms)).toBeLessThan(1000);
    // Decoding either picture would take 400 MB (1-bit) to 1.2 GB (RGB).
    expect(process.memoryUsage().rss - rss).toBeLessThan(300 * 1024 * 1024);
  });
});
