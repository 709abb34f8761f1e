import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { EMPTY_USER } from '@mazhu/contracts';
import { http } from './request';
import { logout, refreshUserInfo } from './auth';
import { useUserStore } from '@/stores/user';
import { setNavigator } from '@/utils/navigation';

const calls: string[] = [];
let answers: Record<string, unknown> = {};

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  calls.push(`${config.method?.toUpperCase()} ${config.url}`);
  return { data: answers[config.url ?? ''] ?? { code: 200, msg: '', data: null }, status: 200, statusText: '', headers: {}, config };
};

describe('session lifecycle', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    http.defaults.adapter = adapter;
    calls.length = 0;
    answers = {};
    localStorage.clear();
    navigate.mockReset();
    setNavigator(navigate);
    useUserStore.getState().clear();
    useUserStore.getState().setSession('tok', 'sess');
    useUserStore.getState().setUser({ id: 12, name: '旧名字' });
  });

  it('refreshes the user info by id', async () => {
    answers['/api/getAdminDetails'] = { code: 200, msg: '', data: { ...EMPTY_USER, id: 12, name: '新名字', rechargePoints: 30, giftedPoints: 5 } };
    await refreshUserInfo();
    expect(useUserStore.getState().user).toMatchObject({ id: 12, name: '新名字', rechargePoints: 30, giftedPoints: 5 });
    expect(JSON.parse(localStorage.getItem('user-info')!).value.name).toBe('新名字');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('200 with no data: clears the server cache, the storage and the user, and goes to /', async () => {
    answers['/api/getAdminDetails'] = { code: 200, msg: '', data: null };
    await refreshUserInfo();
    expect(calls).toEqual(['GET /api/getAdminDetails', 'GET /api/clearCache']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
    expect(useUserStore.getState().user).toEqual(EMPTY_USER);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('does nothing without a stored user id', async () => {
    useUserStore.getState().clear();
    await refreshUserInfo();
    expect(calls).toEqual([]);
  });

  it('logout: on 200 clears the session and goes to /', async () => {
    await expect(logout()).resolves.toBe(true);
    expect(calls).toEqual(['POST /api/logout']);
    expect(useUserStore.getState().user.id).toBe(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('logout: another code keeps the session (the menu then shows 退出失败，请重试)', async () => {
    answers['/api/logout'] = { code: 500, msg: '', data: null };
    await expect(logout()).resolves.toBe(false);
    expect(useUserStore.getState().user.id).toBe(12);
    expect(navigate).not.toHaveBeenCalled();
  });
});
