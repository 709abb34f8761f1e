import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMemoryKv } from '../../kv';
import { aesEncrypt, buildCaptchaVerification } from './captcha.crypto';
import { type CaptchaImages, IMAGE_HEIGHT, IMAGE_WIDTH, loadCaptchaImages, PIECE_STRIP_WIDTH, SLIDER_X_MAX, SLIDER_X_MIN } from './captcha.images';
import { type CaptchaClient, type CaptchaGetData, type CaptchaServiceOptions, clickWordMatches, clientKeyOf, createCaptchaService, type Point } from './captcha.service';

const alice: CaptchaClient = { ip: '203.0.113.7', clientKey: clientKeyOf('203.0.113.7', 'Mozilla/5.0 Alice') };
const bob: CaptchaClient = { ip: '198.51.100.9', clientKey: clientKeyOf('198.51.100.9', 'Mozilla/5.0 Bob') };

const images = loadCaptchaImages();

function service(options: Partial<CaptchaServiceOptions> = {}) {
  const kv = options.kv ?? createMemoryKv({ maxKeys: 10_000, sweepIntervalMs: 0 });
  return { kv, captcha: createCaptchaService({ kv, testMode: true, images, ...options }) };
}

/** What an AJ client sends for the answer: the exact plaintext it encrypts, and its ciphertext. */
function answer(data: CaptchaGetData, points: Point | Point[]) {
  const plaintext = JSON.stringify(points);
  return { plaintext, pointJson: aesEncrypt(plaintext, data.secretKey) };
}

async function solve(captcha: ReturnType<typeof service>['captcha'], type: 'blockPuzzle' | 'clickWord', client = alice, purpose?: string) {
  const got = await captcha.get(type, client, { purpose });
  expect(got.repCode).toBe('0000');
  const data = got.repData!;
  // The Vue client sends x = parseInt(px) * 310 / width: a float, not rounded.
  const pts = type === 'blockPuzzle' ? { x: (data.testAnswer as Point).x + 0.3636, y: 5 } : (data.testAnswer as Point[]);
  const { plaintext, pointJson } = answer(data, pts);
  const checked = await captcha.check({ captchaType: type, token: data.token, pointJson, ts: 1700000000000 }, client);
  return { data, checked, captchaVerification: buildCaptchaVerification(data.token, plaintext, data.secretKey) };
}

