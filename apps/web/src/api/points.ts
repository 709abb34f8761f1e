import { useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  SIGN_OUT_CODES,
  type Envelope,
  type FreeTimes,
  type IntegralRecord,
  type IntegralRecordFilter,
  type IntegralRecordQuery,
  type IntegralSetting,
  type Page,
  type PaymentInformation,
  type RechargePackage,
  type TopUpListQuery,
  type TopUpOrder,
  type UserPoints,
} from '@mazhu/contracts';
import { forceSignOut, get, http, post, unwrap, type ApiResult } from './request';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';

/**
 * Points (积分): balances, free times, the costs of actions, recharge packages and the payee (public), top-up orders
 * and their transfer vouchers, the points record and its CSV export (contracts/points.ts).
 */

export const pointsKeys = {
  userPoints: ['points', 'user'] as const,
  freeTimes: ['points', 'freeTimes'] as const,
  packages: ['points', 'packages'] as const,
  payment: ['points', 'payment'] as const,
  settings: ['points', 'settings'] as const,
  orders: (q: TopUpListQuery) => ['points', 'orders', q] as const,
  ordersAll: ['points', 'orders'] as const,
  records: (q: IntegralRecordQuery) => ['points', 'records', q] as const,
};

/** While a top-up waits for review, the balances are read again this often (ms) so the nav shows the credit. */
export const PENDING_POLL_MS = 15_000;

/**
 * The signed-in user's balances, copied into the user info (the nav shows them). Re-read on window focus, and every
 * 15 s while a top-up waits for review; when a reviewed top-up raises the recharge points, says so once.
 */
export function useUserPoints() {
  const signedIn = useUserStore((s) => s.user.id > 0);
  const queryClient = useQueryClient();
  const last = useRef<UserPoints | null>(null);
  return useQuery({
    queryKey: pointsKeys.userPoints,
    queryFn: async ({ signal }) => {
      const data = unwrap(await get<UserPoints>('/api/getUserPoints', undefined, { signal, silent: true, cancelKey: false }));
      if (data) {
        const { rechargePoints, giftedPoints, currentPoints, freeTimes } = data;
        useUserStore.getState().setUser({ rechargePoints, giftedPoints, currentPoints, freeTimes });
        const prev = last.current;
        if (prev && (prev.pendingTopUps ?? 0) > (data.pendingTopUps ?? 0)) {
          if (data.rechargePoints > prev.rechargePoints) notify.success(`充值已到账：充值积分 +${data.rechargePoints - prev.rechargePoints}`);
          void queryClient.invalidateQueries({ queryKey: pointsKeys.ordersAll });
          void queryClient.invalidateQueries({ queryKey: ['points', 'records'] });
        }
        last.current = data;
      }
      return data;
    },
    enabled: signedIn,
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => ((q.state.data?.pendingTopUps ?? 0) > 0 ? PENDING_POLL_MS : false),
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

/**
 * Recharge packages on sale (public). A call that fails (network, HTTP status or an error code) is an error of the
 * query — shown with a retry — never an empty list ("no packages on sale" is only said when the server says so).
 */
export function useRechargePackages() {
  return useQuery({
    queryKey: pointsKeys.packages,
    queryFn: async ({ signal }) => {
      const res = await get<RechargePackage[]>('/api/getRechargePackage', undefined, { signal, silent: true });
      if (res === null) throw new Error('充值套餐加载失败');
      return unwrap(res) ?? [];
    },
    retry: false,
  });
}

/** The payee (public). The client never shows an error of this call (spec §8): it answers null instead. */
export function usePaymentInformation() {
  return useQuery({
    queryKey: pointsKeys.payment,
    queryFn: async ({ signal }) => {
      const res = await get<PaymentInformation>('/api/getPaymentInformation', undefined, { signal, silent: true }).catch(() => null);
      return res?.code === ApiCode.Ok ? res.data : null;
    },
    retry: false,
    staleTime: 5 * 60_000,
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

// ---- Top-up orders ------------------------------------------------------------------------------

export const addIntegralTopUp = (packageId: number) => post<TopUpOrder>('/api/addIntegralTopUp', { packageId });
export const cancelIntegralTopUp = (id: number) => post<TopUpOrder>('/api/cancelIntegralTopUp', { id });

export function useTopUpList(q: TopUpListQuery, opts: { enabled?: boolean } = {}) {
  const signedIn = useUserStore((s) => s.user.id > 0);
  return useQuery({
    queryKey: pointsKeys.orders(q),
    queryFn: async ({ signal }) => unwrap(await post<Page<TopUpOrder>>('/api/getIntegralTopUpList', q, { signal, cancelKey: false })) ?? { list: [], total: 0, page: 1, pageSize: 10 },
    enabled: signedIn && opts.enabled !== false,
    placeholderData: keepPreviousData,
    // An order under review changes state on the operator's side.
    refetchInterval: (query) => (query.state.data?.list.some((o) => o.state === 'pending_review') ? PENDING_POLL_MS : false),
  });
}

/** Invalidates orders and balances after a change of an order. */
export function useOrderChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pointsKeys.ordersAll });
    void queryClient.invalidateQueries({ queryKey: pointsKeys.userPoints });
  };
}

export function useCancelTopUp() {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await cancelIntegralTopUp(id);
      if (res?.code !== ApiCode.Ok) throw new Error(res?.msg || '取消失败');
      return res.data;
    },
    onSuccess: () => {
      notify.success('订单已取消');
      changed();
    },
  });
}

