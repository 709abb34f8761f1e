import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ApiCode,
  type Envelope,
  type ProjectPreview,
  type ProjectScreen,
  type RenderPreviewRequest,
  type RenderPreviewResult,
  type SavePreviewRequest,
  type AssignScreenshotsRequest,
  type ScreenshotPackResult,
} from '@mazhu/contracts';
import { get, http, post, upload, unwrap } from './request';
import { notify } from '@/utils/notify';

/**
 * UI prototypes and screenshots (/preview-software and the wizards' module step). Paths and shapes come from
 * packages/contracts/src/preview.ts.
 */

/** Rendering a dozen screens takes a few seconds on the server; reading an uploaded screenshot (OCR) as long. */
const RENDER_TIMEOUT_MS = 90_000;

export const previewKeys = {
  project: (id: number) => ['preview', 'project', id] as const,
  image: (url: string) => ['preview', 'image', url] as const,
};

/**
 * Renders a described software, or the given screens, to PNG data URLs (no sign-in needed). `cancelKey` lets several
 * renders run side by side (a project's screens in batches); by default a new render cancels the previous one.
 */
export const renderPreview = (req: RenderPreviewRequest, cancelKey?: string) =>
  post<RenderPreviewResult>('/api/renderPreview', req, { timeout: RENDER_TIMEOUT_MS, cancelKey });

/** A project's screens (the server renders the prototypes on the first call). */
export const getPreview = (id: number, signal?: AbortSignal) =>
  get<ProjectPreview>('/api/getPreview', { id }, { signal, timeout: RENDER_TIMEOUT_MS, cancelKey: `preview:${id}` });

/** Saves theme, colour, platform and edited screens to the project; the answer carries the re-rendered screens. */
export const savePreview = (req: SavePreviewRequest) => post<ProjectPreview>('/api/savePreview', req, { timeout: RENDER_TIMEOUT_MS, cancelKey: `savePreview:${req.id}` });

/** Replaces a screen's prototype with the user's own screenshot (PNG/JPEG, checked and re-encoded by the server). */
export const uploadScreenshot = (screenId: number, file: File) =>
  upload<ProjectScreen>('/api/uploadScreenshot', { screenId, file }, { timeout: RENDER_TIMEOUT_MS, cancelKey: `shot:${screenId}` });

/**
 * Stages a screenshot pack (.zip, or one image) for a project: the answer says which screen each screenshot was
 * matched to (by the pack's manifest, then by OCR of its title) with its checks; nothing is saved yet.
 */
export const uploadScreenshotPack = (projectId: number, file: File) =>
  upload<ScreenshotPackResult>('/api/uploadScreenshotPack', { projectId, file }, { timeout: 600_000, cancelKey: `pack:${projectId}` });

/** Saves the user's assignment of a staged pack; the answer is the project's screens afterwards. */
export const assignScreenshots = (req: AssignScreenshotsRequest) => post<ProjectPreview>('/api/assignScreenshots', req, { timeout: RENDER_TIMEOUT_MS, cancelKey: `assign:${req.projectId}` });

/** Draws filled boxes over the personal data found on an uploaded screenshot. */
export const maskScreenshot = (id: number) => post<ProjectScreen>('/api/maskScreenshot', { id }, { timeout: RENDER_TIMEOUT_MS, cancelKey: `mask:${id}` });

/** Removes an uploaded screenshot: the screen shows its prototype again. */
export const delScreenshot = (id: number) => get<ProjectScreen>('/api/delScreenshot', { id }, { timeout: RENDER_TIMEOUT_MS, cancelKey: `delShot:${id}` });

export function useProjectPreview(id: number | undefined) {
  return useQuery({
    queryKey: previewKeys.project(id ?? 0),
    queryFn: async ({ signal }) => unwrap(await getPreview(id ?? 0, signal)),
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
  });
}

/**
 * The bytes of a screen image (GET /api/getScreenImage needs the session headers, so an <img src> cannot load it).
 * Throws with the server's message when the answer is an error envelope.
 */
export async function fetchScreenImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await http.get<Blob>(url, { responseType: 'blob', signal });
  const type = String(res.headers['content-type'] ?? '');
  if (res.status === 200 && type.startsWith('image/')) return res.data;
  let msg = '图片加载失败';
  if (type.includes('json')) {
    const env = JSON.parse(await res.data.text()) as Envelope<null>;
    if (env.code !== ApiCode.Ok && env.msg) msg = env.msg;
  }
  throw new Error(msg);
}

/** A screen image as a Blob, cached by its URL (the URL changes whenever the image does). */
export function useScreenImage(url: string | undefined) {
  return useQuery({
    queryKey: previewKeys.image(url ?? ''),
    queryFn: ({ signal }) => fetchScreenImage(url ?? '', signal),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
}

/** An object URL for a Blob, revoked when the Blob changes or the component goes away. */
export function useObjectUrl(blob: Blob | undefined | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/** Shows the first problem of a render/save answer that failed without an envelope (HTTP error, timeout). */
export function reportNetworkError(err: unknown): void {
  console.error(err);
  notify.error('网络异常，请稍后重试');
}
