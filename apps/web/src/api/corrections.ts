import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SIGN_OUT_CODES,
  correctionZipName,
  type AddCorrectionRequest,
  type BatchDetails,
  type BatchListItem,
  type ApplyCorrectionFix,
  type CorrectionDetails,
  type CorrectionListItem,
  type CorrectionsListQuery,
  type Envelope,
  type NoticeText,
  type Page,
  type ParsedNotice,
  type ProjectCorrectionsQuery,
} from '@mazhu/contracts';
import { forceSignOut, get, http, post, unwrap, upload } from './request';
import { downloadFileName, fileNameFromDisposition } from './projects';
import { notify } from '@/utils/notify';

/**
 * Correction projects (补正): reading a notice, creating a correction, applying fixes, generating and downloading
 * the answer package. Paths and shapes: packages/contracts/src/corrections.ts.
 */

/** OCR of a photo takes a few seconds; a slow line uploads a large scan. */
const NOTICE_TIMEOUT_MS = 120_000;
export const MAX_NOTICE_BYTES = 15 * 1024 * 1024;

export const correctionKeys = {
  all: ['corrections'] as const,
  lists: ['corrections', 'list'] as const,
  list: (q: CorrectionsListQuery) => ['corrections', 'list', q] as const,
  project: (q: ProjectCorrectionsQuery) => ['corrections', 'list', 'project', q] as const,
  detail: (id: number) => ['corrections', 'detail', id] as const,
};

export const uploadCorrectionNotice = (file: File) => upload<NoticeText>('/api/uploadCorrectionNotice', { file }, { timeout: NOTICE_TIMEOUT_MS });
export const parseCorrectionNotice = (text: string) => post<ParsedNotice>('/api/parseCorrectionNotice', { text }, { silent: true, cancelKey: 'parseNotice' });
export const addProjectCorrections = (req: AddCorrectionRequest) => post<CorrectionDetails>('/api/addProjectCorrections', req, { cancelKey: `addCorrection:${req.projectId}` });
export const getCorrectionsProjectList = (q: CorrectionsListQuery, signal?: AbortSignal) => post<Page<CorrectionListItem>>('/api/getCorrectionsProjectList', q, { signal });
export const getProjectCorrectionsList = (q: ProjectCorrectionsQuery, signal?: AbortSignal) => post<Page<CorrectionListItem>>('/api/getProjectCorrectionsList', q, { signal });
export const getCorrectionDetails = (id: number, signal?: AbortSignal) => get<CorrectionDetails>('/api/getCorrectionDetails', { id }, { signal, cancelKey: `correction:${id}` });
export const applyCorrectionFix = (req: ApplyCorrectionFix) =>
  post<CorrectionDetails>('/api/applyCorrectionFix', req, { cancelKey: `fix:${req.id}:${req.itemNo}:${req.reason ?? ''}` });
export const generateCorrectionMaterials = (id: number) => post<CorrectionDetails>('/api/generateCorrectionMaterials', { id }, { cancelKey: `generateCorrection:${id}` });
/** Marks a generated answer as submitted at the CPCC portal (stops the deadline countdown). */
export const markCorrectionSubmitted = (id: number) => post<CorrectionDetails>('/api/markCorrectionSubmitted', { id }, { cancelKey: `submitCorrection:${id}` });
export const cancelProjectCorrections = (id: number) => get<CorrectionDetails>('/api/cancelProjectCorrections', { id }, { cancelKey: false });

/** Downloads the answer package (binary; errors come back as a JSON envelope). Resolves whether it worked. */
export async function downloadCorrection(c: { id: number; currentName: string; version: string }, version?: string): Promise<boolean> {
  const res = await http.get<Blob>('/api/getCorrectionsMaterials', { params: { id: c.id }, responseType: 'blob', timeout: NOTICE_TIMEOUT_MS * 5 });
  if (res.status !== 200) {
    notify.error('下载失败，请稍后重试');
    return false;
  }
  if (String(res.headers['content-type'] ?? '').includes('application/json')) {
    let body: Envelope<unknown> | null = null;
    try {
      body = JSON.parse(await res.data.text()) as Envelope<unknown>;
    } catch {
      /* not an envelope */
    }
    if (body && SIGN_OUT_CODES.includes(body.code)) forceSignOut();
    notify.error(body?.msg || '下载失败，请稍后重试');
    return false;
  }
  const original = fileNameFromDisposition(res.headers['content-disposition'] as string | undefined);
  const name = downloadFileName(correctionZipName(c.currentName, version ?? c.version).replace(/[\\/:*?"<>|\r\n\t]/g, '_'), original);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

const emptyPage = (q: { page?: unknown; pageSize?: unknown }): Page<CorrectionListItem> => ({ list: [], total: 0, page: Number(q.page ?? 1), pageSize: Number(q.pageSize ?? 10) });
const running = (c: { status: string }) => c.status === 'queued' || c.status === 'generating';

export function useCorrectionList(q: CorrectionsListQuery) {
  return useQuery({
    queryKey: correctionKeys.list(q),
    queryFn: async ({ signal }) => unwrap(await getCorrectionsProjectList(q, signal)) ?? emptyPage(q),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some(running) ? 2000 : false),
  });
}

export function useCorrectionDetails(id: number | undefined) {
  return useQuery({
    queryKey: correctionKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => unwrap(await getCorrectionDetails(id ?? 0, signal)),
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data && running(query.state.data) ? 1500 : false),
  });
}

// ---- Batch rows (corrections of software ordered in a batch: each ordered row is a project) ----------------------

export const getBatchOrders = (signal?: AbortSignal) => post<Page<BatchListItem>>('/api/getProjectBatchList', { type: 'all', page: 1, pageSize: 100 }, { signal, silent: true });
export const getBatchRows = (id: number, signal?: AbortSignal) => post<BatchDetails>('/api/getSoftwareInformation', { id }, { signal, silent: true, cancelKey: `batchRows:${id}` });

export function useBatchOrders() {
  return useQuery({ queryKey: ['corrections', 'batches'] as const, queryFn: async ({ signal }) => unwrap(await getBatchOrders(signal)), staleTime: 0, retry: false });
}
export function useBatchRows(id: number | undefined) {
  return useQuery({ queryKey: ['corrections', 'batchRows', id ?? 0] as const, queryFn: async ({ signal }) => unwrap(await getBatchRows(id ?? 0, signal)), enabled: Boolean(id), staleTime: 0, retry: false });
}
