import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { createMessageSender } from '../messaging';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { createCodeService } from './auth/codes.service';
import { captchaRoutes } from './captcha/captcha.routes';
import { createCaptchaService } from './captcha/captcha.service';
import { contentRoutes } from './content/content.routes';
import { bootstrapOperator, operatorRoutes } from './operators/operators';
import { createUserService } from './users/users.service';

/**
 * Registers every feature module. Each module is a Fastify plugin in `modules/<feature>/<feature>.routes.ts`
 * taking the dependencies it needs; services are built here from `AppDeps`.
 */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, kv, config, sessions } = deps;
  await app.register(contentRoutes, { db });

  const captcha = createCaptchaService({ kv, testMode: config.captchaTestMode });
  await app.register(captchaRoutes, { captcha });

  const sender = createMessageSender(config, app.log, deps.outbox);
  const codes = createCodeService({ db, kv, sender, captcha });
  const auth = createAuthService({ db, kv, codes, sessions, config });
  const users = createUserService({ db, codes, sessions });
  await app.register(authRoutes, { auth, codes, users, sessions, outbox: deps.outbox });

  await bootstrapOperator(db, config.operator?.username, config.operator?.password);
  await app.register(operatorRoutes, { db, kv });
}
