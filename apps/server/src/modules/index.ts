import { closePrototypePool } from '@mazhu/docgen';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { closeFilesPool, filesPool, logFilesPoolTo } from '../jobs/files-pool';
import { createMessageSender } from '../messaging';
import { authRoutes } from './auth/auth.routes';
import { createAttemptGuard } from './auth/attempts';
import { batchRoutes } from './batch/batch.routes';
import { ownerDirectory } from './batch/batch.owners';
import { createBatchService } from './batch/batch.service';
import { createAuthService } from './auth/auth.service';
import { createCodeService } from './auth/codes.service';
import { captchaRoutes } from './captcha/captcha.routes';
import { codeProjectsRoutes } from './code-projects/code-projects.routes';
import { createCodeProjectService } from './code-projects/code-projects.service';
import { createCaptchaService } from './captcha/captcha.service';
import { createContentCache } from './content/content.cache';
import { contentRoutes } from './content/content.routes';
import { adminRoutes } from './admin/admin.routes';
import { adminGuardPlugin } from './admin/guard';
import { createOperatorSessions } from './operators/operator-sessions';
import { correctionsRoutes } from './corrections/corrections.routes';
import { createCodeFingerprints } from './code-projects/code-fingerprints';
import { createCorrectionService } from './corrections/corrections.service';
import { createNoticeReader } from './corrections/notice-reader';
import { contractsRoutes } from './contracts/contracts.routes';
import { createContractService } from './contracts/contracts.service';
import { revokeOperatorSessionByToken } from './operators/operator-sessions';
import { bootstrapOperator, operatorRoutes } from './operators/operators';
import { ownersRoutes } from './owners/owners.routes';
import { createOwnerService } from './owners/owners.service';
import { createPointsModule } from './points';
import { pointsAdminRoutes } from './points/points-admin.routes';
import { pointsRoutes } from './points/points.routes';
import { createScreenReader } from './preview/ocr';
import { createAiPreference } from './origins/ai-preference';
import { previewRoutes } from './preview/preview.routes';
import { createPreviewService } from './preview/preview.service';
import { projectsAiRoutes } from './projects/projects-ai.routes';
import { createProjectAiService } from './projects/projects-ai.service';
import { projectsRoutes } from './projects/projects.routes';
import { createProjectService } from './projects/projects.service';
import { createUserService } from './users/users.service';

/**
 * Registers every feature module. Each module is a Fastify plugin in `modules/<feature>/<feature>.routes.ts`
 * taking the dependencies it needs; services are built here from `AppDeps`.
 */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, kv, config, sessions } = deps;
  // The operator guard comes first so it covers every /api/admin/… route, whichever module declares it.
  const operatorSessions = createOperatorSessions(db);
  await app.register(adminGuardPlugin, { operatorSessions });
  // Public notices are kept in memory until the back office changes one (content.cache.ts).
  const contentCache = createContentCache(deps.sharedKv);
  await app.register(contentRoutes, { db, cache: contentCache });

  // Answers arriving under 300 ms after the challenge are refused in production (a human cannot drag that fast).
  const captcha = createCaptchaService({ kv, testMode: config.captchaTestMode, minSolveMs: config.env === 'production' ? 300 : 0 });
  if (config.env !== 'test') app.addHook('onReady', () => captcha.ready());
  await app.register(captchaRoutes, { captcha });

  const points = createPointsModule(deps);

  const sender = createMessageSender(config, app.log, deps.outbox);
  const attempts = createAttemptGuard(deps.attempts);
  const codes = createCodeService({ db, kv, sender, captcha, attempts });
  const auth = createAuthService({ db, codes, sessions, attempts, captcha, config, rewardInvitation: points.rewardInvitation });
  const users = createUserService({ db, codes, sessions, attempts });
  await app.register(authRoutes, { auth, codes, users, sessions, outbox: deps.outbox, operatorLogout: (token) => revokeOperatorSessionByToken(db, token) });

  await bootstrapOperator(db, config.operator?.username, config.operator?.password);
  await app.register(operatorRoutes, { db, attempts, captcha, operatorSessions });

  await app.register(pointsRoutes, { db, packages: points.packages, topUps: points.topUps });
  await app.register(pointsAdminRoutes, { db, ...points });
  const { blobs, jobs } = deps;
  const owners = createOwnerService({ db, cipher: deps.cipher });
  await app.register(ownersRoutes, { owners });
  await app.register(contractsRoutes, { contracts: createContractService({ db, cipher: deps.cipher, blobs, engine: jobs.engine, owners }) });
  const projects = createProjectService({ db, blobs, queue: jobs.queue, charger: jobs.charger, owners });
  await app.register(projectsRoutes, { projects });
  await app.register(adminRoutes, { db, projects, sessions: deps.sessions, contentCache });
  const preference = createAiPreference({ db, modelAvailable: () => deps.ai.available?.() ?? Promise.resolve(false) });
  await app.register(projectsAiRoutes, { projectAi: createProjectAiService({ db, ai: deps.ai, preference }), preference });
  const codeProjects = createCodeProjectService({ db, blobs, engine: jobs.engine, projects, uploadQuotaBytes: config.uploadQuotaBytes });
  await app.register(codeProjectsRoutes, { codeProjects, projects });
  await app.register(batchRoutes, { batch: createBatchService({ db, blobs, engine: jobs.engine, queue: jobs.queue, projects, owners: ownerDirectory(owners) }) });

  const reader = createScreenReader();
  app.addHook('onClose', async () => {
    await reader.close();
    await closePrototypePool();
  });
  await app.register(previewRoutes, { preview: createPreviewService({ db, blobs, reader }), kv });
  const corrections = createCorrectionService({ db, blobs, queue: jobs.queue, charger: jobs.charger, projects, fingerprints: createCodeFingerprints({ db, blobs, engine: jobs.engine }) });
  // Uploaded workbooks and notices are read in the untrusted-file thread (jobs/files-pool.ts).
  logFilesPoolTo(app.log);
  const noticeReader = createNoticeReader(filesPool());
  app.addHook('onClose', async () => {
    await noticeReader.close();
    await closeFilesPool();
  });
  await app.register(correctionsRoutes, { corrections, reader: noticeReader });
}
