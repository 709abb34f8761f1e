import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMessageSender } from '../src/messaging';
import type { ProjectPreview, RechargePackage, ScreenshotPackResult, TopUpOrder } from '@mazhu/contracts';
import { buildOperator, operatorHeaders, setPayee } from './admin.factories';
import { body, buildTestApp, buildUser } from './helper';
import { activeContentPdf } from './pdf';
import { buildProject, multipart } from './projects.factories';

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

  it('sends every kind of personal file (screen image, staged screenshot, voucher and its picture, points record) with no-store', async () => {
    const u = await buildUser(app);
    const postForm = async <T>(url: string, headers: Record<string, string>, fields: Parameters<typeof multipart>[0]) => {
      const mp = await multipart(fields);
      return body<T>(await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }));
    };
    const p = await buildProject(app, u.headers);
    const screen = body<ProjectPreview>(await app.inject({ url: `/api/getPreview?id=${p.id}`, headers: u.headers })).data.screens.find((x) => x.key === 'module')!;
    // A plain picture (OCR finds nothing to read in it quickly).
    const shot = await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#e8eef5' } }).png().toBuffer();
    expect((await postForm('/api/uploadScreenshot', u.headers, { screenId: String(screen.id), file: { data: shot, name: 'shot.png' } })).code).toBe(200);
    const pack = await postForm<ScreenshotPackResult>('/api/uploadScreenshotPack', u.headers, { projectId: String(p.id), file: { data: shot, name: 'shot.png' } });
    expect(pack.code, pack.msg).toBe(200);
    await setPayee(app);
    const pkg = body<RechargePackage[]>(await app.inject('/api/getRechargePackage')).data[0]!;
    const order = body<TopUpOrder>(await app.inject({ method: 'POST', url: '/api/addIntegralTopUp', headers: u.headers, payload: { packageId: pkg.id } })).data;
    expect((await postForm('/api/uploadRechargeVoucher', u.headers, { orderId: String(order.id), file: { data: activeContentPdf(), name: '回单.pdf' } })).code).toBe(200);
    const admin = await operatorHeaders(app, OPERATOR.username, OPERATOR.password);
    const support = (await buildOperator(app, admin, { username: 'nostore', role: 'support', password: 'nostore-password' })).headers;

    const files: [string, Record<string, string>][] = [
      [`/api/getScreenImage?id=${screen.id}`, u.headers],
      [`/api/getPackImage?packId=${pack.data.packId}&index=0`, u.headers],
      [`/api/getRechargeVoucher?id=${order.id}`, u.headers],
      ['/api/exportIntegralRecord', u.headers],
      [`/api/admin/topups/voucher?id=${order.id}`, support],
      [`/api/admin/topups/voucherPicture?id=${order.id}`, support],
    ];
    for (const [url, headers] of files) {
      const r = await app.inject({ url, headers });
      expect(r.headers['content-type'], url).not.toMatch(/json/);
      expect(r.headers['cache-control'], url).toBe('private, no-store');
    }
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
