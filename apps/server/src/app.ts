import { logPrototypePoolTo, warmPrototypePool } from '@mazhu/docgen';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ApiCode, plainChineseError } from '@mazhu/contracts';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSwitchableAiWriter, type AiProviderSetting } from './ai/switchable';
import type { AppConfig } from './config';
import { migrate, openDb } from './db';
import type { AppDeps } from './deps';
import { createJobSystem } from './jobs';
import { createKv } from './kv';
import { createFieldCipher } from './lib/field-cipher';
import { createReadiness, type ReadinessCheck } from './lib/health';
import { BUSY_MESSAGE } from './lib/unavailable';
import { removeSpooled, removeStaleSpools, spoolTooLarge, spoolToDisk, type SpooledFile } from './lib/spool';
import { Outbox } from './messaging';
import { createAttemptStore } from './modules/auth/attempts';
import { createSessionStore } from './modules/auth/sessions';
import { registerModules } from './modules';
import { readSetting } from './modules/admin/settings';
import { seedContent } from './modules/content/content.seed';
import { envelopePlugin } from './plugins/envelope';
import { sessionPlugin } from './plugins/session';
import { answerUnparsedRequest, readUnreadBodies } from './plugins/transport';
import { createLocalDiskStore, createS3Store } from './storage';

// Plain Chinese default messages for every zod schema that does not give its own (no type names, no "NaN").
z.config({ localeError: plainChineseError as Parameters<typeof z.config>[0] extends { localeError?: infer E } ? E : never });

/** Log levels at which every request is written (one line each). */
const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** A registered route as seen by the `onRoute` hook: one entry per method (HEAD twins of GET routes left out). */
export interface RouteSummary {
  method: string;
  url: string;
}

