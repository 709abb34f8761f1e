import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ApiCode } from '@mazhu/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAiWriter } from './ai';
import type { AppConfig } from './config';
import { migrate, openDb } from './db';
import type { AppDeps } from './deps';
import { createJobSystem } from './jobs';
import { createKv } from './kv';
import { Outbox } from './messaging';
import { createSessionStore } from './modules/auth/sessions';
import { registerModules } from './modules';
import { seedContent } from './modules/content/content.seed';
import { envelopePlugin } from './plugins/envelope';
import { sessionPlugin } from './plugins/session';
import { createLocalDiskStore } from './storage';

// Chinese default messages for every zod schema that does not give its own (zod v4 locale).
z.config(z.locales.zhCN());

export type App = FastifyInstance & { deps: AppDeps };

/**
 * Builds the whole server: opens and migrates the database, seeds content on first start, registers
 * the envelope/session/multipart plugins, every feature module and the SPA. Used by `main.ts` and by tests
 * (`app.inject()`). Close it with `app.close()` (also closes the database).
 */
export async function buildApp(config: AppConfig): Promise<App> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => Math.random().toString(36).slice(2, 10),
    requestIdHeader: false,
  }) as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = openDb(config);
  app.addHook('onClose', async () => handle.destroy());
  await migrate(handle);
  await seedContent(handle.db);

  const blobs = createLocalDiskStore(path.join(config.dataDir, 'files'));
  const ai = createAiWriter(config.ai, app.log);
  const deps: AppDeps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    sessions: createSessionStore(handle.db, config.sessionTtlDays),
    kv: createKv({ redisUrl: config.redisUrl }),
    outbox: config.outbox ? new Outbox() : undefined,
    blobs,
    jobs: createJobSystem({ db: handle.db, dialect: handle.dialect, blobs, log: app.log, ai }),
    ai,
  };
  app.addHook('onClose', async () => deps.kv.close?.());
  // Generation jobs run in this process when ROLE is all (default) or worker; stopped before the database closes.
  if (config.role !== 'web') {
    app.addHook('onReady', async () => deps.jobs.start({ warmUp: config.env !== 'test' }));
    app.addHook('preClose', async () => deps.jobs.stop());
  }
  app.decorate('deps', deps);

  await app.register(envelopePlugin);
  await app.register(sessionPlugin, { sessions: deps.sessions });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 50, fieldSize: 1024 * 1024, parts: 60 },
  });

  app.get('/api/health', async () => ({ code: ApiCode.Ok, msg: 'ok', data: { status: 'ok', dialect: deps.dialect } }));
  await registerModules(app, deps);
  await registerSpa(app, config.webDist);
  return app;
}

/**
 * Serves the built web app from `webDist` with history fallback: any GET that is not /api and not a file
 * gets index.html, so deep links like /settings/points load the app. /api misses get the envelope 404.
 */
async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = Boolean(indexFile && fs.existsSync(indexFile));
  if (hasSpa && webDist) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(200).send({ code: ApiCode.NotFound, msg: `接口不存在：${request.method} ${urlPath}`, data: null });
    }
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(urlPath)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('404 页面不存在');
  });
}