const VOUCHER_TIMEOUT_MS = 120_000;

/**
 * POST /api/uploadRechargeVoucher (multipart `orderId`, `file`, `fileName`) with upload progress in percent.
 * Shows the server's message on an error and answers the envelope (null for a non-200 HTTP status).
 */
export async function uploadRechargeVoucher(orderId: number, file: File, onProgress: (percent: number) => void): Promise<ApiResult<TopUpOrder>> {
  const form = new FormData();
  form.append('orderId', String(orderId));
  form.append('fileName', file.name);
  form.append('file', file, file.name);
  const res = await http.post<Envelope<TopUpOrder>>('/api/uploadRechargeVoucher', form, {
    timeout: VOUCHER_TIMEOUT_MS,
    onUploadProgress: (e) => {
      const total = e.total ?? file.size;
      onProgress(total ? Math.min(100, Math.round((e.loaded / total) * 100)) : 0);
    },
  });
  if (res.status === 413) {
    notify.error('文件过大，转账凭证不能超过 10 MB');
    return null;
  }
  if (res.status !== 200) {
    notify.error('上传失败，请稍后重试');
    return null;
  }
  const body = res.data;
  if (body.code !== ApiCode.Ok) {
    notify.error(body.msg || '上传失败');
    if (SIGN_OUT_CODES.includes(body.code)) forceSignOut();
  }
  return body;
}

/** The voucher of one of the user's orders (or what `path` answers for it) as a Blob, or null with a message shown. */
export async function fetchVoucher(id: number, path = '/api/getRechargeVoucher', client = http): Promise<Blob | null> {
  const res = await client.get<Blob>(path, { params: { id }, responseType: 'blob' });
  if (res.status !== 200 || String(res.headers['content-type'] ?? '').includes('application/json')) {
    notify.error('凭证读取失败，请稍后重试');
    return null;
  }
  return res.data;
}

/** fetchVoucher as an object URL (revoke it when done), or null. */
export async function fetchVoucherUrl(id: number, path = '/api/getRechargeVoucher', client = http): Promise<string | null> {
  const blob = await fetchVoucher(id, path, client);
  return blob && URL.createObjectURL(blob);
}

// ---- Points record ----------------------------------------------------------------------------

export function useIntegralRecord(q: IntegralRecordQuery) {
  const signedIn = useUserStore((s) => s.user.id > 0);
  return useQuery({
    queryKey: pointsKeys.records(q),
    queryFn: async ({ signal }) => unwrap(await post<Page<IntegralRecord>>('/api/getIntegralRecord', q, { signal })) ?? { list: [], total: 0, page: 1, pageSize: 10 },
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the points record as CSV (积分记录_<from>_<to>.csv) with the session headers. Resolves whether it worked. */
export async function exportIntegralRecord(f: IntegralRecordFilter, save: (blob: Blob, name: string) => void): Promise<boolean> {
  const res = await http.get<Blob>('/api/exportIntegralRecord', { params: f, responseType: 'blob' });
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 200 || !type.startsWith('text/csv')) {
    let msg = '导出失败，请稍后重试';
    if (type.includes('application/json')) {
      const body = JSON.parse(await res.data.text()) as Envelope<unknown>;
      if (SIGN_OUT_CODES.includes(body.code)) forceSignOut();
      msg = body.msg || msg;
    }
    notify.error(msg);
    return false;
  }
  save(res.data, `积分记录${f.from || f.to ? `_${f.from ?? ''}_${f.to ?? ''}` : ''}.csv`);
  return true;
}
