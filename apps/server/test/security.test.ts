import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMessageSender } from '../src/messaging';
import { body, buildTestApp, buildUser } from './helper';

const OPERATOR = { username: 'headop', password: 'Header-operator-1' };

function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  return dir;
}

describe('security headers, caching and sessions', async () => {
  const app = await buildTestApp({ TRUST_PROXY: '1', OPERATOR_USERNAME: OPERATOR.username, OPERATOR_PASSWORD: OPERATOR.password }, { webDist: fakeWebDist() });

  it('sends CSP, frame-ancestors none, nosniff and a strict referrer policy; index.html no-cache, hashed assets immutable', async () => {
    const page = await app.inject('/settings/points');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const asset = await app.inject('/assets/index-Ab12Cd34.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds HSTS only behind TLS', async () => {
    const r = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(r.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('answers personal data with cache-control no-store', async () => {
    const u = await buildUser(app);
    const r = await app.inject({ url: '/api/getAdminDetails', headers: u.headers });
    expect(body(r).code).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toBeDefined();
  });

  it('signs an operator out through /api/logout and /api/admin/logout; the token stops working', async () => {
    const login = async () => body<{ token: string; sessionId: string }>(await app.inject({ method: 'POST', url: '/api/adminLogin', payload: OPERATOR })).data;
    const me = (s: { token: string; sessionId: string }) => app.inject({ url: '/api/admin/me', headers: { token: s.token, sessionid: s.sessionId } }).then(body);
    const a = await login();
    expect((await me(a)).code).toBe(200);
    expect(body(await app.inject({ method: 'POST', url: '/api/logout', headers: { token: a.token, sessionid: a.sessionId } })).code).toBe(200);
    expect((await me(a)).code).toBe(305);
    const b = await login();
    expect(body(await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { token: b.token, sessionid: b.sessionId } })).code).toBe(200);
    expect((await me(b)).code).toBe(305);
  });

  it('never writes a verification code to the log in production', async () => {
    const lines: string[] = [];
    const log = { info: (...a: unknown[]) => lines.push(JSON.stringify(a)), warn: (...a: unknown[]) => lines.push(JSON.stringify(a)) } as never;
    const sender = createMessageSender({ env: 'production', mailFrom: 'x@y.z' }, log);
    await expect(sender.sendSms('13800138000', '【码著】您的登录验证码为 123456')).rejects.toThrow();
    await expect(sender.sendEmail('a@b.co', '验证码', '【码著】您的登录验证码为 654321')).rejects.toThrow();
    expect(lines.join('\n')).not.toMatch(/123456|654321/);
  });
});
