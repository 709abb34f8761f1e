import os from 'node:os';
import path from 'node:path';
import type { UserPoints, WordStatus } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../test/helper';
import { buildProject, upload, waitForMaterials, zipFolder } from '../../test/projects.factories';
import { buildApp, type App } from '../app';

/**
 * Restart recovery: a job left 'running' by a process that died (lease expired, or its pid is gone on this host)
 * is claimed again by the next process on the same data directory / database and completes — charged once.
 */
describe('job runner recovery after a crash', async () => {
  const first = await buildTestApp();
  // "Crash" the first process's worker: from now on it never touches the queue.
  await first.ready();
  await first.deps.jobs.runner.stop();

  async function leaveRunning(lockedBy: string, leaseUntil: string, attempts = 1) {
    const a = await buildUser(first, { freeTimes: 1 });
    const up = await upload(first, a.headers, zipFolder(path.resolve(import.meta.dirname, '../lib')), 'lib.zip');
    const p = await buildProject(first, a.headers, { uploadId: up.data.uploadId });
    const g = body<WordStatus>(await first.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } }));
    expect(g.data.state).toBe('queued');
    // What a kill -9 in the middle of the generation leaves behind:
    await first.deps.db
      .updateTable('generation_jobs')
      .set({ state: 'running', attempts, locked_by: lockedBy, lease_until: leaseUntil, progress: 40, message: '生成源程序、操作手册和申请表' })
      .where('ref_id', '=', p.id)
      .execute();
    await first.deps.db.updateTable('projects').set({ status: 'generating', progress: 40 }).where('id', '=', p.id).execute();
    return { a, p };
  }

  async function restart(): Promise<App> {
    const second = await buildApp({ ...first.deps.config });
    await second.ready();
    return second;
  }

  it('retries a job whose lease expired and completes it, charging once', async () => {
    const { a, p } = await leaveRunning('other-host:4242:dead', new Date(Date.now() - 1000).toISOString());
    const second = await restart();
    try {
      const s = await waitForMaterials(second, a.headers, p.id);
      expect(s.state, s.message).toBe('succeeded');
      // The project is marked done inside the job; the runner closes its job row right after, in its own statement.
      const jobRow = () => second.deps.db.selectFrom('generation_jobs').selectAll().where('ref_id', '=', p.id).executeTakeFirstOrThrow();
      let job = await jobRow();
      for (let i = 0; i < 100 && job.state === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        job = await jobRow();
      }
      expect(job).toMatchObject({ state: 'succeeded', attempts: 2, progress: 100 });
      expect(job.locked_by).toBe(second.deps.jobs.runner.workerId);
      const pts = body<UserPoints>(await second.inject({ url: '/api/getUserPoints', headers: a.headers }));
      expect(pts.data.freeTimes).toBe(0);
      const ledger = await second.deps.db.selectFrom('points_ledger').select('delta').where('user_id', '=', a.userId).execute();
      expect(ledger).toEqual([{ delta: -1 }]);
      const dl = await second.inject({ url: `/api/getProjectWordDownload?id=${p.id}`, headers: a.headers });
      expect(dl.headers['content-type']).toBe('application/zip');
    } finally {
      await second.close();
    }
  });

  it('does not wait for the lease when the dead process was on this host', async () => {
    const { a, p } = await leaveRunning(`${os.hostname()}:4194303:dead`, new Date(Date.now() + 10 * 60_000).toISOString());
    const second = await restart();
    try {
      const s = await waitForMaterials(second, a.headers, p.id, 20_000);
      expect(s.state).toBe('succeeded');
    } finally {
      await second.close();
    }
  });

  it('leaves a job that is still leased by a live worker alone', async () => {
    const { a, p } = await leaveRunning('other-host:1:alive', new Date(Date.now() + 10 * 60_000).toISOString());
    const second = await restart();
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(await second.deps.jobs.runner.runOnce!()).toBe(false);
      const s = body<WordStatus>(await second.inject({ url: `/api/getProjectWordStatus?id=${p.id}`, headers: a.headers }));
      expect(s.data.state).toBe('generating');
    } finally {
      await second.close();
    }
  });

  it('fails and refunds a job interrupted too many times', async () => {
    const { a, p } = await leaveRunning('other-host:4242:dead', new Date(Date.now() - 1000).toISOString(), 3);
    const second = await restart();
    try {
      const s = await waitForMaterials(second, a.headers, p.id);
      expect(s.state).toBe('failed');
      expect(s.message).toContain('多次中断');
      const pts = body<UserPoints>(await second.inject({ url: '/api/getUserPoints', headers: a.headers }));
      expect(pts.data.freeTimes).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('pruning unused uploads', async () => {
  const app = await buildTestApp();
  it('removes old uploads no project uses, keeps the others', async () => {
    const { pruneUploads } = await import('./maintenance');
    const a = await buildUser(app, {});
    const zip = zipFolder(path.resolve(import.meta.dirname, '../storage'));
    const unused = (await upload(app, a.headers, zip, 'a.zip')).data.uploadId;
    const used = (await upload(app, a.headers, zip, 'b.zip')).data.uploadId;
    const fresh = (await upload(app, a.headers, zip, 'c.zip')).data.uploadId;
    await buildProject(app, a.headers, { uploadId: used });
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await app.deps.db.updateTable('code_uploads').set({ created_at: old }).where('id', 'in', [unused, used]).execute();
    const keyOf = async (id: number) => (await app.deps.db.selectFrom('code_uploads').select('blob_key').where('id', '=', id).executeTakeFirst())?.blob_key;
    const unusedKey = (await keyOf(unused))!;
    expect(await pruneUploads(app.deps.db, app.deps.blobs)).toBe(1);
    expect(await keyOf(unused)).toBeUndefined();
    expect(await app.deps.blobs.exists(unusedKey)).toBe(false);
    expect(await keyOf(used)).toBeDefined();
    expect(await keyOf(fresh)).toBeDefined();
  });
});

describe('two processes on one database', async () => {
  const one = await buildTestApp();
  await one.ready();
  const two = await buildApp({ ...one.deps.config });
  await two.ready();

  it('run each job exactly once between them', async () => {
    try {
      const a = await buildUser(one, { freeTimes: 0 });
      await one.deps.db.updateTable('users').set({ recharge_points: 1000 }).where('id', '=', a.userId).execute();
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const p = await buildProject(one, a.headers, { name: `并发测试${i}系统` });
        ids.push(p.id);
        const via = i % 2 ? one : two; // both accept requests and both run jobs
        expect(body(await via.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id: p.id } })).code).toBe(200);
      }
      for (const id of ids) expect((await waitForMaterials(one, a.headers, id)).state).toBe('succeeded');
      const jobs = await one.deps.db.selectFrom('generation_jobs').select(['attempts', 'locked_by']).where('ref_id', 'in', ids).execute();
      expect(jobs.map((j) => j.attempts)).toEqual([1, 1, 1, 1]);
      const pts = body<UserPoints>(await two.inject({ url: '/api/getUserPoints', headers: a.headers }));
      expect(pts.data.rechargePoints).toBe(600);
    } finally {
      await two.close();
    }
  });
});
