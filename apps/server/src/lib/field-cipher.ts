import crypto from 'node:crypto';

/**
 * Encryption at rest of personal data held in database columns (identity numbers of copyright owners, contract
 * parties): AES-256-GCM with a random 96-bit IV per value and the 128-bit tag; the text stored is
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). A keyed blind index (HMAC-SHA256 with a key derived from the same
 * secret by HKDF) lets a user's owners be found by their exact number without decrypting every row.
 *
 * The 32-byte key comes from `DATA_ENCRYPTION_KEY` (config.ts); without it a fixed development key is used, which
 * production refuses. Losing the key makes the stored numbers unreadable: back it up with the database.
 */
export interface FieldCipher {
  encrypt(plain: string): string;
  /** Throws `FieldCipherError` when the text was not written with this key or was altered. */
  decrypt(stored: string): string;
  /** Deterministic keyed hash (hex) for equality lookups; never reversible. */
  blindIndex(plain: string): string;
}

export class FieldCipherError extends Error {}

const b64 = (b: Buffer) => b.toString('base64url');

/** Builds the cipher from a 32-byte key. */
export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new FieldCipherError('加密密钥必须为 32 字节');
  const indexKey = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'mazhu blind index v1', 32));
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return `v1:${b64(iv)}:${b64(c.getAuthTag())}:${b64(ct)}`;
    },
    decrypt(stored) {
      const [v, iv, tag, ct] = stored.split(':');
      if (v !== 'v1' || !iv || !tag || ct === undefined) throw new FieldCipherError('加密数据格式无效');
      try {
        const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
      } catch {
        throw new FieldCipherError('加密数据无法解密（密钥不符或数据被改动）');
      }
    },
    blindIndex(plain) {
      return crypto.createHmac('sha256', indexKey).update(plain, 'utf8').digest('hex');
    },
  };
}

/** The development key used when DATA_ENCRYPTION_KEY is unset (refused in production by config.ts). */
export const DEV_ENCRYPTION_KEY = crypto.createHash('sha256').update('mazhu development key — not for production').digest();

/**
 * Parses a 32-byte key given as 64 hex characters or as base64 (44 characters with padding, or 43 without).
 * Returns undefined for anything else.
 */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return b.length === 32 ? b : undefined;
  }
  return undefined;
}
