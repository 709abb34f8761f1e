import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createBullRunner } from '../src/jobs/bullmq-runner';
import { body, buildTestApp, buildUser } from './helper';

/** A port nothing listens on: the connection is refused at once, as when Redis is down. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** A TCP proxy to the real Redis that drops every connection when stopped (Redis "gone" under a running process). */
async function redisProxy(target = 6379) {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((c) => {
    const up = net.connect(target, '127.0.0.1');
    sockets.add(c).add(up);
    c.pipe(up).pipe(c);
    const end = () => (c.destroy(), up.destroy());
    c.on('error', end).on('close', end);
    up.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    port: (srv.address() as net.AddressInfo).port,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

const timed = async <T>(p: Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const v = await p;
  return [v, performance.now() - t];
};

describe('Redis unreachable', () => {
  it('a web process started against a closed Redis port is not ready and answers captcha, login and signed-in calls in Chinese within 2–3 s', async () => {
    const app = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, ROLE: 'web' });
    const u = await buildUser(app);
    const [health, hms] = await timed(app.inject('/api/health'));
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ code: 503, msg: '系统繁忙，请稍后重试', data: { ready: false, checks: { database: 'ok', redis: 'unreachable' } } });
    expect(hms).toBeLessThan(2000);
    expect((await app.inject('/api/health/live')).statusCode).toBe(200);

    const [captcha, cms] = await timed(app.inject({ method: 'POST', url: '/api/captcha/get', payload: { captchaType: 'blockPuzzle' } }));
    expect(captcha.json()).toMatchObject({ repCode: '0001', repMsg: '系统繁忙，请稍后重试', success: false });
    expect(cms).toBeLessThan(3000);

    const [login, lms] = await timed(app.inject({ method: 'POST', url: '/api/login', payload: { loginType: 1, mobile: u.mobile, password: 'Secret-123' } }));
    expect(body(login)).toMatchObject({ code: 503, msg: '系统繁忙，请稍后重试' });
    expect(lms).toBeLessThan(2000);

    const [me, mms] = await timed(app.inject({ url: '/api/getAdminDetails', headers: u.headers }));
    expect([503, 200]).toContain(body(me).code);
    expect(mms).toBeLessThan(2000);
  });

  it('a web process whose Redis goes away while it runs turns not ready and answers 503 quickly', async () => {
    const proxy = await redisProxy();
    const app = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}`, ROLE: 'web' });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    await proxy.stop();
    await new Promise((r) => setTimeout(r, 1100)); // the kept readiness answer expires
    const [health, hms] = await timed(app.inject('/api/health'));
    expect(health.statusCode).toBe(503);
    expect(hms).toBeLessThan(2000);
    const [captcha, cms] = await timed(app.inject({ method: 'POST', url: '/api/captcha/get', payload: { captchaType: 'blockPuzzle' } }));
    expect(captcha.json()).toMatchObject({ repCode: '0001', repMsg: '系统繁忙，请稍后重试' });
    expect(cms).toBeLessThan(3000);
  });

  it('a worker whose Redis is unreachable logs one line per interval, not one per retry', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const log = { warn: (_o: object, msg: string) => lines.push(msg), info: () => undefined, error: () => undefined, debug: () => undefined } as never;
    const app = await buildTestApp();
    const runner = createBullRunner({ db: app.deps.db, log, definitions: [], redisUrl: `redis://127.0.0.1:${port}`, prefix: 't-unreachable' });
    runner.start();
    await new Promise((r) => setTimeout(r, 4000));
    expect(await runner.health()).toEqual({ reachable: false });
    await Promise.race([runner.stop(), new Promise((r) => setTimeout(r, 3000))]);
    const worker = lines.filter((l) => l.startsWith('job worker'));
    const queue = lines.filter((l) => l.startsWith('job queue'));
    expect(worker.length).toBeLessThanOrEqual(1);
    expect(queue.length).toBeLessThanOrEqual(1);
  });
});
