import {
  OperatorRole,
  ZAdminIdQuery,
  ZAdminJobQuery,
  ZAdminUserQuery,
  ZAgreementQuery,
  ZAgreementVersionInput,
  ZAuditQuery,
  ZCaseInput,
  ZCaseTypeInput,
  ZContentDeleteQuery,
  ZFaqInput,
  ZNoticeInput,
  ZPageQuery,
  ZPlatformTypeInput,
  ZRetryJobRequest,
  ZSettingUpdate,
  ZSetUserDisabledRequest,
} from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { createContentAdmin } from '../content/content.admin';
import type { ContentCache } from '../content/content.cache';
import type { ProjectService } from '../projects/projects.service';
import { auditActor, listAudit } from './audit';
import { readDashboard } from './dashboard';
import { createAdminJobs } from './jobs';
import { listSettings, updateSetting } from './settings';
import { createAdminUsers } from './users';
import type { SessionStore } from '../auth/sessions';

/**
 * Back-office routes under /api/admin/. The admin guard has checked the operator session and role before any
 * handler runs: a route without `config.operatorRole` needs 管理员; `support` routes are open to 客服 too
 * (read users and projects, the dashboard). Every write records an audit row in its transaction.
 */
export async function adminRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<Database>; projects: Pick<ProjectService, 'startGeneration'>; sessions: Pick<SessionStore, 'revokeAllIn'>; contentCache: Pick<ContentCache, 'changed'> },
): Promise<void> {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const support = { operatorRole: OperatorRole.Support };
  const users = createAdminUsers(db, opts.sessions);
  const jobs = createAdminJobs({ db, projects: opts.projects });
  const content = createContentAdmin(db, opts.contentCache);

  r.get('/api/admin/dashboard', { config: support }, async () => ok(await readDashboard(db)));

  // Users (read: 客服; writes: 管理员)
  r.get('/api/admin/users', { schema: { querystring: ZAdminUserQuery }, config: support }, async (req) => ok(await users.search(req.query)));
  r.get('/api/admin/user', { schema: { querystring: ZAdminIdQuery }, config: support }, async (req) => ok(await users.details(req.query.id)));
  r.post('/api/admin/setUserDisabled', { schema: { body: ZSetUserDisabledRequest } }, async (req) => {
    const res = await users.setDisabled(auditActor(req), req.body);
    return ok(res, res.disabled ? `账号已停用，已结束 ${res.sessionsEnded} 个登录` : '账号已启用');
  });

  // Jobs and projects (read: 客服; retry: 管理员)
  r.get('/api/admin/jobs', { schema: { querystring: ZAdminJobQuery }, config: support }, async (req) => ok(await jobs.list(req.query)));
  r.get('/api/admin/project', { schema: { querystring: ZAdminIdQuery }, config: support }, async (req) => ok(await jobs.project(req.query.id)));
  r.post('/api/admin/retryJob', { schema: { body: ZRetryJobRequest } }, async (req) => ok(await jobs.retry(auditActor(req), req.body.id), '已重新开始生成'));

  // Content (管理员)
  r.get('/api/admin/content/notices', { schema: { querystring: ZPageQuery.extend({ keyword: z.string().trim().max(50).optional() }) } }, async (req) => ok(await content.listNotices(req.query)));
  r.post('/api/admin/content/notice', { schema: { body: ZNoticeInput } }, async (req) => ok({ id: await content.saveNotice(auditActor(req), req.body) }, '公告已保存'));
  r.post('/api/admin/content/faq', { schema: { body: ZFaqInput } }, async (req) => ok({ id: await content.saveFaq(auditActor(req), req.body) }, '问答已保存'));
  r.get('/api/admin/content/agreements', { schema: { querystring: ZAgreementQuery } }, async (req) => ok(await content.listAgreementVersions(req.query.type)));
  r.post('/api/admin/content/agreement', { schema: { body: ZAgreementVersionInput } }, async (req) => ok({ id: await content.publishAgreement(auditActor(req), req.body) }, '协议新版本已发布'));
  r.post('/api/admin/content/case', { schema: { body: ZCaseInput } }, async (req) => ok({ id: await content.saveCase(auditActor(req), req.body) }, '案例已保存'));
  r.post('/api/admin/content/caseType', { schema: { body: ZCaseTypeInput } }, async (req) => ok({ id: await content.saveCaseType(auditActor(req), req.body) }, '案例分类已保存'));
  r.post('/api/admin/content/platformType', { schema: { body: ZPlatformTypeInput } }, async (req) => ok({ id: await content.savePlatformType(auditActor(req), req.body) }, '平台类型已保存'));
  r.get('/api/admin/content/delete', { schema: { querystring: ZContentDeleteQuery } }, async (req) => {
    await content.remove(auditActor(req), req.query.kind, req.query.id);
    return ok(null, '已删除');
  });

  // Settings (管理员)
  r.get('/api/admin/settings', async () => ok(await listSettings(db)));
  r.post('/api/admin/settings', { schema: { body: ZSettingUpdate } }, async (req) => ok(await updateSetting(db, auditActor(req), req.body.key, req.body.value), '设置已保存'));

  /** The audit trail (管理员): read-only, no route changes or deletes it. */
  r.get('/api/admin/audit', { schema: { querystring: ZAuditQuery } }, async (req) => ok(await listAudit(db, req.query)));
}
