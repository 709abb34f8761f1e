import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ApiCode,
  SIGN_OUT_CODES,
  materialsZipName,
  type AddCodeProjectRequest,
  type AddCodeProjectResult,
  type AddFunctionalModuleListRequest,
  type AiInformation,
  type AiPolishDescriptionRequest,
  type AiPolishFunctionRequest,
  type AiPolishFunctionResult,
  type AiGenerateRequest,
  type AiProvider,
  type CodeFiles,
  type CodeProjectIntegral,
  type CodeProjectListQuery,
  type CodeUpload,
  type EditProjectRequest,
  type FilingGuide,
  type RightsCheck,
  type Envelope,
  type FunctionalModule,
  type InsufficientBalance,
  type IntegralSetting,
  type Page,
  type ProjectDetails,
  type ProjectInput,
  type ProjectListItem,
  type ProjectListQuery,
  type SetCodeSelectionRequest,
  type UserPoints,
  type WordStatus,
} from '@mazhu/contracts';
import { forceSignOut, get, http, isCancel, post, unwrap, type ApiResult } from './request';
import { pointsKeys } from './points';
import { refreshUserInfo } from './auth';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';

/**
 * Projects (单个项目), code projects (代码生成项目), their AI texts and the generation of their materials.
 * Every path and shape comes from packages/contracts/src/projects.ts, ai.ts and points.ts.
 */

/** AI writing can take a while (the chat API answers in tens of seconds on long texts). */
const AI_TIMEOUT_MS = 120_000;
/** An upload of up to 50 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** Largest archive accepted before sending (the server's default limit). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** How often a running generation is polled. */
export const STATUS_POLL_MS = 1500;

export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (q: ProjectListQuery) => ['projects', 'list', q] as const,
  codeList: (q: CodeProjectListQuery) => ['projects', 'list', 'code', q] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
  status: (id: number) => ['projects', 'status', id] as const,
  aiInformation: (id: number) => ['projects', 'ai', id] as const,
  codeIntegral: (q: { id?: number; uploadId?: number }) => ['projects', 'codeIntegral', q] as const,
  integralSetting: ['projects', 'integralSetting'] as const,
};

// ---- Projects ----------------------------------------------------------------------------------

export const addProject = (input: ProjectInput) => post<ProjectDetails>('/api/addProject', input);
export const editProject = (req: EditProjectRequest) => post<ProjectDetails>('/api/editProject', req);
export const getProjectDetails = (id: number, signal?: AbortSignal) =>
  get<ProjectDetails>('/api/getProjectDetails', { id }, { signal, cancelKey: `details:${id}` });
export const getProjectList = (q: ProjectListQuery, signal?: AbortSignal) => post<Page<ProjectListItem>>('/api/getProjectList', q, { signal });
export const getCodeProjectList = (q: CodeProjectListQuery, signal?: AbortSignal) =>
  post<Page<ProjectListItem>>('/api/getCodeProjectList', q, { signal });
export const getProjectWordStatus = (id: number, signal?: AbortSignal) =>
  get<WordStatus>('/api/getProjectWordStatus', { id }, { signal, silent: true, cancelKey: `status:${id}` });
export const addFunctionalModuleList = (req: AddFunctionalModuleListRequest) => post<FunctionalModule[]>('/api/addFunctionalModuleList', req);
export const delCodeProject = (id: number) => get<null>('/api/delCodeProject', { id }, { cancelKey: false });
/** Deletes a single project made by /auto-generate (GET /api/delProject; code projects use delCodeProject). */
export const delProject = (id: number) => get<null>('/api/delProject', { id }, { cancelKey: false });
export const getCodeProjectIntegral = (q: { id?: number; uploadId?: number }, signal?: AbortSignal) =>
  get<CodeProjectIntegral>('/api/getCodeProjectIntegral', q, { signal, silent: true });
/** Every file of an upload with 印入/排除 and why, under its stored selection. */
export const getCodeFiles = (uploadId: number, signal?: AbortSignal) => get<CodeFiles>('/api/getCodeFiles', { uploadId }, { signal });
/** Changes an upload's file selection; the answer carries the recomputed analysis. */
export const setCodeSelection = (req: SetCodeSelectionRequest) => post<CodeFiles>('/api/setCodeSelection', req);
/** POST /api/checkCodeRights — the third-party check of a project or of an upload against chosen owners. */
export const checkCodeRights = (q: { id?: number; uploadId?: number; ownerIds?: number[] }, signal?: AbortSignal) =>
  post<RightsCheck | null>('/api/checkCodeRights', q, { signal, silent: true });
