import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustPointsRequest,
  AdjustPointsResult,
  AdminTopUpListQuery,
  AdminTopUpOrder,
  InvitationReward,
  Page,
  PaymentInformation,
  RechargePackage,
  RejectTopUpRequest,
  SavePackageRequest,
  SavePaymentInformation,
} from '@mazhu/contracts';
import { adminGet, adminHttp, adminPost, unwrap } from './admin';
import { fetchVoucherUrl } from './points';

/** The back office of the points economy (contracts/points.ts, /api/admin/…): review queue, packages, payee, adjustments. */

export const adminPointsKeys = {
  topups: (q: AdminTopUpListQuery) => ['admin', 'topups', q] as const,
  topupsAll: ['admin', 'topups'] as const,
  packages: ['admin', 'packages'] as const,
  payment: ['admin', 'payment'] as const,
  invitation: ['admin', 'invitation'] as const,
};

export function useAdminTopUps(q: AdminTopUpListQuery) {
  return useQuery({
    queryKey: adminPointsKeys.topups(q),
    queryFn: async ({ signal }) => unwrap(await adminPost<Page<AdminTopUpOrder>>('/api/admin/topups/list', q, { signal, cancelKey: false })) ?? { list: [], total: 0, page: 1, pageSize: 10 },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export const approveTopUp = (id: number) => adminPost<AdminTopUpOrder>('/api/admin/topups/approve', { id }, { cancelKey: `approve:${id}` });
export const rejectTopUp = (req: RejectTopUpRequest) => adminPost<AdminTopUpOrder>('/api/admin/topups/reject', req);
/** The voucher as an object URL (the call needs the operator's headers, so it cannot be a plain link). */
export const adminVoucherUrl = (id: number) => fetchVoucherUrl(id, '/api/admin/topups/voucher', adminHttp);

export function useAdminPackages() {
  return useQuery({ queryKey: adminPointsKeys.packages, queryFn: async ({ signal }) => unwrap(await adminGet<RechargePackage[]>('/api/admin/packages', undefined, { signal })) ?? [] });
}
export const savePackage = (req: SavePackageRequest) => adminPost<RechargePackage>('/api/admin/packages/save', req);

export function useAdminPayment() {
  return useQuery({ queryKey: adminPointsKeys.payment, queryFn: async ({ signal }) => unwrap(await adminGet<PaymentInformation>('/api/admin/paymentInformation', undefined, { signal })) });
}
export const savePayment = (req: SavePaymentInformation) => adminPost<PaymentInformation>('/api/admin/paymentInformation', req);

export function useAdminInvitation() {
  return useQuery({ queryKey: adminPointsKeys.invitation, queryFn: async ({ signal }) => unwrap(await adminGet<InvitationReward>('/api/admin/invitationReward', undefined, { signal })) });
}
export const saveInvitation = (req: InvitationReward) => adminPost<InvitationReward>('/api/admin/invitationReward', req);

export const adjustPoints = (req: AdjustPointsRequest) => adminPost<AdjustPointsResult>('/api/admin/users/adjustPoints', req);

export function useInvalidateAdminPoints() {
  const qc = useQueryClient();
  return (key: readonly string[]) => void qc.invalidateQueries({ queryKey: key });
}
