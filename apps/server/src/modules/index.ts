import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { createMessageSender } from '../messaging';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { createCodeService } from './auth/codes.service';
import { captchaRoutes } from './captcha/captcha.routes';
import { codeProjectsRoutes } from './code-projects/code-projects.routes';
import { createCodeProjectService } from './code-projects/code-projects.service';
import { createCaptchaService } from './captcha/captcha.service';
import { contentRoutes } from './content/content.routes';
import { bootstrapOperator, operatorRoutes } from './operators/operators';
import { pointsRoutes } from './points/points.routes';
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
  await app.register(contentRoutes, { db });

  // Answers arriving under 300 ms after the challenge are refused in production (a human cannot drag that fast).
  const captcha = createCaptchaService({ kv, testMode: config.captchaTestMode, minSolveMs: config.env === 'production' ? 300 : 0 });
  if (config.env !== 'test') app.addHook('onReady', () => captcha.ready());
  await app.register(captchaRoutes, { captcha });

  const sender = createMessageSender(config, app.log, deps.outbox);
  const codes = createCodeService({ db, kv, sender, captcha });
  const auth = createAuthService({ db, kv, codes, sessions, config });
  const users = createUserService({ db, codes, sessions });
  await app.register(authRoutes, { auth, codes, users, sessions, outbox: deps.outbox });

  await bootstrapOperator(db, config.operator?.username, config.operator?.password);
  await app.register(operatorRoutes, { db, kv });

  await app.register(pointsRoutes, { db });
  const { blobs, jobs } = deps;
  const projects = createProjectService({ db, blobs, queue: jobs.queue, charger: jobs.charger });
  await app.register(projectsRoutes, { projects });
  await app.register(projectsAiRoutes, { projectAi: createProjectAiService({ db, ai: deps.ai }) });
  const codeProjects = createCodeProjectService({ db, blobs, engine: jobs.engine, projects });
  await app.register(codeProjectsRoutes, { codeProjects, projects });
}