export type App = FastifyInstance & { deps: AppDeps; routeList: readonly RouteSummary[]; readiness: ReadinessCheck };

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
    // Fastify's two info lines per request serialise every request and answer; one line per request is written
    // below instead, at debug level, and at warn level for server errors and slow answers.
    logController: new LogController({ disableRequestLogging: true }),
    // On shutdown the listener closes first; a request already accepted is still served (not answered 503).
    return503OnClosing: false,
    // A request Node's parser refuses (headers over 16 KB: a huge query string) gets a Chinese envelope too.
    clientErrorHandler: answerUnparsedRequest,
  }) as unknown as App;
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 500 || ms > 1000) req.log.warn({ method: req.method, url: req.routeOptions.url ?? req.url.split('?')[0], status: reply.statusCode, ms: Math.round(ms) }, 'slow or failed request');
    else if (VERBOSE_LEVELS.has(req.log.level)) req.log.debug({ method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(ms) }, 'request');
    done();
  });
  // Every route, collected as it is registered (the fuzz suite walks this list, so new routes are covered).
  const routeList: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = openDb(config, (err) => app.log.warn({ err: { message: err.message } }, 'PostgreSQL idle connection lost; the pool reconnects'));
  app.addHook('onClose', async () => handle.destroy());
  await migrate(handle);
  await seedContent(handle.db);

  const blobs = config.s3 ? createS3Store(config.s3) : createLocalDiskStore(path.join(config.dataDir, 'files'));
  // The operator may switch the online AI off or change its model (setting `ai.provider`) without a restart.
  const ai = createSwitchableAiWriter(config.ai, () => readSetting<AiProviderSetting>(handle.db, 'ai.provider'), app.log);
  const cipher = createFieldCipher(config.dataEncryptionKey);
  const kv = createKv({ redisUrl: config.redisUrl, log: app.log });
  // Sessions and public content are cached in a store every process serving requests sees: Redis, or — for the
  // single process of ROLE=all without Redis — its own memory store. Web processes without Redis read the database on
  // every request, since a revocation or an edit made by another process would not reach their memory.
  const sharedKv = config.redisUrl || config.role === 'all' ? kv : undefined;
  const deps: AppDeps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    sessions: createSessionStore(handle.db, config.sessionTtlDays, { dialect: handle.dialect, cache: sharedKv }),
    kv,
    sharedKv,
    attempts: createAttemptStore(config.redisUrl, app.log),
    outbox: config.outbox ? new Outbox() : undefined,
    blobs,
    jobs: createJobSystem({ db: handle.db, dialect: handle.dialect, blobs, log: app.log, cipher, concurrency: config.jobConcurrency, redisUrl: config.redisUrl, timeoutMs: config.jobTimeoutSeconds * 1000, leaseMs: config.jobLeaseSeconds * 1000, queuePrefix: config.queuePrefix, intakeThreads: config.intakeThreads }),
    ai,
    cipher,
  };
  app.addHook('onClose', async () => {
    await deps.jobs.engine.close?.(); // the upload-analysis threads, also on a web-only server
    await deps.kv.close?.();
    await deps.attempts.close?.();
  });
  // Generation jobs run in this process when ROLE is all (default) or worker; a web process with Redis only hands
  // committed jobs to the queue. Stopped before the database closes.
  const runsJobs = config.role !== 'web';
  app.addHook('onReady', async () => deps.jobs.start({ warmUp: runsJobs && config.env !== 'test', process: runsJobs }));
  // A screen-render thread that fails is logged here; the next render starts a new one.
  logPrototypePoolTo(app.log);
  // Every role draws screens (previews on the web, figures in the jobs): the render threads parse their fonts now, in
  // the background, and stay (the pool is closed with the preview routes).
  if (config.env !== 'test') app.addHook('onReady', async () => void warmPrototypePool().catch((e: unknown) => app.log.warn({ err: e }, 'prototype renderer warm-up failed')));
  app.addHook('preClose', async () => deps.jobs.stop());
  app.decorate('deps', deps);

  // Brotli or gzip for every text answer over 1 KB (JSON, HTML, JS, CSS); archives, PDFs and images are left as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fp(securityHeaders));
  await app.register(fp(readUnreadBodies));
  await app.register(envelopePlugin);
  await app.register(sessionPlugin, { sessions: deps.sessions });
  await registerMultipart(app, config);

  // Liveness: the process answers. Readiness (also /api/health, what load balancers and the attack checks probe): the
  // database, Redis when configured and the job queue answer; HTTP 503 {code: 503, msg: 系统繁忙，请稍后重试} when not.
  const readiness = createReadiness({ db: handle.db, redis: config.redisUrl ? kv : undefined, runner: deps.jobs.runner });
  app.decorate('readiness', readiness);
  app.get('/api/health/live', async () => ({ code: ApiCode.Ok, msg: 'ok', data: { status: 'ok' } }));
  const ready = async (_req: FastifyRequest, reply: FastifyReply) => {
    const r = await readiness.ready();
    if (r.ready) return { code: ApiCode.Ok, msg: 'ok', data: { status: 'ok', dialect: deps.dialect, ...r } };
    return reply.status(503).send({ code: ApiCode.Busy, msg: BUSY_MESSAGE, data: { status: 'unavailable', dialect: deps.dialect, ...r } });
  };
  app.get('/api/health', ready);
  app.get('/api/health/ready', ready);
  await registerModules(app, deps);
  await registerSpa(app, config.webDist);
  return app;
}

/**
 * multipart/form-data bodies (@fastify/multipart) as key/values. Files are Buffers, except on routes with
 * `config.spool` (code archives): there the file is written to `<dataDir>/tmp` as it arrives, cut off past the
 * route's limit, and the body holds a SpooledFile whose temporary file is removed once the answer is sent.
 * Before any byte is read, a declared content-length beyond that limit is refused. The hooks doing so are added
 * to the spool routes only, so no other request runs them.
 */
