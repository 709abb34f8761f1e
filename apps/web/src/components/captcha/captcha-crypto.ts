import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

/**
 * AES-ECB-PKCS7 with the UTF-8 bytes of the 16-character `secretKey` from /captcha/get, base64 out
 * (spec §7; AJ-Captcha `utils/ase.js`). Obfuscation, not secrecy: the server sent the key.
 */
export function aesEncrypt(plaintext: string, secretKey: string): string {
  return AES.encrypt(Utf8.parse(plaintext), Utf8.parse(secretKey), { mode: ECB, padding: Pkcs7 }).toString();
}

/**
 * The answer as sent to /captcha/check and the `captchaVerification` handed to the business call:
 * pointJson = secretKey ? AES(P) : P and captchaVerification = secretKey ? AES(token + '---' + P) : token + '---' + P,
 * with P the exact JSON string (protocol §3).
 */
export function encodeAnswer(token: string, plaintext: string, secretKey: string | null | undefined): { pointJson: string; captchaVerification: string } {
  const verification = `${token}---${plaintext}`;
  return secretKey
    ? { pointJson: aesEncrypt(plaintext, secretKey), captchaVerification: aesEncrypt(verification, secretKey) }
    : { pointJson: plaintext, captchaVerification: verification };
}