/** POST /api/declareCodeRights — records the typed declaration that the owners hold the rights. */
export const declareCodeRights = (id: number, text: string) => post<RightsCheck>('/api/declareCodeRights', { id, text });
/** GET /api/getFilingGuide?id= — the filing assistant of the last generated materials. */
export const getFilingGuide = (id: number, signal?: AbortSignal) =>
  get<FilingGuide & { projectId: number; source: 'form' | 'code' }>('/api/getFilingGuide', { id }, { signal, silent: true });
export const getIntegralSetting = (signal?: AbortSignal) => get<IntegralSetting>('/api/getIntegralSetting', undefined, { signal, silent: true });

// ---- AI writing --------------------------------------------------------------------------------

/** Answer of 生成 AI 信息 (contracts/projects.ts, "AI writing routes"). */
export interface AiGenerateResult {
  information: AiInformation;
  provider: AiProvider;
  projectId: number | null;
}

/**
 * 生成 AI 信息: the R11 texts and the functional modules. With `id` the server reads the saved project (its fields,
 * modules and code analysis) and keeps the answer with it; otherwise the fields (and `uploadId`) are used.
 */
export async function getAIGeneratedInformation(req: AiGenerateRequest): Promise<ApiResult<AiInformation>> {
  const res = await post<AiGenerateResult | AiInformation>('/api/getAIGeneratedInformation', req, { timeout: AI_TIMEOUT_MS });
  if (!res || res.code !== ApiCode.Ok || !res.data) return res as ApiResult<AiInformation>;
  const data = 'information' in res.data ? res.data.information : res.data;
  return { ...res, data };
}
export const getAiPolishDescription = (req: AiPolishDescriptionRequest) =>
  post<{ description: string; provider: AiProvider }>('/api/getAiPolishDescription', req, { timeout: AI_TIMEOUT_MS });
/** Several modules may be polished at once: each gets its own cancel key. */
export const getFunctionAiPolish = (req: AiPolishFunctionRequest, key: string) =>
  post<AiPolishFunctionResult & { provider?: AiProvider }>('/api/getFunctionAiPolish', req, { timeout: AI_TIMEOUT_MS, cancelKey: `polish:${key}` });
export const getCnNameToEnName = (name: string) => get<{ name: string; enName: string; provider: AiProvider }>('/api/getCnNameToEnName', { name }, { timeout: AI_TIMEOUT_MS });
/** The AI information stored with a project (null when none was generated). */
export const getAiInformation = (id: number, signal?: AbortSignal) => get<AiInformation | null>('/api/getAiInformation', { id }, { signal, silent: true });
/**
 * Saves the user's edited AI information with the project (POST form, for long texts). The server checks it
 * against ZAiInformation; the project's own fields (editProject) stay what the materials are made from.
 */
export const editAiJsonText = (id: number, info: AiInformation) =>
  post<AiInformation>('/api/editAiJsonText', { id, text: JSON.stringify(info) }, { silent: true, cancelKey: `editAi:${id}` });

/**
 * Stores the user's edit of the AI information after the project itself was saved. A refusal is told as a warning
 * with the server's Chinese message (the project is saved; only the stored AI answer was not updated); a call
 * replaced by a newer one says nothing. Resolves whether it was stored.
 */
export async function saveAiEdit(id: number, info: AiInformation): Promise<boolean> {
  try {
    const res = await editAiJsonText(id, info);
    if (res?.code === ApiCode.Ok) return true;
    notify.warning(`AI 信息没有保存：${res?.msg || '服务暂时不可用，请稍后重试'}（项目本身已保存）`);
    return false;
  } catch (e) {
    if (isCancel(e)) return false;
    notify.warning('AI 信息没有保存：网络异常，请稍后重试（项目本身已保存）');
    return false;
  }
}

// ---- Generation and charging -------------------------------------------------------------------

/** What starting a generation led to: started, not enough balance (460), or another error (already shown). */
export type StartOutcome =
  | { kind: 'started'; status: WordStatus }
  | { kind: 'insufficient'; info: InsufficientBalance | null; msg: string }
  | { kind: 'error'; msg: string };

function startOutcome(res: ApiResult<WordStatus>): StartOutcome {
  if (res === null) {
    notify.error('服务暂时不可用，请稍后重试');
    return { kind: 'error', msg: '服务暂时不可用，请稍后重试' };
  }
  if (res.code === ApiCode.Ok) return { kind: 'started', status: res.data };
  if (res.code === ApiCode.InsufficientBalance) {
    return { kind: 'insufficient', info: (res.data as unknown as InsufficientBalance | null) ?? null, msg: res.msg || '余额不足' };
  }
  // Silent calls: the message is shown here (sign-out codes were handled by the request layer).
  if (!SIGN_OUT_CODES.includes(res.code)) notify.error(res.msg || `生成失败（${res.code}）`);
  return { kind: 'error', msg: res.msg };
}

