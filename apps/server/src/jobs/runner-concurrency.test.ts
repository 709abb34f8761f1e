import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, buildUser } from '../../test/helper';
import { defineJob } from './job';
import { createJobQueue } from './queue';
import { createJobRunner } from './runner';

/** A runner with `concurrency: 2` runs two due jobs side by side; with 1 it runs them one after the other. */
describe('job runner concurrency', async () => {
  const app = await buildTestApp();
  await app.ready();
  await app.deps.jobs.runner.stop();

  async function peakOf(concurrency: number): Promise<number> {
    const u = await buildUser(app);
    let active = 0;
    let peak = 0;
    const def = defineJob({
      name: `sleep-${concurrency}`,
      payload: z.object({ n: z.number() }),
      async handle() {
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 150));
        active--;
      },
    });
    const runner = createJobRunner({ db: app.deps.db, log: app.log, definitions: [def as never], pollMs: 20, concurrency });
    const queue = createJobQueue(() => runner.wake());
    for (let n = 0; n < 4; n++) await queue.enqueue(app.deps.db, def, { n }, { refId: n, userId: u.userId });
    runner.start();
    queue.wake();
    for (let i = 0; i < 200; i++) {
      const left = await app.deps.db.selectFrom('generation_jobs').select('id').where('kind', '=', def.name).where('state', '!=', 'succeeded').execute();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await runner.stop();
    const done = await app.deps.db.selectFrom('generation_jobs').select('state').where('kind', '=', def.name).execute();
    expect(done.map((d) => d.state)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    return peak;
  }

  it('runs up to `concurrency` jobs at once, each job once', async () => {
    expect(await peakOf(1)).toBe(1);
    expect(await peakOf(2)).toBe(2);
  });
});
