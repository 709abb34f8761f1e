import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage, StorageKey } from './storage';

describe('storage with optional expiry', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('stores a value without expiry by default, as { value, expire: null }', () => {
    storage.set(StorageKey.Token, 'abc');
    expect(JSON.parse(localStorage.getItem('token')!)).toEqual({ value: 'abc', expire: null });
    expect(storage.get<string>('token')).toBe('abc');
  });

  it('keeps objects intact', () => {
    storage.set(StorageKey.UserInfo, { id: 7, name: '张三' });
    expect(storage.get(StorageKey.UserInfo)).toEqual({ id: 7, name: '张三' });
  });

  it('returns null and removes the entry once it has expired', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T00:00:00Z'));
    storage.set(StorageKey.SessionId, 's1', { ttlMs: 1000 });
    expect(storage.get('sessionId')).toBe('s1');
    vi.setSystemTime(new Date('2026-11-21T00:00:01.001Z'));
    expect(storage.get('sessionId')).toBeNull();
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('treats missing or unreadable entries as absent', () => {
    expect(storage.get('token')).toBeNull();
    localStorage.setItem('token', 'not json');
    expect(storage.get('token')).toBeNull();
  });

  it('removes an entry', () => {
    storage.set('token', 'x');
    storage.remove('token');
    expect(storage.get('token')).toBeNull();
  });
});
