import type { Piscina } from 'piscina';

/**
 * A piscina pool that a thread failing outside a task cannot break: piscina reports a thread that could not load its
 * file (removed by a deployment that replaced the build) or that died between tasks only with an 'error' event — which
 * would end the process without a listener — and leaves the task that was waiting for it pending. Here the error is
 * reported, the pool is destroyed (its waiting tasks reject at once) and the next `run` makes a new pool, which tries
 * the file again. `make` builds a pool; `report` receives each error.
 */
export function replaceablePool<Task, Answer>(make: () => Piscina<Task, Answer>, report: (err: unknown) => void) {
  let pool: Piscina<Task, Answer> | undefined;
  const current = (): Piscina<Task, Answer> => {
    if (pool) return pool;
    const p = make();
    p.on('error', (err: unknown) => {
      report(err);
      if (pool === p) pool = undefined;
      void p.destroy().catch(() => undefined);
    });
    return (pool = p);
  };
  return {
    run: (task: Task, opts?: Parameters<Piscina<Task, Answer>['run']>[1]): Promise<Answer> => current().run(task, opts),
    /** Stops the threads of the current pool (tasks waiting reject). */
    close: async (): Promise<void> => {
      const p = pool;
      pool = undefined;
      await p?.destroy();
    },
  };
}
