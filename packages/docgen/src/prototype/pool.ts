import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PrototypeAppInput, RenderedScreen, ScreenSpecInput } from './model';
import { parseDescriptions, renderScreen } from './render';

let pool: Piscina | undefined;
/** Keep the threads for the life of the process (after `warmPrototypePool`) instead of ending them when idle. */
let keepThreads = false;
const MAX_THREADS = Math.max(1, Math.min(2, availableParallelism()));

/** Where a render thread that failed is reported (the server passes its logger; see logPrototypePoolTo). */
let report: (err: unknown) => void = (err) => console.warn('screen render thread failed:', (err as Error)?.message ?? err);

/**
 * Reports render threads that fail (one whose file cannot be loaded, e.g. removed by a deployment, or that crashed)
 * to `log` instead of the console. The failed call rejects; the next one starts a new thread.
 */
export function logPrototypePoolTo(log: { warn(obj: object, msg: string): void }): void {
  report = (err) => log.warn({ err }, 'screen render thread failed; a new one starts with the next render');
}

function getPool(): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    minThreads: keepThreads ? MAX_THREADS : 0,
    maxThreads: MAX_THREADS,
    idleTimeout: 60_000,
  });
  // A thread that failed outside a task (its file gone after a deployment replaced the build, or it died) is only
  // reported by this event, which would end the process without a listener, and leaves the waiting calls pending:
  // the pool is dropped (they reject) and the next render makes a new one.
  const p = pool;
  p.on('error', (err: unknown) => {
    report(err);
    if (pool === p) pool = undefined;
    void p.destroy().catch(() => undefined);
  });
  return p;
}

/**
 * Starts the render threads, has each parse its fonts by drawing one small screen, and keeps them for the life of
 * the process (until `closePrototypePool`). A cold thread spends seconds parsing the CJK font, which would otherwise
 * fall on the first preview or generation after a quiet minute. Costs about 200 MB of memory per thread (up to two).
 * Resolves when every thread is ready.
 */
export async function warmPrototypePool(): Promise<void> {
  if (!keepThreads) {
    keepThreads = true;
    await closePrototypePool();
  }
  const p = getPool();
  const app = { name: '码著界面原型', version: 'V1.0', platform: 'web-admin' as const };
  const screen: ScreenSpecInput = { key: 'login', kind: 'login', title: '登录' };
  await Promise.all(Array.from({ length: MAX_THREADS }, () => p.run({ app, screens: [screen] })));
}

/**
 * Renders the screens of one app, in order. With `parallel` (the default when there are more than two screens and
 * more than one core) the screens are split into batches over a pool of up to two worker threads that keep their
 * parsed fonts between calls; otherwise they render on the calling thread. Same bytes either way.
 * Resolves with one RenderedScreen per description; rejects with DocgenError BAD_PROJECT on a bad description.
 */
export async function renderScreens(app: PrototypeAppInput, screens: ScreenSpecInput[], opts: { parallel?: boolean } = {}): Promise<RenderedScreen[]> {
  parseDescriptions(app, screens); // a bad description fails here with its Chinese reasons, not inside a thread
  const parallel = opts.parallel ?? (screens.length > 2 && availableParallelism() > 1);
  if (!parallel) {
    const out: RenderedScreen[] = [];
    for (const s of screens) out.push(await renderScreen(app, s));
    return out;
  }
  const p = getPool();
  const n = Math.min(screens.length, p.options.maxThreads);
  // Interleave so each thread gets a mix of heavy (tables) and light screens.
  const batches = Array.from({ length: n }, (_, i) => screens.filter((_, k) => k % n === i));
  const results = await Promise.all(batches.map((b) => p.run({ app, screens: b }) as Promise<RenderedScreen[]>));
  const out: RenderedScreen[] = new Array(screens.length);
  results.forEach((r, i) => r.forEach((s, j) => (out[j * n + i] = { ...s, png: Buffer.from(s.png) })));
  return out;
}

/** Stops the render threads (call on shutdown; the pool restarts on the next parallel render). */
export async function closePrototypePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
