import { describe, expect, it } from 'vitest';
import { encodeAnswer } from './captcha-crypto';
import { clampDrag, clickPoint, clickPrompt, clientUid, sliderPoint, stripWidth, successText } from './captcha-math';

describe('captcha geometry (AJ client rules)', () => {
  it('draws the 47-px strip at floor(W·47/310)', () => {
    expect(stripWidth(310)).toBe(47);
    expect(stripWidth(330)).toBe(50);
  });

  it('normalises the drag to 310 width like the Vue client, y always 5', () => {
    expect(sliderPoint(150, 310)).toEqual({ x: 150, y: 5 });
    expect(sliderPoint(150.7, 330)).toEqual({ x: (150 * 310) / 330, y: 5 });
    expect(JSON.stringify(sliderPoint(160, 330))).toBe('{"x":150.3030303030303,"y":5}');
  });

  it('keeps the handle inside the bar', () => {
    expect(clampDrag(-20, 310)).toBe(0);
    expect(clampDrag(999, 310)).toBe(260);
    expect(clampDrag(999, 330)).toBe(280);
  });

  it('scales click points to 310×155 and rounds them', () => {
    expect(clickPoint(165, 77, 330, 155)).toEqual({ x: 155, y: 77 });
    expect(clickPoint(100.4, 50.6, 310, 155)).toEqual({ x: 100, y: 51 });
  });

  it('formats the texts of spec §4', () => {
    expect(successText(1234)).toBe('1.23s 验证成功');
    expect(clickPrompt(['码', '著', '云'])).toBe('请依次点击【码,著,云】');
  });

  it('keeps one clientUid per kind in localStorage', () => {
    const a = clientUid('slider');
    expect(a).toMatch(/^slider-/);
    expect(clientUid('slider')).toBe(a);
    expect(clientUid('point')).toMatch(/^point-/);
  });
});

describe('captcha crypto (protocol §3 test vectors, CryptoJS)', () => {
  it('encrypts pointJson and captchaVerification with the secretKey', () => {
    expect(encodeAnswer('71dd26999e314f9abb0c635336976635', '{"x":150,"y":5}', 'aBcDeFgHiJkLmNoP')).toEqual({
      pointJson: 'hIT1ZmQODpA9VNS2rs+9Aw==',
      captchaVerification: 'WP5uYVo/tCz0fOnWc76CFFjYr+fjmEqvA2A1dEQ5G4BGlg3klTQmHkmfHyUfDxlODG/pHb8Gra6UNnxvMJdC3g==',
    });
  });

  it('sends plaintext when the server gives no key', () => {
    expect(encodeAnswer('t', '{"x":1,"y":5}', null)).toEqual({ pointJson: '{"x":1,"y":5}', captchaVerification: 't---{"x":1,"y":5}' });
  });
});