describe('captcha service: get', () => {
  it('returns a 310×155 background, a 47×155 RGBA strip, a hex token and a 16-char key (blockPuzzle)', async () => {
    const { captcha } = service();
    const got = await captcha.get('blockPuzzle', alice);
    const d = got.repData!;
    expect(got).toMatchObject({ repCode: '0000', repMsg: null });
    expect(d.token).toMatch(/^[0-9a-f]{32}$/);
    expect(d.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(d.wordList).toBeNull();
    expect(d.originalImageBase64).not.toMatch(/^data:/);
    const bg = await sharp(Buffer.from(d.originalImageBase64, 'base64')).metadata();
    const piece = await sharp(Buffer.from(d.jigsawImageBase64!, 'base64')).metadata();
    expect([bg.format, bg.width, bg.height]).toEqual(['png', IMAGE_WIDTH, IMAGE_HEIGHT]);
    expect([piece.format, piece.width, piece.height, piece.hasAlpha]).toEqual(['png', PIECE_STRIP_WIDTH, IMAGE_HEIGHT, true]);
    const { x, y } = d.testAnswer as Point;
    expect(y).toBe(5);
    expect(x).toBeGreaterThanOrEqual(SLIDER_X_MIN);
    expect(x).toBeLessThanOrEqual(SLIDER_X_MAX);
  });

  it('lists three distinct characters and their in-bounds centres (clickWord)', async () => {
    const { captcha } = service();
    const d = (await captcha.get('clickWord', alice)).repData!;
    expect(d.jigsawImageBase64).toBeNull();
    expect(d.wordList).toHaveLength(3);
    expect(new Set(d.wordList).size).toBe(3);
    for (const w of d.wordList!) expect(w).toMatch(/^\p{Script=Han}$/u);
    const pts = d.testAnswer as Point[];
    expect(pts).toHaveLength(3);
    for (const p of pts) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(IMAGE_WIDTH);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(IMAGE_HEIGHT);
    }
  });

  it('draws a different image every time (no fixed templates, no diffable backgrounds)', async () => {
    const { captcha } = service();
    const a = (await captcha.get('blockPuzzle', alice)).repData!;
    const b = (await captcha.get('blockPuzzle', alice)).repData!;
    expect(a.originalImageBase64).not.toBe(b.originalImageBase64);
    expect(a.jigsawImageBase64).not.toBe(b.jigsawImageBase64);
    expect(a.token).not.toBe(b.token);
  });

  it('cuts the gap where testAnswer says: the background under the piece is the darkened piece', async () => {
    const { captcha } = service();
    for (let round = 0; round < 6; round++) {
      const d = (await captcha.get('blockPuzzle', alice)).repData!;
      const bg = await sharp(Buffer.from(d.originalImageBase64, 'base64')).raw().toBuffer({ resolveWithObject: true });
      const piece = await sharp(Buffer.from(d.jigsawImageBase64!, 'base64')).raw().toBuffer({ resolveWithObject: true });
      const ratioAt = (x0: number) => {
        let under = 0;
        let over = 0;
        for (let y = 1; y < IMAGE_HEIGHT - 1; y++) {
          for (let x = 1; x < PIECE_STRIP_WIDTH - 1; x++) {
            const interior = [0, 1, -1].every((dy) => [0, 1, -1].every((dx) => piece.data[((y + dy) * PIECE_STRIP_WIDTH + x + dx) * 4 + 3] === 255));
            if (!interior) continue;
            for (let c = 0; c < 3; c++) {
              over += piece.data[(y * PIECE_STRIP_WIDTH + x) * 4 + c];
              under += bg.data[(y * IMAGE_WIDTH + x0 + x) * bg.info.channels + c];
            }
          }
        }
        return under / over;
      };
      const x = (d.testAnswer as Point).x;
      expect(ratioAt(x)).toBeLessThan(0.8);
    }
  });

  it('refuses test mode in production', () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => createCaptchaService({ kv: createMemoryKv(), testMode: true })).toThrow(/production/);
      expect(() => createCaptchaService({ kv: createMemoryKv(), testMode: false })).not.toThrow();
    } finally {
      process.env.NODE_ENV = before;
    }
  });

  it('answers 6112 through the route when rendering breaks (see routes test) by throwing CaptchaRenderError', async () => {
    const broken: CaptchaImages = { ...stubImages, renderBlockPuzzle: async () => Promise.reject(new Error('boom')) };
    const { captcha } = service({ images: broken });
    await expect(captcha.get('blockPuzzle', alice)).rejects.toMatchObject({ name: 'CaptchaRenderError', repCode: '6112' });
  });

  it('adds testAnswer only in test mode', async () => {
    const { captcha } = service({ testMode: false });
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    expect(d).not.toHaveProperty('testAnswer');
  });

  it('rejects a missing or unknown type and a malformed purpose with AJ codes', async () => {
    const { captcha } = service();
    expect(await captcha.get(undefined, alice)).toMatchObject({ repCode: '0011', repMsg: '类型不能为空' });
    expect(await captcha.get('rotate', alice)).toMatchObject({ repCode: '0015' });
    expect(await captcha.get('blockPuzzle', alice, { purpose: 'bad purpose!' })).toMatchObject({ repCode: '0016' });
  });

  it('answers 6113 when no background image is available', async () => {
    const empty = loadCaptchaImages({ backgroundsDir: path.join(os.tmpdir(), 'no-such-captcha-dir') });
    const { captcha } = service({ images: empty });
    expect(await captcha.get('blockPuzzle', alice)).toMatchObject({ repCode: '6113', repData: null });
  });
});

