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
import { fetchVoucher, fetchVoucherUrl } from './points';
import { saveBlob } from './projects';

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

/** Approves an order; `reason` is the reviewer's note, required when the voucher matches another order's. */
export const approveTopUp = (id: number, reason?: string) => adminPost<AdminTopUpOrder>('/api/admin/topups/approve', { id, ...(reason ? { reason } : {}) }, { cancelKey: `approve:${id}` });
export const rejectTopUp = (req: RejectTopUpRequest) => adminPost<AdminTopUpOrder>('/api/admin/topups/reject', req);
/**
 * What the review shows of a voucher, as an object URL (the call needs the operator's headers, so it cannot be a plain
 * link): the image, or page 1 of a PDF drawn by the server — the PDF itself is never opened in the back office.
 */
export const adminVoucherPictureUrl = (id: number) => fetchVoucherUrl(id, '/api/admin/topups/voucherPicture', adminHttp);

/** Saves the voucher file as the user uploaded it (`<orderNo>-转账凭证.<ext>`). */
export async function downloadAdminVoucher(o: AdminTopUpOrder): Promise<void> {
  const blob = await fetchVoucher(o.id, '/api/admin/topups/voucher', adminHttp);
  if (blob) saveBlob(blob, `${o.orderNo}-转账凭证.${o.voucher?.mime === 'application/pdf' ? 'pdf' : o.voucher?.mime === 'image/png' ? 'png' : 'jpg'}`);
}

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
