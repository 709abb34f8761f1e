import type { MaterialsEngine } from './materials';

/**
 * Several materials engines (each with its own worker thread) behind one: a generation goes to the engine with the
 * fewest generations in flight, so `concurrency` jobs of the runner render side by side on as many CPU cores.
 * Uploads are analysed by the first engine (in its intake threads). One engine is returned as it is.
 */
export function createEnginePool(engines: MaterialsEngine[]): MaterialsEngine {
  if (engines.length === 1) return engines[0]!;
  const busy = engines.map(() => 0);
  return {
    intake: (archive, kind, selection) => engines[0]!.intake(archive, kind, selection),
    async generate(input) {
      const i = busy.indexOf(Math.min(...busy));
      busy[i]!++;
      try {
        return await engines[i]!.generate(input);
      } finally {
        busy[i]!--;
      }
    },
    /** Contracts go to the least busy engine too (a short render, never behind a long generation when one is free). */
    async renderContract(input) {
      const i = busy.indexOf(Math.min(...busy));
      busy[i]!++;
      try {
        return await engines[i]!.renderContract(input);
      } finally {
        busy[i]!--;
      }
    },
    async warmUp() {
      await Promise.all(engines.map((e) => e.warmUp?.()));
    },
    async close() {
      await Promise.all(engines.map((e) => e.close?.()));
    },
  };
}
