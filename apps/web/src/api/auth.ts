import {
  ApiCode,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type SendCodeRequest,
  type UserInfo,
} from '@mazhu/contracts';
import { get, post, upload } from './request';
import { useUserStore } from '@/stores/user';
import { navigateTo } from '@/utils/navigation';

/** Account calls (spec §3, §4, §7). Paths for login/register/logout are the ones chosen in the contracts. */

export interface SendCodeResult {
  type: 'phone' | 'email';
  time: number;
}

export const login = (payload: LoginRequest) => post<LoginResponse>('/api/login', payload);
export const register = (payload: RegisterRequest) => post<null>('/api/register', payload);
export const sendCode = (payload: SendCodeRequest) => upload<SendCodeResult>('/api/sendCodeByVerification', { ...payload });
export const logoutCall = () => post<null>('/api/logout');
export const clearCache = () => get<null>('/api/clearCache');
export const getAdminDetails = (id: number) => get<UserInfo | null>('/api/getAdminDetails', { id });

/**
 * Refreshes the user info by id (spec §4). A 200 with no data means the session is invalid:
 * clear the server cache, clear storage, reset and go to /. A failure is only logged.
 */
export async function refreshUserInfo(id = useUserStore.getState().user.id): Promise<void> {
  if (!id) return;
  try {
    const res = await getAdminDetails(id);
    if (!res) return;
    if (res.code === ApiCode.Ok) {
      if (res.data) {
        useUserStore.getState().setUser(res.data);
      } else {
        await clearCache().catch((err: unknown) => console.error('[auth] clearCache failed', err));
        useUserStore.getState().clear();
        navigateTo('/', { replace: true });
      }
    }
  } catch (err) {
    console.error('[auth] cannot refresh user info', err);
  }
}

/** Logs out (spec §4): on 200 clear the session and go to /; returns whether it worked. */
export async function logout(): Promise<boolean> {
  try {
    const res = await logoutCall();
    if (res?.code === ApiCode.Ok) {
      useUserStore.getState().clear();
      navigateTo('/', { replace: true });
      return true;
    }
  } catch (err) {
    console.error('[auth] logout failed', err);
  }
  return false;
}
