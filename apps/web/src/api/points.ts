import { useQuery } from '@tanstack/react-query';
import type { FreeTimes, IntegralSetting, UserPoints } from '@mazhu/contracts';
import { get, unwrap } from './request';
import { useUserStore } from '@/stores/user';

/**
 * Points (积分): balances, free times, recharge packages and the points settings (contracts/points.ts).
 * Recharge packages are not in the contracts yet, so that answer is read defensively; the pages show an
 * empty state when a call is missing or returns nothing.
 */

export interface RechargePackage {
  id: number;
  name?: string;
  points?: number;
  giftedPoints?: number;
  price?: number | string;
  description?: string;
}

export const pointsKeys = {
  userPoints: ['points', 'user'] as const,
  freeTimes: ['points', 'freeTimes'] as const,
  packages: ['points', 'packages'] as const,
  settings: ['points', 'settings'] as const,
};

export function useUserPoints() {
  const signedIn = useUserStore((s) => s.user.id > 0);
  return useQuery({
    queryKey: pointsKeys.userPoints,
    queryFn: async ({ signal }) => {
      const data = unwrap(await get<UserPoints>('/api/getUserPoints', undefined, { signal, silent: true }));
      if (data) useUserStore.getState().setUser(data);
      return data;
    },
    enabled: signedIn,
    retry: false,
  });
}

export function useFreeTimes() {
  const signedIn = useUserStore((s) => s.user.id > 0);
  return useQuery({
    queryKey: pointsKeys.freeTimes,
    queryFn: async ({ signal }) => {
      const data = unwrap(await get<FreeTimes>('/api/getFreeTimes', undefined, { signal, silent: true }));
      if (data) useUserStore.getState().setUser({ freeTimes: data.freeTimes });
      return data;
    },
    enabled: signedIn,
    retry: false,
  });
}

/** Recharge packages: a list, or `{ list }`; anything else counts as none. */
export function useRechargePackages() {
  return useQuery({
    queryKey: pointsKeys.packages,
    queryFn: async ({ signal }) => {
      const data = unwrap(await get<unknown>('/api/getRechargePackage', undefined, { signal, silent: true }));
      if (Array.isArray(data)) return data as RechargePackage[];
      if (data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list)) {
        return (data as { list: RechargePackage[] }).list;
      }
      return [];
    },
    retry: false,
  });
}

/** What each action costs (积分消耗规则); public. */
export function useIntegralSetting() {
  return useQuery({
    queryKey: pointsKeys.settings,
    queryFn: async ({ signal }) => unwrap(await get<IntegralSetting>('/api/getIntegralSetting', undefined, { signal, silent: true })),
    retry: false,
    staleTime: 10 * 60_000,
  });
}
