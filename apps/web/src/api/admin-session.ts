import { create } from 'zustand';
import type { OperatorRole } from '@mazhu/contracts';
import { storage } from '@/utils/storage';

/**
 * The operator's back-office session, kept apart from the user's (other storage keys, other store): signing in
 * to /admin never touches the user's token, and a user's sign-out never ends the operator's session.
 */
export interface AdminOperator {
  id: number;
  username: string;
  role: OperatorRole;
}

export const AdminStorageKey = {
  Token: 'admin-token',
  SessionId: 'admin-session-id',
  Operator: 'admin-operator',
} as const;

export interface AdminSessionState {
  token: string;
  sessionId: string;
  operator: AdminOperator | null;
  signIn: (token: string, sessionId: string, operator: AdminOperator) => void;
  clear: () => void;
}

export const useAdminSession = create<AdminSessionState>()((set) => ({
  token: storage.get<string>(AdminStorageKey.Token) ?? '',
  sessionId: storage.get<string>(AdminStorageKey.SessionId) ?? '',
  operator: storage.get<AdminOperator>(AdminStorageKey.Operator),
  signIn: (token, sessionId, operator) => {
    storage.set(AdminStorageKey.Token, token);
    storage.set(AdminStorageKey.SessionId, sessionId);
    storage.set(AdminStorageKey.Operator, operator);
    set({ token, sessionId, operator });
  },
  clear: () => {
    storage.remove(AdminStorageKey.Token);
    storage.remove(AdminStorageKey.SessionId);
    storage.remove(AdminStorageKey.Operator);
    set({ token: '', sessionId: '', operator: null });
  },
}));