describe('captcha service: check and verification', () => {
  it('blockPuzzle: get → check → verification with the real AES, then the verification is spent', async () => {
    const { captcha } = service();
    const { data, checked, captchaVerification } = await solve(captcha, 'blockPuzzle');
    expect(checked).toMatchObject({ repCode: '0000', repData: { captchaType: 'blockPuzzle', token: data.token, result: true, ts: 1700000000000 } });
    expect(await captcha.verification(captchaVerification, { clientKey: alice.clientKey, purpose: 'login' })).toEqual({ ok: true, captchaType: 'blockPuzzle' });
    expect(await captcha.verification(captchaVerification, { clientKey: alice.clientKey, purpose: 'login' })).toMatchObject({ ok: false, repCode: '6110' });
  });

  it('clickWord: get → check → verification with the real AES', async () => {
    const { captcha } = service();
    const { checked, captchaVerification } = await solve(captcha, 'clickWord');
    expect(checked.repCode).toBe('0000');
    expect(await captcha.verification(captchaVerification, { clientKey: alice.clientKey })).toMatchObject({ ok: true });
  });

  it('accepts x within ±5 (truncated) and y 5, refuses x off by 6 or another y (6111)', async () => {
    const { captcha } = service();
    const tryX = async (dx: number, y = 5) => {
      const d = (await captcha.get('blockPuzzle', bob)).repData!;
      const x0 = (d.testAnswer as Point).x;
      return (await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, { x: x0 + dx, y }).pointJson }, bob)).repCode;
    };
    expect(await tryX(5.9)).toBe('0000');
    expect(await tryX(-5)).toBe('0000');
    expect(await tryX(-5.5)).toBe('6111'); // x0 − 5.5 truncates to x0 − 6 (Java intValue())
    expect(await tryX(6)).toBe('6111');
    expect(await tryX(0, 40)).toBe('6111');
  });

  it('clickWord: wrong order or a point outside the glyph fails', async () => {
    const { captcha } = service();
    const d1 = (await captcha.get('clickWord', bob)).repData!;
    const pts = d1.testAnswer as Point[];
    const swapped = [pts[1], pts[0], pts[2]];
    expect((await captcha.check({ captchaType: 'clickWord', token: d1.token, pointJson: answer(d1, swapped).pointJson }, bob)).repCode).toBe('6111');
    const d2 = (await captcha.get('clickWord', bob)).repData!;
    const p2 = d2.testAnswer as Point[];
    const off = [p2[0], p2[1], { x: p2[2].x + 30, y: p2[2].y }];
    expect((await captcha.check({ captchaType: 'clickWord', token: d2.token, pointJson: answer(d2, off).pointJson }, bob)).repCode).toBe('6111');
    const d3 = (await captcha.get('clickWord', bob)).repData!;
    const two = (d3.testAnswer as Point[]).slice(0, 2);
    expect((await captcha.check({ captchaType: 'clickWord', token: d3.token, pointJson: answer(d3, two).pointJson }, bob)).repCode).toBe('6111');
  });

  it('wrong answer → 6111, and the token is gone: a retry with the right answer → 6110', async () => {
    const { captcha } = service();
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    const x0 = (d.testAnswer as Point).x;
    const wrong = await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, { x: x0 + 40, y: 5 }).pointJson }, alice);
    expect(wrong).toEqual({ repCode: '6111', repMsg: '验证失败', repData: null });
    const retry = await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, { x: x0, y: 5 }).pointJson }, alice);
    expect(retry.repCode).toBe('6110');
  });

  it('replayed token after a success → 6110', async () => {
    const { captcha } = service();
    const { data } = await solve(captcha, 'blockPuzzle');
    const again = await captcha.check({ captchaType: 'blockPuzzle', token: data.token, pointJson: answer(data, { x: (data.testAnswer as Point).x, y: 5 }).pointJson }, alice);
    expect(again.repCode).toBe('6110');
  });

  it('undecryptable pointJson → 0001 with a generic message; missing fields → 0011', async () => {
    const { captcha } = service();
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    expect(await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: 'bm90IGNpcGhlcnRleHQ=' }, alice)).toEqual({
      repCode: '0001',
      repMsg: '操作失败',
      repData: null,
    });
    expect(await captcha.check({ captchaType: 'blockPuzzle', pointJson: 'x' }, alice)).toMatchObject({ repCode: '0011', repMsg: 'token不能为空' });
    expect(await captcha.check({ captchaType: 'blockPuzzle', token: 'abc' }, alice)).toMatchObject({ repCode: '0011', repMsg: 'pointJson不能为空' });
    expect(await captcha.check({ token: 'abc', pointJson: 'x' }, alice)).toMatchObject({ repCode: '0011' });
  });

  it('a token of one type cannot be checked as the other', async () => {
    const { captcha } = service();
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    const res = await captcha.check({ captchaType: 'clickWord', token: d.token, pointJson: answer(d, { x: (d.testAnswer as Point).x, y: 5 }).pointJson }, alice);
    expect(res.repCode).toBe('6111');
  });

  it('forged captchaVerification values fail', async () => {
    const { captcha } = service();
    const { data } = await solve(captcha, 'blockPuzzle');
    const forged = [
      buildCaptchaVerification(data.token, '{"x":1,"y":5}', data.secretKey),
      buildCaptchaVerification('0'.repeat(32), '{"x":150,"y":5}', 'aBcDeFgHiJkLmNoP'),
      `${data.token}---{"x":150,"y":5}`,
      'x'.repeat(5000),
    ];
    for (const cv of forged) expect(await captcha.verification(cv, { clientKey: alice.clientKey })).toMatchObject({ ok: false, repCode: '6110' });
    expect(await captcha.verification('', { clientKey: alice.clientKey })).toMatchObject({ ok: false, repCode: '0011', repMsg: '二次校验参数不能为空' });
  });

  it('is bound to the client that solved it', async () => {
    const { captcha } = service();
    const { captchaVerification } = await solve(captcha, 'blockPuzzle', alice);
    expect(await captcha.verification(captchaVerification, { clientKey: bob.clientKey })).toMatchObject({ ok: false, reason: 'client' });
    // single use even when the wrong client tried it
    expect(await captcha.verification(captchaVerification, { clientKey: alice.clientKey })).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('is bound to the purpose it was fetched for; without purpose it is valid for any purpose once', async () => {
    const { captcha } = service();
    const s1 = await solve(captcha, 'blockPuzzle', alice, 'sendCode');
    expect(await captcha.verification(s1.captchaVerification, { clientKey: alice.clientKey, purpose: 'login' })).toMatchObject({ ok: false, reason: 'purpose' });
    const s2 = await solve(captcha, 'blockPuzzle', alice, 'sendCode');
    expect(await captcha.verification(s2.captchaVerification, { clientKey: alice.clientKey })).toMatchObject({ ok: false, reason: 'purpose' });
    const s3 = await solve(captcha, 'blockPuzzle', alice, 'sendCode');
    expect(await captcha.verification(s3.captchaVerification, { clientKey: alice.clientKey, purpose: 'sendCode' })).toMatchObject({ ok: true });
    const s4 = await solve(captcha, 'clickWord', alice);
    expect(await captcha.verification(s4.captchaVerification, { clientKey: alice.clientKey, purpose: 'register' })).toMatchObject({ ok: true });
    expect(await captcha.verification(s4.captchaVerification, { clientKey: alice.clientKey, purpose: 'register' })).toMatchObject({ ok: false });
  });

  it('tokens expire after 120 s and verification entries after 180 s', async () => {
    let t = 1_000_000;
    const kv = createMemoryKv({ now: () => t, sweepIntervalMs: 0 });
    const { captcha } = service({ kv, now: () => t });
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    t += 121_000;
    expect((await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, d.testAnswer as Point).pointJson }, alice)).repCode).toBe('6110');
    const { captchaVerification } = await solve(captcha, 'blockPuzzle');
    t += 179_000;
    const s2 = await solve(captcha, 'blockPuzzle');
    t += 2_000;
    expect(await captcha.verification(captchaVerification, { clientKey: alice.clientKey })).toMatchObject({ ok: false, repCode: '6110' });
    expect(await captcha.verification(s2.captchaVerification, { clientKey: alice.clientKey })).toMatchObject({ ok: true });
  });

  it('minSolveMs: an answer faster than a human fails', async () => {
    let t = 5_000_000;
    const { captcha } = service({ now: () => t, minSolveMs: 300 });
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    t += 100;
    expect((await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, d.testAnswer as Point).pointJson }, alice)).repCode).toBe('6111');
    const d2 = (await captcha.get('blockPuzzle', alice)).repData!;
    t += 800;
    expect((await captcha.check({ captchaType: 'blockPuzzle', token: d2.token, pointJson: answer(d2, d2.testAnswer as Point).pointJson }, alice)).repCode).toBe('0000');
  });
});

