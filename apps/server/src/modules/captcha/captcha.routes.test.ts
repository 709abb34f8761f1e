import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryKv } from '../../kv';
import { aesEncrypt, buildCaptchaVerification } from './captcha.crypto';
import { captchaClientOf, captchaRoutes } from './captcha.routes';
import { type CaptchaService, clientKeyOf, createCaptchaService, type Point } from './captcha.service';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) test';
let app: FastifyInstance;
let captcha: CaptchaService;

beforeEach(async () => {
  captcha = createCaptchaService({ kv: createMemoryKv({ sweepIntervalMs: 0 }), testMode: true });
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // As the app registers it: multipart fields arrive in request.body as strings.
  await app.register(multipart, { attachFieldsToBody: 'keyValues' });
  await app.register(captchaRoutes, { captcha });
  // A business route doing the in-process second verification, as send-code/login will.
  app.post<{ Body: { captchaVerification?: string } }>('/api/protected', async (request) => {
    const v = await captcha.verification(request.body?.captchaVerification, { clientKey: captchaClientOf(request).clientKey, purpose: 'sendCode' });
    return v.ok ? { code: 200 } : { code: 400, repCode: v.repCode };
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

const postJson = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': UA, ...headers } });

function multipartBody(fields: Record<string, string>) {
  const boundary = '----mazhuCaptchaTest';
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': UA } };
}

describe('POST /api/captcha/get and /api/captcha/check', () => {
  it('speaks the AJ envelope over JSON: get → check → business verification', async () => {
    const got = await postJson('/api/captcha/get', { captchaType: 'blockPuzzle', clientUid: 'slider-1c2d', ts: Date.now(), purpose: 'sendCode' });
    expect(got.statusCode).toBe(200);
    const body = got.json();
    expect(body).toMatchObject({ repCode: '0000', success: true });
    const { token, secretKey, testAnswer } = body.repData as { token: string; secretKey: string; testAnswer: Point };
    const plaintext = JSON.stringify({ x: testAnswer.x + 0.5, y: 5 });
    const checked = await postJson('/api/captcha/check', { captchaType: 'blockPuzzle', token, pointJson: aesEncrypt(plaintext, secretKey), ts: 1, clientUid: 'slider-1c2d' });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ repCode: '0000', success: true, repData: { token, result: true } });

    const captchaVerification = buildCaptchaVerification(token, plaintext, secretKey);
    expect((await postJson('/api/protected', { captchaVerification }, { 'user-agent': 'another browser' })).json()).toEqual({ code: 400, repCode: '6110' });

    // The wrong-client attempt spent it; solve again and present it from the same client.
    const again = (await postJson('/api/captcha/get', { captchaType: 'clickWord', purpose: 'sendCode' })).json().repData;
    const p2 = JSON.stringify(again.testAnswer);
    expect((await postJson('/api/captcha/check', { captchaType: 'clickWord', token: again.token, pointJson: aesEncrypt(p2, again.secretKey) })).json().repCode).toBe('0000');
    const cv2 = buildCaptchaVerification(again.token, p2, again.secretKey);
    expect((await postJson('/api/protected', { captchaVerification: cv2 })).json()).toEqual({ code: 200 });
    expect((await postJson('/api/protected', { captchaVerification: cv2 })).json()).toEqual({ code: 400, repCode: '6110' });
  });

  it('accepts multipart bodies for both calls', async () => {
    const got = await app.inject({ method: 'POST', url: '/api/captcha/get', ...multipartBody({ captchaType: 'clickWord', ts: '1700000000000' }) });
    const data = got.json().repData;
    expect(got.json().repCode).toBe('0000');
    expect(data.wordList).toHaveLength(3);
    const plaintext = JSON.stringify(data.testAnswer);
    const checked = await app.inject({
      method: 'POST',
      url: '/api/captcha/check',
      ...multipartBody({ captchaType: 'clickWord', token: data.token, pointJson: aesEncrypt(plaintext, data.secretKey), ts: '1700000000000' }),
    });
    expect(checked.json()).toMatchObject({ repCode: '0000', success: true, repData: { ts: '1700000000000' } });
  });

  it('accepts urlencoded bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/captcha/get',
      payload: 'captchaType=blockPuzzle&clientUid=slider-x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()).toMatchObject({ repCode: '0000' });
  });

  it('answers the AJ envelope (HTTP 200, string repCode) on every kind of bad input', async () => {
    const cases = [
      { payload: {}, repCode: '0011' },
      { payload: { captchaType: 'rotatePuzzle' }, repCode: '0015' },
      { payload: { captchaType: 12 }, repCode: '0016' },
      { payload: [1, 2, 3], repCode: '0016' },
    ];
    for (const c of cases) {
      const res = await postJson('/api/captcha/get', c.payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ repCode: c.repCode, repMsg: expect.any(String), repData: null, success: false });
    }
    const broken = await app.inject({ method: 'POST', url: '/api/captcha/check', payload: '{"captchaType":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ repCode: '0016', success: false, repData: null });
    expect(broken.body).not.toMatch(/at .*\.js|stack/i);
    const xml = await app.inject({ method: 'POST', url: '/api/captcha/check', payload: '<a/>', headers: { 'content-type': 'text/xml' } });
    expect(xml.statusCode).toBe(200);
    expect(xml.json()).toMatchObject({ repCode: '0016', success: false });
    const empty = await app.inject({ method: 'POST', url: '/api/captcha/check' });
    expect(empty.json()).toMatchObject({ repCode: '0011', success: false });
  });

  it('wrong answer → 6111, replay → 6110', async () => {
    const d = (await postJson('/api/captcha/get', { captchaType: 'blockPuzzle' })).json().repData;
    const wrong = aesEncrypt(JSON.stringify({ x: d.testAnswer.x + 30, y: 5 }), d.secretKey);
    expect((await postJson('/api/captcha/check', { captchaType: 'blockPuzzle', token: d.token, pointJson: wrong })).json()).toEqual({
      repCode: '6111',
      repMsg: '验证失败',
      repData: null,
      success: false,
    });
    const right = aesEncrypt(JSON.stringify({ x: d.testAnswer.x, y: 5 }), d.secretKey);
    expect((await postJson('/api/captcha/check', { captchaType: 'blockPuzzle', token: d.token, pointJson: right })).json().repCode).toBe('6110');
  });

  it('answers 6112 (and logs) when rendering fails, 9999 when the store fails — never a stack trace', async () => {
    const broken = Fastify({ logger: false });
    broken.setValidatorCompiler(validatorCompiler);
    broken.setSerializerCompiler(serializerCompiler);
    const images = { backgroundCount: 1, glyphCount: 0, renderBlockPuzzle: () => Promise.reject(new Error('vips exploded')), renderClickWord: () => Promise.reject(new Error('x')) };
    const failingKv = { ...createMemoryKv(), incrWindow: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')) };
    await broken.register(captchaRoutes, { captcha: createCaptchaService({ kv: createMemoryKv(), images }) }).after();
    await broken.register(
      async (child) => {
        await child.register(captchaRoutes, { captcha: createCaptchaService({ kv: failingKv, images }) });
      },
      { prefix: '/down' },
    );
    const res = await broken.inject({ method: 'POST', url: '/api/captcha/get', payload: { captchaType: 'blockPuzzle' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ repCode: '6112', repMsg: '获取验证码失败,请联系管理员', repData: null, success: false });
    const down = await broken.inject({ method: 'POST', url: '/down/api/captcha/get', payload: { captchaType: 'blockPuzzle' } });
    expect(down.json()).toEqual({ repCode: '9999', repMsg: '服务器内部异常', repData: null, success: false });
    expect(down.body).not.toMatch(/ECONNREFUSED/);
    await broken.close();
  });

  it('binds to request.ip + User-Agent', () => {
    const fake = { ip: '192.0.2.4', headers: { 'user-agent': UA } } as unknown as Parameters<typeof captchaClientOf>[0];
    expect(captchaClientOf(fake)).toEqual({ ip: '192.0.2.4', clientKey: clientKeyOf('192.0.2.4', UA) });
    expect(clientKeyOf('192.0.2.4', UA)).not.toBe(clientKeyOf('192.0.2.5', UA));
  });
});
