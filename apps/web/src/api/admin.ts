import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  type AdjustPointsRequest,
  type AdminDashboard,
  type AdminJobRow,
  type AdminLoginAnswer,
  type AdminLoginRequest,
  type AdminProjectDetails,
  type AdminSettingItem,
  type AdminUserDetails,
  type AdminUserQuery,
  type AdminUserRow,
  type AgreementVersion,
  type AgreementVersionInput,
  type AuditEntry,
  type AuditQuery,
  type CaseInput,
  type CaseType,
  type CommonProblem,
  type ContentKind,
  type FaqInput,
  type Notice,
  type NoticeInput,
  type OperatorInfo,
  type OperatorRole,
  type Page,
  type PlatformType,
  type SetUserDisabledRequest,
  type SoftwareCase,
} from '@mazhu/contracts';
import { navigateTo } from '@/utils/navigation';
import { notify } from '@/utils/notify';
import { ApiError, createApiClient, unwrap, type ApiResult } from './request';
import { useAdminSession } from './admin-session';

/**
 * The back office's request client: the same envelope handling as the user site (one message at a time, error
 * `msg` shown), but it sends the operator's token, and 302/304/305 end the operator session and go to
 * /admin/login. Feature calls of the back office are built on `adminGet` / `adminPost` / `adminUpload`.
 */
export const ADMIN_LOGIN_PATH = '/admin/login';

export function endAdminSession(): void {
  useAdminSession.getState().clear();
  navigateTo(ADMIN_LOGIN_PATH, { replace: true });
}

const client = createApiClient({ credentials: () => useAdminSession.getState(), onSignOut: endAdminSession });
export const adminHttp = client.http;
export const adminGet = client.get;
export const adminPost = client.post;
export const adminUpload = client.upload;
export { unwrap };

export const adminLogin = (payload: AdminLoginRequest) => adminPost<AdminLoginAnswer>('/api/adminLogin', payload);

export interface AdminMe {
  id: number;
  username: string;
  role: OperatorRole;
  roleLabel: string;
}

export const adminKeys = {
  me: ['admin', 'me'] as const,
  audit: (q: Partial<AuditQuery>) => ['admin', 'audit', q] as const,
};

/** The signed-in operator, fresh from the server (also refreshes the stored role). */
export function useAdminMe() {
  const token = useAdminSession((s) => s.token);
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: async ({ signal }) => {
      const me = unwrap(await adminGet<AdminMe>('/api/admin/me', undefined, { signal }));
      const s = useAdminSession.getState();
      if (me && s.token) s.signIn(s.token, s.sessionId, { id: me.id, username: me.username, role: me.role });
      return me;
    },
    enabled: Boolean(token),
    retry: false,
  });
}

/** The audit trail (管理员). */
export function useAuditTrail(q: Partial<AuditQuery>) {
  return useQuery({
    queryKey: adminKeys.audit(q),
    queryFn: async ({ signal }) => unwrap(await adminGet<Page<AuditEntry>>('/api/admin/audit', q, { signal, cancelKey: false })),
  });
}

// ───────────────────────────── Feature calls of the back office ─────────────────────────────

/** Runs a write; on success shows its message and refreshes the given query keys. Returns whether it worked. */
export function useAdminMutation<TInput, TData = unknown>(call: (input: TInput) => Promise<ApiResult<TData>>, invalidate: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => {
      const res = await call(input);
      if (res?.code !== ApiCode.Ok) throw new ApiError(res?.code ?? 0, res?.msg ?? '');
      return res;
    },
    onSuccess: async (res) => {
      if (res.msg) notify.success(res.msg);
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

function useAdminQuery<T>(key: readonly unknown[], url: string, params?: object) {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => unwrap(await adminGet<T>(url, params, { signal, cancelKey: false })),
    retry: false,
    staleTime: 0,
  });
}

export const adminData = {
  dashboard: ['admin', 'dashboard'] as const,
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  jobs: ['admin', 'jobs'] as const,
  project: (id: number) => ['admin', 'project', id] as const,
  operators: ['admin', 'operators'] as const,
  settings: ['admin', 'settings'] as const,
  notices: ['admin', 'notices'] as const,
  faqs: ['admin', 'faqs'] as const,
  agreements: (type: number) => ['admin', 'agreements', type] as const,
  cases: ['admin', 'cases'] as const,
  caseTypes: ['admin', 'caseTypes'] as const,
  platformTypes: ['admin', 'platformTypes'] as const,
};

