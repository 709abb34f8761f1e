/**
 * Local storage with an optional expiry (spec §3): every entry is stored as `{ value, expire }`,
 * where `expire` is an epoch-millisecond deadline or `null` (the default: no expiry).
 */
interface StoredEntry<T> {
  value: T;
  expire: number | null;
}

export interface SetOptions {
  /** Lifetime in milliseconds from now. Omit for no expiry. */
  ttlMs?: number;
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  set<T>(key: string, value: T, options: SetOptions = {}): void {
    const entry: StoredEntry<T> = {
      value,
      expire: options.ttlMs === undefined ? null : Date.now() + options.ttlMs,
    };
    try {
      backend()?.setItem(key, JSON.stringify(entry));
    } catch (err) {
      console.error('[storage] cannot write', key, err);
    }
  },

  /** The stored value, or `null` when absent, unreadable or expired (an expired entry is removed). */
  get<T>(key: string): T | null {
    const raw = backend()?.getItem(key);
    if (raw == null) return null;
    try {
      const entry = JSON.parse(raw) as Partial<StoredEntry<T>> | null;
      if (!entry || typeof entry !== 'object' || !('value' in entry)) return null;
      if (typeof entry.expire === 'number' && entry.expire <= Date.now()) {
        backend()?.removeItem(key);
        return null;
      }
      return (entry.value ?? null) as T | null;
    } catch {
      return null;
    }
  },

  remove(key: string): void {
    backend()?.removeItem(key);
  },
};

/** The storage keys of spec §3. */
export const StorageKey = {
  Token: 'token',
  SessionId: 'sessionId',
  UserInfo: 'user-info',
} as const;
