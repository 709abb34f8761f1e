import { describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, buildCaptchaVerification, newToken, randomSecretKey } from './captcha.crypto';

describe('AJ-Captcha crypto (protocol §3 test vectors)', () => {
  it('encrypts pointJson like CryptoJS ECB/Pkcs7', () => {
    expect(aesEncrypt('{"x":150,"y":5}', 'aBcDeFgHiJkLmNoP')).toBe('hIT1ZmQODpA9VNS2rs+9Aw==');
  });

  it('builds captchaVerification from token + "---" + the exact plaintext', () => {
    expect(buildCaptchaVerification('71dd26999e314f9abb0c635336976635', '{"x":150,"y":5}', 'aBcDeFgHiJkLmNoP')).toBe(
      'WP5uYVo/tCz0fOnWc76CFFjYr+fjmEqvA2A1dEQ5G4BGlg3klTQmHkmfHyUfDxlODG/pHb8Gra6UNnxvMJdC3g==',
    );
    expect(buildCaptchaVerification('t', '{"x":1}', null)).toBe('t---{"x":1}');
  });

  it('decrypts what it encrypts and refuses a wrong key', () => {
    const key = randomSecretKey();
    expect(aesDecrypt(aesEncrypt('[{"x":1,"y":2}]', key), key)).toBe('[{"x":1,"y":2}]');
    expect(() => aesDecrypt('hIT1ZmQODpA9VNS2rs+9Aw==', 'AAAAAAAAAAAAAAAA')).toThrow();
  });

  it('makes 16-character alphanumeric keys and 32-hex tokens', () => {
    expect(randomSecretKey()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(newToken()).toMatch(/^[0-9a-f]{32}$/);
  });
});
