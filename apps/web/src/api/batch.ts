import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ApiCode,
  SIGN_OUT_CODES,
  batchZipName,
  type BatchDetails,
  type BatchListItem,
  type BatchListQuery,
  type BatchOrderRequest,
  type BatchOrderResult,
  type Envelope,
  type Page,
  type SaveBatchRequest,
} from '@mazhu/contracts';
import { forceSignOut, http, get, post, unwrap, type ApiResult } from './request';
import { saveDownload } from './projects';

/**
 * Batch orders (批量下单): the Excel template and its import, drafts edited in the browser, the quote and the order,
 * the list and the details. Paths and shapes: packages/contracts/src/batch.ts.
 */

/** Importing or ordering a 500-row batch takes a few seconds; downloads of a whole batch longer. */
const SLOW_MS = 120_000;
const DOWNLOAD_MS = 10 * 60_000;
/** How often a batch that is generating is read again. */
export const BATCH_POLL_MS = 2000;

export const batchKeys = {
  all: ['batch'] as const,
  list: (q: BatchListQuery) => ['batch', 'list', q] as const,
  detail: (id: number) => ['batch', 'detail', id] as const,
  ownerNames: ['batch', 'ownerNames'] as const,
};

export const getSoftwareInformation = (id: number, signal?: AbortSignal) =>
  post<BatchDetails>('/api/getSoftwareInformation', { id }, { signal, cancelKey: `batch:${id}`, timeout: SLOW_MS });
export const saveSoftwareInformation = (req: SaveBatchRequest) => post<BatchDetails>('/api/saveSoftwareInformation', req, { timeout: SLOW_MS });
/** Quote (no `confirm`) or order. Silent: the page shows 460 (balance) and 400 (rows) itself. */
export const getProjectBatchOrder = (req: BatchOrderRequest) => post<BatchOrderResult>('/api/getProjectBatchOrder', req, { timeout: SLOW_MS, silent: true });
export const getProjectBatchList = (q: BatchListQuery, signal?: AbortSignal) => post<Page<BatchListItem>>('/api/getProjectBatchList', q, { signal });
export const delProjectBatch = (id: number) => get<null>('/api/delProjectBatch', { id }, { cancelKey: false });

/** POST /api/softwareInformationExcel (multipart `file`): a new draft batch from a filled template. */
export async function importExcel(file: File): Promise<ApiResult<BatchDetails>> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('fileName', file.name);
  const res = await http.post<Envelope<BatchDetails>>('/api/softwareInformationExcel', form, { timeout: SLOW_MS });
  if (res.status === 413) return { code: ApiCode.PayloadTooLarge, msg: '表格文件过大', data: null as unknown as BatchDetails };
  if (res.status !== 200) return null;
  if (res.data && SIGN_OUT_CODES.includes(res.data.code)) forceSignOut();
  return res.data;
}

/** Saves the template (批量下单模板.xlsx) with the user's owners in its drop-down. */
export async function downloadTemplate(): Promise<boolean> {
  const res = await http.get<Blob>('/api/softwareInformationTemplate', { responseType: 'blob', timeout: SLOW_MS });
  return saveDownload(res, '批量下单模板');
}

/** Saves one zip of every generated software of the batch (a folder per software). */
export async function downloadBatchZip(id: number): Promise<boolean> {
  const res = await http.get<Blob>('/api/getProjectBatchDownload', { params: { id }, responseType: 'blob', timeout: DOWNLOAD_MS });
  return saveDownload(res, batchZipName(id));
}

/** Names of the user's registered copyright owners (POST /api/getIntellectualList), for the 著作权人 choices. */
export async function getOwnerNames(signal?: AbortSignal): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await post<Page<{ name: string }>>('/api/getIntellectualList', { page, pageSize: 100 }, { signal, silent: true, cancelKey: `ownerNames:${page}` });
    const data = unwrap(res);
    if (!data) break;
    names.push(...data.list.map((o) => o.name));
    if (names.length >= data.total || data.list.length === 0) break;
  }
  return [...new Set(names)];
}

const active = (d: { status: string } | null | undefined) => d?.status === 'processing';

export function useBatchDetails(id: number | undefined) {
  return useQuery({
    queryKey: batchKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => unwrap(await getSoftwareInformation(id ?? 0, signal)),
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (active(q.state.data) ? BATCH_POLL_MS : false),
  });
}

export function useBatchList(q: BatchListQuery) {
  return useQuery({
    queryKey: batchKeys.list(q),
    queryFn: async ({ signal }) => unwrap(await getProjectBatchList(q, signal)) ?? { list: [], total: 0, page: 1, pageSize: 10 },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some(active) ? BATCH_POLL_MS : false),
  });
}

export function useOwnerNames() {
  return useQuery({ queryKey: batchKeys.ownerNames, queryFn: ({ signal }) => getOwnerNames(signal), staleTime: 30_000, retry: false });
}
