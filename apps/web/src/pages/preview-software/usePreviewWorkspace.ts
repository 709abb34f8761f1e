import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  THEME_CHOICES,
  ZScreenSpec,
  type Platform,
  type PreviewImage,
  type ProjectPreview,
  type ProjectScreen,
  type ScreenCheck,
  type ScreenKind,
  type ScreenSpec,
  type ThemeId,
} from '@mazhu/contracts';
import { fetchScreenImage, getPreview, previewKeys, renderPreview, reportNetworkError, savePreview } from '@/api/preview';
import { getProjectDetails, projectKeys } from '@/api/projects';
import { isCancel, unwrap } from '@/api/request';
import { notify } from '@/utils/notify';
import { dataUrlToBlob, type ScreenFile } from './download';
import { screenProblems } from './screen-problems';

/** The most screens POST /api/renderPreview renders in one call (ZRenderPreviewRequest). */
const RENDER_BATCH = 14;
/** Pause after the last keystroke in the side panel before the edited screen is drawn again. */
const EDIT_DEBOUNCE_MS = 700;

/** One screen on the page: its description and where its image is. */
export interface WorkScreen {
  key: string;
  /** The project's screen id (project mode). */
  id?: number;
  kind: ScreenKind;
  spec: ScreenSpec;
  source: 'prototype' | 'upload';
  /** A local render (`data:` URL) or the project's stored image (URL that needs the session headers). */
  image: { local: string } | { remote: string };
  width: number;
  height: number;
  checks?: ScreenCheck[];
  /** Edited since it was opened or saved (project mode saves these). */
  edited: boolean;
  /** Being drawn again. */
  rendering: boolean;
}

/** The software whose screens are shown, with its look. */
export interface Workspace {
  mode: 'try' | 'project';
  projectId?: number;
  /** Which wizard edits the project (its module step takes the screenshots). */
  projectSource?: 'form' | 'code';
  app: { name: string; version: string; platform: Platform; shortName?: string };
  theme: ThemeId;
  /** Primary colour #rrggbb; '' = the theme's own. */
  color: string;
  /** Side menu / tab bar entries (module names), the same for every screen. */
  menu: string[];
  hasUi: boolean;
  screens: WorkScreen[];
  /** Project mode: look or screens changed and not yet saved. */
  dirty: boolean;
  completionDate?: string;
}

/** What a visitor describes (or a case / project fills in). */
export interface TryInput {
  name: string;
  version: string;
  platform: Platform;
  modules: { name: string; operations?: string[] }[];
  completionDate?: string;
}

export type Look = Partial<Pick<Workspace, 'theme' | 'color'>> & { platform?: Platform };

const fromImage = (p: PreviewImage): WorkScreen => ({
  key: p.key,
  kind: p.kind,
  spec: p.spec,
  source: 'prototype',
  image: { local: p.dataUrl },
  width: p.width,
  height: p.height,
  edited: false,
  rendering: false,
});

const fromProjectScreen = (s: ProjectScreen): WorkScreen => ({
  key: s.spec.key,
  id: s.id,
  kind: s.kind,
  spec: s.spec,
  source: s.source,
  image: { remote: s.imageUrl },
  width: s.width,
  height: s.height,
  checks: s.checks,
  edited: false,
  rendering: false,
});

/** The theme's own primary colour (sent when the user goes back to "theme colour", so a saved colour is replaced). */
export const themePrimary = (theme: ThemeId) => THEME_CHOICES.find((t) => t.id === theme)?.primary ?? '#1677ff';

/**
 * The state of /preview-software: open a described software or a project, change its look (every prototype is drawn
 * again), edit one screen (drawn again after a pause), save to the project, and read the images for download.
 * Renders are drawn on the server (POST /api/renderPreview) so the page shows exactly the pictures the manual prints;
 * an answer that is older than the latest change of a screen is dropped.
 */
