import type { AdminJobRow, AdminProjectDetails, JOB_STATES, Page, ReportItem } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { ProjectService } from '../projects/projects.service';
import { recordAudit } from './audit';

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** Generation jobs and projects for the back office: list by state with their error, a project's report, retry. */
export function createAdminJobs(deps: { db: Kysely<Database>; projects: Pick<ProjectService, 'startGeneration'> }) {
  const { db, projects } = deps;
  return {
    async list(q: { page: number; pageSize: number; state?: (typeof JOB_STATES)[number]; userId?: number }): Promise<Page<AdminJobRow>> {
      let base = db.selectFrom('generation_jobs as j').leftJoin('projects as p', 'p.id', 'j.ref_id').leftJoin('users as u', 'u.id', 'j.user_id');
      if (q.state) base = base.where('j.state', '=', q.state);
      if (q.userId) base = base.where('j.user_id', '=', q.userId);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['j.id', 'j.kind', 'j.state', 'j.ref_id', 'j.user_id', 'j.attempts', 'j.max_attempts', 'j.error', 'j.message', 'j.refunded', 'j.created_at', 'j.finished_at', 'p.name as project_name', 'p.version as project_version', 'u.name as user_name'])
        .orderBy('j.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          state: r.state,
          projectId: r.ref_id,
          projectName: r.project_name ? `${r.project_name} ${r.project_version ?? ''}`.trim() : '（项目已删除）',
          userId: r.user_id,
          userName: r.user_name ?? '（用户已删除）',
          attempts: r.attempts,
          maxAttempts: r.max_attempts,
          error: r.error,
          message: r.message,
          refunded: Boolean(r.refunded),
          createdAt: r.created_at,
          finishedAt: r.finished_at,
        })),
        total: Number(total),
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** Any user's project with its status and the check report of its last materials. */
    async project(id: number): Promise<AdminProjectDetails> {
      const p = await db
        .selectFrom('projects as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.user_id', 'u.name as user_name', 'p.name', 'p.version', 'p.source', 'p.status', 'p.message', 'p.generated_at', 'p.materials_json'])
        .where('p.id', '=', id)
        .executeTakeFirst();
      if (!p) throw notFound('项目不存在');
      const m = parse<{ files?: { name: string; size: number }[]; report?: ReportItem[] }>(p.materials_json, {});
      return { id: p.id, userId: p.user_id, userName: p.user_name, name: p.name, version: p.version, source: p.source, status: p.status, message: p.message, generatedAt: p.generated_at, files: m.files ?? [], report: m.report ?? [] };
    },

    /**
     * Retries a failed generation for its user through the user's own path (projects.startGeneration): the same
     * charging rules apply — one free time, else gifted then recharge points, refunded if it fails again. The
     * failed job was refunded when it failed. 460 when the user's balance is not enough.
     */
    async retry(actor: { operatorId: number; ip?: string }, jobId: number) {
      const job = await db.selectFrom('generation_jobs').select(['id', 'state', 'ref_id', 'user_id', 'kind']).where('id', '=', jobId).executeTakeFirst();
      if (!job) throw notFound('任务不存在');
      if (job.state !== 'failed') throw badRequest('只有失败的任务可以重试');
      const newer = await db.selectFrom('generation_jobs').select('id').where('ref_id', '=', job.ref_id).where('kind', '=', job.kind).where('id', '>', job.id).executeTakeFirst();
      if (newer) throw badRequest(`该项目之后已有新的生成任务（#${newer.id}），无需重试此任务`);
      const project = await db.selectFrom('projects').select(['id']).where('id', '=', job.ref_id).where('user_id', '=', job.user_id).executeTakeFirst();
      if (!project) throw notFound('任务对应的项目已删除');
      const status = await projects.startGeneration(job.user_id, job.ref_id);
      await db.transaction().execute((trx) => recordAudit(trx, { ...actor, action: 'job.retry', target: `job:${job.id}`, before: { state: job.state }, after: { projectId: job.ref_id, state: status.state } }));
      return status;
    },
  };
}