/** Renders nothing: for tests that only exercise limits and state. */
const stubImages: CaptchaImages = {
  backgroundCount: 1,
  glyphCount: 10,
  renderBlockPuzzle: async () => ({ background: Buffer.from('bg'), piece: Buffer.from('pc'), x: 120 }),
  renderClickWord: async () => ({ background: Buffer.from('bg'), words: ['甲', '乙', '丙'], points: [{ x: 30, y: 30 }, { x: 100, y: 60 }, { x: 200, y: 90 }], decoys: ['丁'] }),
};

describe('captcha service: limits and state', () => {
  it('get over the per-client limit → 6201, other clients unaffected', async () => {
    const { captcha } = service({ images: stubImages, limits: { getPerClient: 3 } });
    for (let i = 0; i < 3; i++) expect((await captcha.get('blockPuzzle', alice)).repCode).toBe('0000');
    expect(await captcha.get('blockPuzzle', alice)).toMatchObject({ repCode: '6201', repMsg: 'get接口请求次数超限，请稍后再试!' });
    expect((await captcha.get('blockPuzzle', bob)).repCode).toBe('0000');
  });

  it('get over the per-IP limit → 6201 even with changing User-Agents', async () => {
    const { captcha } = service({ images: stubImages, limits: { getPerIp: 5 } });
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await captcha.get('clickWord', { ip: '192.0.2.1', clientKey: clientKeyOf('192.0.2.1', `bot ${i}`) })).repCode);
    expect(codes).toEqual(['0000', '0000', '0000', '0000', '0000', '6201', '6201']);
  });

  it('check over the limit → 6204', async () => {
    const { captcha } = service({ images: stubImages, limits: { checkPerClient: 2, failPerClient: 100 } });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await captcha.check({ captchaType: 'blockPuzzle', token: 'f'.repeat(32), pointJson: 'x' }, alice)).repCode);
    expect(codes).toEqual(['6110', '6110', '6204']);
  });

  it('more than 5 failures lock the client out (6202) for get and check; the lock expires', async () => {
    let t = 9_000_000;
    const kv = createMemoryKv({ now: () => t, sweepIntervalMs: 0 });
    const { captcha } = service({ kv, now: () => t, images: stubImages });
    const wrong = async () => {
      const d = (await captcha.get('blockPuzzle', alice)).repData;
      if (!d) return 'no-get';
      return (await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, { x: 10, y: 5 }).pointJson }, alice)).repCode;
    };
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push(await wrong());
    expect(codes).toEqual(['6111', '6111', '6111', '6111', '6111', '6111', 'no-get']);
    expect(await captcha.get('blockPuzzle', alice)).toMatchObject({ repCode: '6202', repMsg: '接口验证失败数过多，请稍后再试' });
    expect((await captcha.check({ captchaType: 'blockPuzzle', token: 'a'.repeat(32), pointJson: 'x' }, alice)).repCode).toBe('6202');
    expect((await captcha.get('blockPuzzle', bob)).repCode).toBe('0000');
    t += 301_000;
    expect((await captcha.get('blockPuzzle', alice)).repCode).toBe('0000');
  });

  it('verification over the per-client limit → 6205', async () => {
    const { captcha } = service({ images: stubImages, limits: { verifyPerClient: 2 } });
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const v = await captcha.verification('nope', { clientKey: alice.clientKey });
      codes.push(v.ok ? '0000' : v.repCode);
    }
    expect(codes).toEqual(['6110', '6110', '6205']);
  });

  it('stays bounded under a flood from many IPs and never drops the newest tokens', async () => {
    const kv = createMemoryKv({ maxKeys: 2_000, sweepIntervalMs: 0 });
    const { captcha } = service({ kv, images: stubImages });
    for (let i = 0; i < 5_000; i++) {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      await captcha.get('blockPuzzle', { ip, clientKey: clientKeyOf(ip, 'flood') });
    }
    expect(kv.size).toBeLessThanOrEqual(2_000);
    // A real user arriving during the flood still gets through.
    const d = (await captcha.get('blockPuzzle', alice)).repData!;
    const res = await captcha.check({ captchaType: 'blockPuzzle', token: d.token, pointJson: answer(d, { x: 120, y: 5 }).pointJson }, alice);
    expect(res.repCode).toBe('0000');
  });
});

