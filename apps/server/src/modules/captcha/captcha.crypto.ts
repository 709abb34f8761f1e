import { createCipheriv, createDecipheriv, createHash, randomInt, randomUUID } from 'node:crypto';

/**
 * AJ-Captcha crypto (protocol §3, `util/AESUtil.java`, `ase.js`): AES/ECB/PKCS5Padding keyed with the UTF-8
 * bytes of the 16-character `secretKey` (AES-128), no IV, standard base64 output. Equals CryptoJS
 * `AES.encrypt(Utf8.parse(text), Utf8.parse(key), { mode: ECB, padding: Pkcs7 })`. Obfuscation only: the key
 * travels in the /captcha/get answer.
 */
export function aesEncrypt(plaintext: string, secretKey: string): string {
  const cipher = createCipheriv(aesAlgorithm(secretKey), Buffer.from(secretKey, 'utf8'), null);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * Inverse of `aesEncrypt`. Throws on a wrong key, bad padding or bad base64 (the caller answers 0001);
 * never returns garbage silently because PKCS7 padding is checked.
 */
export function aesDecrypt(base64: string, secretKey: string): string {
  const decipher = createDecipheriv(aesAlgorithm(secretKey), Buffer.from(secretKey, 'utf8'), null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

function aesAlgorithm(secretKey: string): string {
  const bytes = Buffer.byteLength(secretKey, 'utf8');
  if (bytes === 16) return 'aes-128-ecb';
  if (bytes === 24) return 'aes-192-ecb';
  if (bytes === 32) return 'aes-256-ecb';
  throw new RangeError(`AES key must be 16, 24 or 32 bytes, got ${bytes}`);
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 16-character `[A-Za-z0-9]` secretKey from the CSPRNG (AJ uses java.util.Random). */
export function randomSecretKey(): string {
  let key = '';
  for (let i = 0; i < 16; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/** A captcha token: 32 lowercase hex characters, a UUIDv4 without dashes (AJ `RandomUtils.getUUID`). */
export function newToken(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * `captchaVerification` as AJ clients build it (protocol §3): `AES(token + "---" + P)` with the exact
 * plaintext P the client encrypted as pointJson, or the plain concatenation when there is no key.
 */
export function buildCaptchaVerification(token: string, pointPlaintext: string, secretKey: string | null): string {
  const plain = `${token}---${pointPlaintext}`;
  return secretKey ? aesEncrypt(plain, secretKey) : plain;
}

/** SHA-256 hex, for short fixed-length store keys and client keys. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
