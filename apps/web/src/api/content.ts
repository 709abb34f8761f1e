import { useQuery } from '@tanstack/react-query';
import type { Agreement, CaseType, CommonProblem, Notice, Page, PlatformType, SoftwareCase } from '@mazhu/contracts';
import { get, unwrap } from './request';

/** Public content: notices (政策库), FAQ (使用指南), agreements, cases, platform types. */
export const contentKeys = {
  notices: (q: NoticeListQuery) => ['content', 'notices', q] as const,
  notice: (id: number) => ['content', 'notice', id] as const,
  faq: (category?: string) => ['content', 'faq', category ?? ''] as const,
  agreement: (type: 1 | 2) => ['content', 'agreement', type] as const,
  caseTypes: ['content', 'caseTypes'] as const,
  cases: (q: CaseListQuery) => ['content', 'cases', q] as const,
  platformTypes: ['content', 'platformTypes'] as const,
};

export interface NoticeListQuery {
  page: number;
  pageSize: number;
  category?: string;
}

export interface CaseListQuery {
  page: number;
  pageSize: number;
  caseTypeId?: number;
}

export const fetchNotices = (q: NoticeListQuery, signal?: AbortSignal) =>
  get<Page<Notice>>('/api/getNotification', q, { signal, cancelKey: '/api/getNotification#list' }).then(unwrap);

export const fetchNotice = (id: number, signal?: AbortSignal) =>
  get<Notice>('/api/getNotification', { id }, { signal, cancelKey: '/api/getNotification#detail' }).then(unwrap);

export const fetchCommonProblems = (category?: string, signal?: AbortSignal) =>
  get<CommonProblem[]>('/api/getCommonProblem', { category }, { signal }).then(unwrap);

/**
 * Service agreement (type 1) or privacy policy (type 2); both may be open one after the other. The privacy policy
 * comes from the spec's GET /api/getPrivacyAgreement; the spec lists no call for the service agreement, which
 * GET /api/getAgreement?type=1 serves.
 */
export const fetchAgreement = (type: 1 | 2, signal?: AbortSignal) =>
  (type === 2
    ? get<Agreement>('/api/getPrivacyAgreement', undefined, { signal })
    : get<Agreement>('/api/getAgreement', { type }, { signal, cancelKey: `/api/getAgreement#${type}` })
  ).then(unwrap);

export const fetchCaseTypes = (signal?: AbortSignal) => get<CaseType[]>('/api/getCaseType', undefined, { signal }).then(unwrap);

export const fetchCases = (q: CaseListQuery, signal?: AbortSignal) =>
  get<Page<SoftwareCase>>('/api/getPrototypeCaseList', q, { signal }).then(unwrap);

export const fetchPlatformTypes = (signal?: AbortSignal) =>
  get<PlatformType[]>('/api/getPlatformType', undefined, { signal }).then(unwrap);

export function useNotices(q: NoticeListQuery) {
  return useQuery({ queryKey: contentKeys.notices(q), queryFn: ({ signal }) => fetchNotices(q, signal), placeholderData: (prev) => prev });
}

export function useNotice(id: number | undefined) {
  return useQuery({
    queryKey: contentKeys.notice(id ?? 0),
    queryFn: ({ signal }) => fetchNotice(id ?? 0, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}

export function useCommonProblems(category?: string) {
  return useQuery({ queryKey: contentKeys.faq(category), queryFn: ({ signal }) => fetchCommonProblems(category, signal) });
}

export function useAgreement(type: 1 | 2, enabled = true) {
  return useQuery({ queryKey: contentKeys.agreement(type), queryFn: ({ signal }) => fetchAgreement(type, signal), enabled, staleTime: 10 * 60_000 });
}

export function useCaseTypes() {
  return useQuery({ queryKey: contentKeys.caseTypes, queryFn: ({ signal }) => fetchCaseTypes(signal), staleTime: 10 * 60_000 });
}

export function useCases(q: CaseListQuery) {
  return useQuery({ queryKey: contentKeys.cases(q), queryFn: ({ signal }) => fetchCases(q, signal), placeholderData: (prev) => prev });
}

export function usePlatformTypes() {
  return useQuery({ queryKey: contentKeys.platformTypes, queryFn: ({ signal }) => fetchPlatformTypes(signal), staleTime: 10 * 60_000 });
}
