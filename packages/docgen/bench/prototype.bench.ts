/**
 * npm run bench:prototype — renders a 12-screen prototype (login, main, 10 modules of every kind) of a web admin
 * and a phone app to PNG: the first run in fresh worker threads (starting threads and parsing the fonts included),
 * then the median of 5 warm runs, in parallel (the server's path) and on one thread. Target: 12 screens < 2 s.
 */
import { buildPrototype, closePrototypePool, renderScreens } from '../src/prototype/index';

const modules = ['入库管理', '出库登记', '库位管理', '盘点详情', '库存预警设置', '统计报表', '供应商管理', '采购申请', '物料档案', '报损处理'].map((name) => ({ name }));
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

for (const platform of ['Web 管理系统', '微信小程序']) {
  const p = buildPrototype({ name: '基准测试仓储管理系统', version: 'V1.0', platform, completionDate: '2026-03-20', modules });
  const time = async (parallel: boolean) => {
    const t = performance.now();
    const out = await renderScreens(p.app, p.screens, { parallel });
    return { ms: performance.now() - t, bytes: out.reduce((a, s) => a + s.png.length, 0), size: `${out[0].width}×${out[0].height}` };
  };
  const cold = await time(true);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push((await time(true)).ms);
  const single: number[] = [];
  for (let i = 0; i < 3; i++) single.push((await time(false)).ms);
  console.log(`${platform}：${p.screens.length} 屏，${cold.size} px，PNG 共 ${(cold.bytes / 1024).toFixed(0)} KB`);
  console.log(`  首次（含启动线程、加载字体） ${cold.ms.toFixed(0)} ms；并行中位数 ${median(warm).toFixed(0)} ms；单线程中位数 ${median(single).toFixed(0)} ms  ${median(warm) < 2000 ? '✓ < 2 s' : '✗ ≥ 2 s'}`);
}
await closePrototypePool();