/** POST /api/generateProjectWord — charges, then queues the job. */
export async function generateProjectWord(id: number): Promise<StartOutcome> {
  return startOutcome(await post<WordStatus>('/api/generateProjectWord', { id }, { silent: true, cancelKey: `generate:${id}` }));
}

/** POST /api/addCodeProject — creates the code project and starts its generation (charges). */
export async function addCodeProject(req: AddCodeProjectRequest): Promise<StartOutcome> {
  return startOutcome(await post<WordStatus & { id: number }>('/api/addCodeProject', req, { silent: true }));
}

/** POST /api/addCodeProject with `draft`: only keeps the code project (nothing charged), e.g. to attach screenshots. */
export const addCodeProjectDraft = (req: Omit<AddCodeProjectRequest, 'draft'>) =>
  post<AddCodeProjectResult>('/api/addCodeProject', { ...req, draft: true }, { cancelKey: 'addCodeProjectDraft' });

/**
 * After a charge: the balances changed. Invalidates every points query, reads the balances once more into the
 * user info (so the navigation bar's points and free times change at once) and refreshes the user info.
 */
export async function afterCharge(queryClient: QueryClient): Promise<void> {
  // pointsKeys.* all start with 'points': the nav's balances, free times and the recharge page refetch.
  await queryClient.invalidateQueries({ queryKey: [pointsKeys.userPoints[0]] });
  void queryClient.invalidateQueries({ queryKey: projectKeys.lists });
  try {
    const res = await get<UserPoints>('/api/getUserPoints', undefined, { silent: true, cancelKey: 'afterCharge:points' });
    if (res?.code === ApiCode.Ok && res.data) {
      const { rechargePoints, giftedPoints, currentPoints, freeTimes } = res.data;
      useUserStore.getState().setUser({ rechargePoints, giftedPoints, currentPoints, freeTimes });
    }
  } catch (err) {
    console.error('[projects] cannot read balances after a charge', err);
  }
  await refreshUserInfo();
}

// ---- Upload with progress ----------------------------------------------------------------------

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/**
 * POST /api/uploadCodeProject (multipart field `file`). Goes through the shared axios instance so the
 * token/sessionid headers are the same; adds upload progress, which the request layer's `upload` lacks.
 * Returns the envelope like every call (null for a non-200 HTTP status).
 */
export async function uploadCodeProject(file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal): Promise<ApiResult<CodeUpload>> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('fileName', file.name);
  const res = await http.post<Envelope<CodeUpload>>('/api/uploadCodeProject', form, {
    timeout: UPLOAD_TIMEOUT_MS,
    signal,
    onUploadProgress: (e) => {
      const total = e.total ?? file.size;
      onProgress({ loaded: e.loaded, total, percent: total ? Math.min(100, Math.round((e.loaded / total) * 100)) : 0 });
    },
  });
  if (res.status === 413) return { code: ApiCode.PayloadTooLarge, msg: '压缩包超过服务器允许的大小', data: null as unknown as CodeUpload };
  if (res.status !== 200) {
    console.error(`[request] POST /api/uploadCodeProject answered HTTP ${res.status}`);
    return null;
  }
  const body = res.data;
  if (body && typeof body.code === 'number' && SIGN_OUT_CODES.includes(body.code)) forceSignOut();
  return body;
}

// ---- Download ----------------------------------------------------------------------------------

/** Extension of a file name, keeping double extensions such as .tar.gz. */
export function extensionOf(name: string): string {
  const m = /(\.tar\.gz|\.[A-Za-z0-9]{1,8})$/i.exec(name);
  return m ? m[1].toLowerCase() : '';
}

/** The file name in a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFromDisposition(header: string | undefined | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Spec §5: the downloaded file takes the new name plus the original file's extension. */
export function downloadFileName(newBase: string, originalName: string | null): string {
  const base = newBase.replace(/\.zip$/i, '');
  return `${base}${originalName ? extensionOf(originalName) || '.zip' : '.zip'}`;
}

