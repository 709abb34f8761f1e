import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PrototypeAppInput, RenderedScreen, ScreenSpecInput } from './model';
import { parseDescriptions, renderScreen } from './render';

let pool: Piscina | undefined;

function getPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism())),
    idleTimeout: 60_000,
  });
  return pool;
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