async function registerMultipart(app: FastifyInstance, config: AppConfig): Promise<void> {
  const spoolDir = path.join(config.dataDir, 'tmp');
  const spooled = new WeakMap<FastifyRequest, SpooledFile[]>();
  const cleanUp = async (req: FastifyRequest) => {
    const files = spooled.get(req);
    spooled.delete(req);
    if (files) await removeSpooled(files);
  };
  app.addHook('onReady', async () => void (await removeStaleSpools(spoolDir)));
  const refuseDeclaredTooLarge: onRequestHookHandler = async (req) => {
    const cfg = req.routeOptions.config.spool;
    const declared = Number(req.headers['content-length']);
    if (!cfg || !Number.isFinite(declared)) return;
    const max = Math.min(config.maxUploadBytes, await cfg.maxBytes());
    // The multipart envelope adds boundaries and part headers: allow 64 KiB of them.
    if (declared > max + 64 * 1024) throw spoolTooLarge(cfg, max);
  };
  // Ahead of the route's own hooks, as application-wide hooks would run.
  const first = <T>(hook: T, hooks: T | T[] | undefined): T[] => [hook].concat(hooks ?? []);
  app.addHook('onRoute', (route) => {
    if (!route.config?.spool) return;
    route.onRequest = first(refuseDeclaredTooLarge, route.onRequest);
    route.onResponse = first(cleanUp, route.onResponse);
    route.onRequestAbort = first(cleanUp, route.onRequestAbort);
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 50, fieldSize: 1024 * 1024, parts: 60 },
    async onFile(this: FastifyRequest, part) {
      const cfg = this.routeOptions.config.spool;
      if (!cfg) {
        await part.toBuffer();
        return;
      }
      const max = Math.min(config.maxUploadBytes, await cfg.maxBytes());
      const file = await spoolToDisk(part.file, { dir: spoolDir, maxBytes: max, filename: part.filename, cfg });
      // Busboy stops at the deployment's hard limit (MAX_UPLOAD_MB) without an error of its own.
      if (part.file.truncated) {
        await removeSpooled([file]);
        throw spoolTooLarge(cfg, max);
      }
      spooled.set(this, [...(spooled.get(this) ?? []), file]);
      (part as unknown as { value: SpooledFile }).value = file;
    },
  });
}

/**
 * Serves the built web app from `webDist` with history fallback: any GET that is not /api and not a file
 * gets index.html, so deep links like /settings/points load the app. /api misses get the envelope 404.
 * `webDist` is resolved once, at start: apps/web/dist is a symlink to one build (scripts/publish-build.mjs), and a
 * server keeps serving the build it started with — its index.html with its own chunks — while a new one is published;
 * the next start serves the new build, which carries the previous build's chunks for tabs still open.
 */
async function registerSpa(app: FastifyInstance, configuredDist: string | undefined): Promise<void> {
  const webDist = configuredDist && fs.existsSync(configuredDist) ? fs.realpathSync(configuredDist) : configuredDist;
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = Boolean(indexFile && fs.existsSync(indexFile));
  if (hasSpa && webDist) {
    // Vite names everything under /assets/ by content hash: cached for a year and never revalidated. index.html and
    // the unhashed public files are revalidated on every load, so a deploy is seen at once. Files precompressed at
    // build time (scripts/precompress.mjs: .br, .gz) are sent as they are.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = path.relative(webDist, filePath).split(path.sep)[0] === 'assets';
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
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

/** @fastify/helmet's options: what the security headers of every answer say. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts: false,
  referrerPolicy: { policy: 'same-origin' as const },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers @fastify/helmet sets with `options`, read once from a throwaway instance: they do not depend on the
 * request (no CSP nonces), while the plugin builds its middleware anew, parsing every directive, on each request.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string | number | string[]][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  // Helmet writes its headers in an onRequest hook; at the handler nothing else has been set yet.
  probe.get('/', (_req, reply) => reply.send(reply.raw.getHeaders()));
  const headers = (await probe.inject('/')).json<Record<string, string | number | string[]>>();
  await probe.close();
  return Object.entries(headers);
}

/**
 * Security headers on every answer (those of @fastify/helmet, see helmetHeaders): a Content-Security-Policy the built
 * SPA passes (scripts and styles from the site itself; antd writes its CSS-in-JS into <style> elements, hence
 * style-src 'unsafe-inline'; images also from data:/blob: URLs for previews), frame-ancestors 'none', nosniff,
 * referrer policy same-origin. HSTS only on answers that went out over TLS (directly or behind a proxy with
 * TRUST_PROXY=1), so a plain-HTTP development server is never pinned. Every /api answer is `cache-control: no-store`
 * (they carry personal data) unless the route sets its own, which replaces it.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const fixed = await helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of fixed) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