export function usePreviewWorkspace() {
  const queryClient = useQueryClient();
  const [ws, setWs] = useState<Workspace | null>(null);
  const [busy, setBusy] = useState<null | 'opening' | 'rendering' | 'saving'>(null);
  const latest = useRef<Workspace | null>(null);
  latest.current = ws;
  /** Bumped by every change of a screen's description or of the look: answers for older states are dropped. */
  const revs = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const bump = (key: string) => {
    const n = (revs.current.get(key) ?? 0) + 1;
    revs.current.set(key, n);
    return n;
  };

  useEffect(() => {
    const t = timers.current;
    return () => t.forEach((x) => clearTimeout(x));
  }, []);

  const update = (fn: (w: Workspace) => Workspace) => setWs((w) => (w ? fn(w) : w));

  /** Renders `screens` of `w` (in batches) and puts the pictures in, unless they changed meanwhile. */
  const draw = async (w: Workspace, screens: WorkScreen[]): Promise<boolean> => {
    const asked = new Map(screens.map((s) => [s.key, revs.current.get(s.key) ?? 0]));
    const batches: WorkScreen[][] = [];
    for (let i = 0; i < screens.length; i += RENDER_BATCH) batches.push(screens.slice(i, i + RENDER_BATCH));
    const single = screens.length === 1 ? screens[0].key : undefined;
    update((cur) => ({ ...cur, screens: cur.screens.map((s) => (asked.has(s.key) ? { ...s, rendering: true } : s)) }));
    try {
      const answers = await Promise.all(
        batches.map((b, i) =>
          renderPreview(
            {
              app: { name: w.app.name, version: w.app.version, shortName: w.app.shortName, platform: w.app.platform, theme: w.theme, color: w.color || undefined },
              screens: b.map((s) => s.spec),
              menu: w.menu.length ? w.menu : undefined,
              completionDate: w.completionDate,
            },
            single ? `render:${single}` : `render:all:${i}`,
          ),
        ),
      );
      const images = new Map<string, PreviewImage>();
      for (const a of answers) {
        if (a?.code !== 200 || !a.data) return false;
        for (const img of a.data.screens) images.set(img.key, img);
      }
      update((cur) => ({
        ...cur,
        screens: cur.screens.map((s) => {
          const img = images.get(s.key);
          if (!img || asked.get(s.key) !== (revs.current.get(s.key) ?? 0)) return s;
          return { ...s, image: { local: img.dataUrl }, width: img.width, height: img.height, rendering: false };
        }),
      }));
      return true;
    } catch (err) {
      if (!isCancel(err)) reportNetworkError(err);
      return false;
    } finally {
      update((cur) => ({ ...cur, screens: cur.screens.map((s) => (asked.get(s.key) === (revs.current.get(s.key) ?? 0) ? { ...s, rendering: false } : s)) }));
    }
  };

  /** Describes a software (or a case) and renders its login, main and module screens. */
  const openTry = useCallback(async (input: TryInput, look: { theme: ThemeId; color: string }): Promise<boolean> => {
    setBusy('opening');
    try {
      const res = await renderPreview({
        app: { name: input.name, version: input.version, platform: input.platform, theme: look.theme, color: look.color || undefined },
        modules: input.modules,
        completionDate: input.completionDate,
      });
      if (res?.code !== 200 || !res.data) return false;
      revs.current.clear();
      const d = res.data;
      setWs({
        mode: 'try',
        app: { name: d.app.name, version: d.app.version, platform: d.app.platform },
        theme: d.app.theme,
        color: look.color,
        menu: d.app.menu,
        hasUi: d.hasUi,
        screens: d.screens.map(fromImage),
        dirty: false,
        completionDate: input.completionDate,
      });
      return true;
    } catch (err) {
      if (!isCancel(err)) reportNetworkError(err);
      return false;
    } finally {
      setBusy(null);
    }
  }, []);

  const fromPreview = (p: ProjectPreview, details: { shortName: string; source?: 'form' | 'code'; modules: { name: string }[] }): Workspace => ({
    mode: 'project',
    projectId: p.projectId,
    projectSource: details.source,
    app: { name: p.name, version: p.version, platform: p.platform, shortName: details.shortName || undefined },
    theme: p.theme,
    // A colour equal to the theme's own is shown as "theme colour".
    color: p.color && p.color.toLowerCase() !== themePrimary(p.theme).toLowerCase() ? p.color : '',
    menu: p.hasUi ? details.modules.map((m) => m.name).slice(0, 30) : [],
    hasUi: p.hasUi,
    screens: p.screens.map(fromProjectScreen),
    dirty: false,
  });

  /** Opens one of the user's projects: its saved screens (the server renders them on first use). */
  const openProject = useCallback(
    async (id: number): Promise<boolean> => {
      setBusy('opening');
      try {
        const [pv, details] = await Promise.all([getPreview(id), queryClient.fetchQuery({ queryKey: projectKeys.detail(id), queryFn: async () => unwrap(await getProjectDetails(id)), staleTime: 0 })]);
        if (pv?.code !== 200 || !pv.data || !details) return false;
        revs.current.clear();
        queryClient.setQueryData(previewKeys.project(id), pv.data);
        setWs(fromPreview(pv.data, details));
        return true;
      } catch (err) {
        if (!isCancel(err)) reportNetworkError(err);
        return false;
      } finally {
        setBusy(null);
      }
    },
    [queryClient],
  );

  /** Changes theme, colour or platform: every prototype is drawn again (uploaded screenshots stay as they are). */
  const setLook = async (look: Look) => {
    const w = latest.current;
    if (!w) return;
    const next: Workspace = {
      ...w,
      theme: look.theme ?? w.theme,
      color: look.color ?? w.color,
      app: { ...w.app, platform: look.platform ?? w.app.platform },
      dirty: w.mode === 'project' ? true : w.dirty,
    };
    setWs(next);
    const protos = next.screens.filter((s) => s.source === 'prototype');
    for (const s of protos) bump(s.key);
    setBusy('rendering');
    try {
      await draw(next, protos);
    } finally {
      setBusy(null);
    }
  };

  /** Replaces a screen's description; it is drawn again once the user pauses (invalid descriptions wait). */
  const editScreen = (key: string, spec: ScreenSpec) => {
    bump(key);
    update((w) => ({ ...w, dirty: w.mode === 'project' ? true : w.dirty, screens: w.screens.map((s) => (s.key === key ? { ...s, spec, edited: true } : s)) }));
    const t = timers.current.get(key);
    if (t) clearTimeout(t);
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        const w = latest.current;
        const s = w?.screens.find((x) => x.key === key);
        if (!w || !s || s.source !== 'prototype' || !ZScreenSpec.safeParse(s.spec).success) return;
        void draw(w, [s]);
      }, EDIT_DEBOUNCE_MS),
    );
  };

  /** Saves look and edited screens to the project; the page then shows the images the manual will print. */
  const save = async (): Promise<boolean> => {
    const w = latest.current;
    if (!w || w.mode !== 'project' || !w.projectId) return false;
    const invalid = w.screens.findIndex((s) => !ZScreenSpec.safeParse(s.spec).success);
    if (invalid >= 0) {
      const { title } = w.screens[invalid].spec;
      notify.warning(`图${invalid + 1}${title.trim() ? `“${title}”` : ''}：${screenProblems(w.screens[invalid].spec)[0]?.message ?? '界面描述不完整'}，请修改后再保存`);
      return false;
    }
    setBusy('saving');
    try {
      const res = await savePreview({
        id: w.projectId,
        theme: w.theme,
        color: w.color || themePrimary(w.theme),
        platform: w.hasUi ? w.app.platform : undefined,
        screens: w.screens.filter((s) => s.edited && s.id).map((s) => ({ id: s.id!, spec: s.spec })),
      });
      if (res?.code !== 200 || !res.data) return false;
      revs.current.clear();
      queryClient.setQueryData(previewKeys.project(w.projectId), res.data);
      setWs(fromPreview(res.data, { shortName: w.app.shortName ?? '', source: w.projectSource, modules: w.menu.map((name) => ({ name })) }));
      notify.success(res.msg || '界面已保存到项目');
      return true;
    } catch (err) {
      if (!isCancel(err)) reportNetworkError(err);
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** The image of a screen as a Blob (local render, or the stored image read with the session headers). */
  const fileOf = async (s: WorkScreen): Promise<ScreenFile> => {
    if ('local' in s.image) return { title: s.spec.title, blob: dataUrlToBlob(s.image.local) };
    const url = s.image.remote;
    const blob = await queryClient.fetchQuery({ queryKey: previewKeys.image(url), queryFn: ({ signal }) => fetchScreenImage(url, signal), staleTime: Infinity });
    return { title: s.spec.title, blob };
  };

  const close = () => {
    revs.current.clear();
    setWs(null);
  };

  return { ws, busy, openTry, openProject, setLook, editScreen, save, fileOf, close };
}
