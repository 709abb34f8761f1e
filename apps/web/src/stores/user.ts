import { create } from 'zustand';
import { EMPTY_USER, type UserInfo } from '@mazhu/contracts';
import { storage, StorageKey } from '@/utils/storage';

/**
 * The signed-in user (spec §3, §4). Token, sessionId and user info are persisted in local storage
 * under the keys `token`, `sessionId` and `user-info`, each without expiry by default.
 * Signed out means `user.id` is 0.
 */
export interface UserState {
  token: string;
  sessionId: string;
  user: UserInfo;
  setSession: (token: string, sessionId: string) => void;
  /** Merges the given fields into the user info (e.g. a fresh admin-details answer). */
  setUser: (info: Partial<UserInfo>) => void;
  /** Removes token, sessionId and user info from storage and resets the state. */
  clear: () => void;
}

function loadUser(): UserInfo {
  const stored = storage.get<Partial<UserInfo>>(StorageKey.UserInfo);
  return { ...EMPTY_USER, ...(stored ?? {}) };
}

export const useUserStore = create<UserState>()((set, get) => ({
  token: storage.get<string>(StorageKey.Token) ?? '',
  sessionId: storage.get<string>(StorageKey.SessionId) ?? '',
  user: loadUser(),
  setSession: (token, sessionId) => {
    storage.set(StorageKey.Token, token);
    storage.set(StorageKey.SessionId, sessionId);
    set({ token, sessionId });
  },
  setUser: (info) => {
    const user = { ...get().user, ...pickUserFields(info) };
    storage.set(StorageKey.UserInfo, user);
    set({ user });
  },
  clear: () => {
    storage.remove(StorageKey.Token);
    storage.remove(StorageKey.SessionId);
    storage.remove(StorageKey.UserInfo);
    set({ token: '', sessionId: '', user: { ...EMPTY_USER } });
  },
}));

/** Keeps only the user-info fields of spec §3 (the server may send more). */
function pickUserFields(info: Partial<UserInfo>): Partial<UserInfo> {
  const out: Partial<UserInfo> = {};
  for (const key of Object.keys(EMPTY_USER) as (keyof UserInfo)[]) {
    if (info[key] !== undefined && info[key] !== null) (out as Record<string, unknown>)[key] = info[key];
  }
  return out;
}

export const selectSignedIn = (s: UserState): boolean => s.user.id > 0;