describe('clickWordMatches: AJ tolerance per axis, clicks normalised from the displayed size', () => {
  const centres = [
    { x: 40, y: 40 },
    { x: 150, y: 110 },
    { x: 285, y: 60 },
  ];
  it('accepts up to 25 px on each axis around every glyph centre (a corner of the box, 35 px away), not 26', () => {
    expect(clickWordMatches(centres.map((c) => ({ x: c.x + 25, y: c.y - 25 })), centres)).toBe(true);
    expect(clickWordMatches([centres[0], centres[1], { x: 285 + 26, y: 60 }], centres)).toBe(false);
  });
  it('accepts clicks taken on a 280×140 display and sent unscaled, as AJ-Captcha’s React client does', () => {
    const shown = centres.map((c) => ({ x: Math.round((c.x * 280) / 310), y: Math.round((c.y * 140) / 155) }));
    expect(shown[2].x).toBeLessThan(285 - 25); // the far glyph's click is beyond the tolerance before normalising
    expect(clickWordMatches(shown, centres)).toBe(true);
    const small = centres.map((c) => ({ x: Math.round(c.x * 0.6), y: Math.round(c.y * 0.6) }));
    expect(clickWordMatches(small, centres)).toBe(false);
  });
  it('refuses the wrong order and blind guesses (under 1 % of 5,000 random answers)', () => {
    expect(clickWordMatches([centres[1], centres[0], centres[2]], centres)).toBe(false);
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let passed = 0;
    for (let i = 0; i < 5000; i++) if (clickWordMatches([0, 1, 2].map(() => ({ x: Math.floor(rnd() * 310), y: Math.floor(rnd() * 155) })), centres)) passed++;
    expect(passed / 5000).toBeLessThan(0.01);
  });
});