export const useDashboard = () => useAdminQuery<AdminDashboard>(adminData.dashboard, '/api/admin/dashboard');
export const useAdminUsers = (q: Partial<AdminUserQuery>) => useAdminQuery<Page<AdminUserRow>>([...adminData.users, q], '/api/admin/users', q);
export const useAdminUser = (id: number) => useAdminQuery<AdminUserDetails>(adminData.user(id), '/api/admin/user', { id });
export const useAdminJobs = (q: { page: number; pageSize: number; state?: string }) => useAdminQuery<Page<AdminJobRow>>([...adminData.jobs, q], '/api/admin/jobs', q);
export const useAdminProject = (id: number) => useAdminQuery<AdminProjectDetails>(adminData.project(id), '/api/admin/project', { id });
export const useOperators = () => useAdminQuery<OperatorInfo[]>(adminData.operators, '/api/admin/operators');
export const useAdminSettings = () => useAdminQuery<AdminSettingItem[]>(adminData.settings, '/api/admin/settings');
export const useAdminNotices = (q: { page: number; pageSize: number; keyword?: string }) => useAdminQuery<Page<Notice & { sort: number }>>([...adminData.notices, q], '/api/admin/content/notices', q);
export const useAdminFaqs = () => useAdminQuery<CommonProblem[]>(adminData.faqs, '/api/getCommonProblem');
export const useAgreementVersions = (type: number) => useAdminQuery<AgreementVersion[]>(adminData.agreements(type), '/api/admin/content/agreements', { type });
export const useAdminCases = (q: { page: number; pageSize: number; keyword?: string }) => useAdminQuery<Page<SoftwareCase>>([...adminData.cases, q], '/api/getPrototypeCaseList', q);
export const useAdminCaseTypes = () => useAdminQuery<CaseType[]>(adminData.caseTypes, '/api/getCaseType');
export const useAdminPlatformTypes = () => useAdminQuery<PlatformType[]>(adminData.platformTypes, '/api/getPlatformType');

export const adminCalls = {
  setUserDisabled: (body: SetUserDisabledRequest) => adminPost<{ sessionsEnded: number }>('/api/admin/setUserDisabled', body),
  /** The points economy's manual adjustment (a ledger row with the operator's reason). */
  adjustPoints: (body: AdjustPointsRequest) => adminPost<unknown>('/api/admin/users/adjustPoints', body),
  setUserRole: (body: { userId: number; role: 1 | 2 }) => adminPost<{ invitationCode: string }>('/api/admin/setUserRole', body),
  retryJob: (id: number) => adminPost<unknown>('/api/admin/retryJob', { id }),
  addOperator: (body: { username: string; password: string; role: OperatorRole }) => adminPost<unknown>('/api/addAdmin', body),
  editOperator: (body: { id: number; role?: OperatorRole; password?: string; dailyApprovalLimit?: number | null }) => adminPost<unknown>('/api/admin/editOperator', body),
  deleteOperator: (id: number) => adminGet<null>('/api/delAdmin', { id }),
  saveSetting: (body: { key: string; value: unknown }) => adminPost<AdminSettingItem>('/api/admin/settings', body),
  saveNotice: (body: NoticeInput) => adminPost<{ id: number }>('/api/admin/content/notice', body),
  saveFaq: (body: FaqInput) => adminPost<{ id: number }>('/api/admin/content/faq', body),
  publishAgreement: (body: AgreementVersionInput) => adminPost<{ id: number }>('/api/admin/content/agreement', body),
  saveCase: (body: CaseInput) => adminPost<{ id: number }>('/api/admin/content/case', body),
  saveCaseType: (body: { id?: number; name: string; sort?: number }) => adminPost<{ id: number }>('/api/admin/content/caseType', body),
  savePlatformType: (body: { id?: number; name: string; description?: string; sort?: number }) => adminPost<{ id: number }>('/api/admin/content/platformType', body),
  deleteContent: (body: { kind: (typeof ContentKind)[number]; id: number }) => adminGet<null>('/api/admin/content/delete', body),
};