/** Characters a file name may not contain on common systems. */
const sanitize = (s: string) => s.replace(/[\\/:*?"<>|\r\n\t]/g, '_');

/** Saves a Blob as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a project's materials zip (binary; errors come back as a JSON envelope) with the session headers,
 * and saves it as 软件全称_版本号_软著材料 + the extension of the server's file. Resolves whether it worked.
 */
export async function downloadMaterials(p: { id: number; source: 'form' | 'code'; name: string; version: string; downloadName?: string }): Promise<boolean> {
  const res =
    p.source === 'code'
      ? await http.post<Blob>('/api/getCodeProjectDownload', { id: p.id }, { responseType: 'blob', timeout: UPLOAD_TIMEOUT_MS })
      : await http.get<Blob>('/api/getProjectWordDownload', { params: { id: p.id }, responseType: 'blob', timeout: UPLOAD_TIMEOUT_MS });
  return saveDownload(res, materialsDownloadName(p.downloadName, p.name, p.version));
}

/**
 * The zip's name as shown and saved: the server's name of the generated package (软件全称_版本号_软著材料.zip of the
 * project as generated), else one made of the name and version when both are known, else 软著材料.zip — never a
 * name with empty parts ("__软著材料.zip").
 */
export function materialsDownloadName(serverName: string | undefined, name: string, version: string): string {
  if (serverName?.trim()) return serverName.trim();
  return name.trim() && version.trim() ? materialsZipName(name.trim(), version.trim()) : '软著材料.zip';
}

/**
 * Saves a binary answer (a zip or a workbook) as `newBase` + the extension of the server's file name; an answer that
 * is a JSON envelope is an error whose message is shown (and 302/304/305 sign out). Resolves whether it was saved.
 */
export async function saveDownload(res: { status: number; headers: Record<string, unknown>; data: Blob }, newBase: string): Promise<boolean> {
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 200) {
    notify.error('下载失败，请稍后重试');
    return false;
  }
  if (type.includes('application/json')) {
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
  saveBlob(res.data, downloadFileName(sanitize(newBase), original));
  return true;
}

// ---- Hooks -------------------------------------------------------------------------------------

/**
 * The generation state of a project (GET /api/getProjectWordStatus), polled every STATUS_POLL_MS while queued or
 * generating. One cache entry per project: the generate panel and the wizard's side column show the same state.
 */
export function useProjectWordStatus(id: number | undefined) {
  return useQuery({
    queryKey: projectKeys.status(id ?? 0),
    queryFn: async ({ signal }) => unwrap(await getProjectWordStatus(id ?? 0, signal)),
    enabled: Boolean(id),
    staleTime: 0,
    retry: 2,
    refetchInterval: (q) => (q.state.data?.state === 'queued' || q.state.data?.state === 'generating' ? STATUS_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

const emptyPage = (q: { page?: unknown; pageSize?: unknown }): Page<ProjectListItem> => ({ list: [], total: 0, page: Number(q.page ?? 1), pageSize: Number(q.pageSize ?? 10) });

export function useProjectList(q: ProjectListQuery, opts: { pollWhileActive?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.list(q),
    queryFn: async ({ signal }) => unwrap(await getProjectList(q, signal)) ?? emptyPage(q),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (opts.pollWhileActive && query.state.data?.list.some(isActive) ? 2000 : false),
  });
}

export function useCodeProjectList(q: CodeProjectListQuery) {
  return useQuery({
    queryKey: projectKeys.codeList(q),
    queryFn: async ({ signal }) => unwrap(await getCodeProjectList(q, signal)) ?? emptyPage(q),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some(isActive) ? 2000 : false),
  });
}

export function useProjectDetails(id: number | undefined) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => unwrap(await getProjectDetails(id ?? 0, signal)),
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
  });
}

/** A queued or generating project. */
export const isActive = (p: { status: string }) => p.status === 'queued' || p.status === 'generating';

export function useIntegralSetting() {
  return useQuery({
    queryKey: projectKeys.integralSetting,
    queryFn: async ({ signal }) => unwrap(await getIntegralSetting(signal)),
    retry: false,
  });
}

export function useCodeProjectIntegral(q: { id?: number; uploadId?: number }, enabled = true) {
  return useQuery({
    queryKey: projectKeys.codeIntegral(q),
    queryFn: async ({ signal }) => unwrap(await getCodeProjectIntegral(q, signal)),
    enabled: enabled && Boolean(q.id || q.uploadId),
    staleTime: 0,
    retry: false,
  });
}

/** The user's balances for the cost line of a generation (fresh each time). */
export function useBalances() {
  const signedIn = useUserStore((s) => s.user.id > 0);
  return useQuery({
    queryKey: ['points', 'balances', 'generate'] as const,
    queryFn: async ({ signal }) => unwrap(await get<UserPoints>('/api/getUserPoints', undefined, { signal, silent: true, cancelKey: 'balances:generate' })),
    enabled: signedIn,
    staleTime: 0,
    retry: false,
  });
}
