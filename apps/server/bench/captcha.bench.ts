/**
 * Captcha rendering benchmark: milliseconds per challenge (p50/p95/max) for blockPuzzle and clickWord,
 * through the service (render + PNG encode + base64 + store), target < 30 ms.
 *
 *   node --import tsx apps/server/bench/captcha.bench.ts [iterations=200]
 */
import { createMemoryKv } from '../src/kv';
import { clientKeyOf, createCaptchaService, type CaptchaType } from '../src/modules/captcha';

const iterations = Number(process.argv[2] ?? 200);
const captcha = createCaptchaService({ kv: createMemoryKv(), limits: { getPerClient: 1e9, getPerIp: 1e9 } });
await captcha.ready();
const client = { ip: '127.0.0.1', clientKey: clientKeyOf('127.0.0.1', 'bench') };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

for (const type of ['blockPuzzle', 'clickWord'] as CaptchaType[]) {
  for (let i = 0; i < 10; i++) await captcha.get(type, client); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const res = await captcha.get(type, client);
    times.push(performance.now() - t0);
    if (res.repCode !== '0000') throw new Error(`${type}: ${res.repCode} ${res.repMsg}`);
  }
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(6);
  console.log(`${type.padEnd(12)} n=${iterations}  p50 ${f(pct(times, 50))} ms  p95 ${f(pct(times, 95))} ms  max ${f(times[times.length - 1])} ms`);
}
