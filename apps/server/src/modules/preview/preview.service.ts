import { createHash, randomBytes } from 'node:crypto';
import {
  ApiCode,
  SCREENSHOT_LIMITS,
  ZScreenSpec,
  type Platform,
  type PreviewImage,
  type ProjectPreview,
  type ProjectScreen,
  type RenderPreviewResult,
  type ScreenSpec,
  type ThemeId,
  type ZRenderPreviewRequest,
  type ZSavePreviewRequest,
} from '@mazhu/contracts';
import { type ScreenFigureInput, buildPrototype, describeScreen, platformOf, renderScreens, resolveSoftwareForm, screenOperationSteps, SOFTWARE_FORMS, type DiagramCode, type Prototype, type SoftwareForm } from '@mazhu/docgen';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { createProjectsRepo, type ModuleRow, type ProjectRow } from '../projects/projects.repo';
import { readForm } from '../projects/projects.presenter';
import type { ScreenReader } from './ocr';
import { createPreviewRepo, type ScreenRow } from './preview.repo';
import { checkScreen } from './screen-checks';

export interface PreviewServiceDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** OCR of uploaded screenshots; without it an upload's name/version check says it could not be read. */
  reader?: ScreenReader;
  /** Today as YYYY-MM-DD (the latest date a prototype shows when the project has no completion date). */
  today?: () => string;
}

/** A figure for the materials: the image and what the manual says next to it. */
export interface ProjectFigure {
  /** login, main, module, arch (architecture diagram) or modules (module diagram). */
  key: string;
  moduleId: number | null;
  moduleName: string;
  title: string;
  /** prototype: rendered from the screen description (diagrams too); upload: the user's own screenshot. */
  source: 'prototype' | 'upload';
  kind: ScreenSpec['kind'];
  data: Buffer;
  /** Where `data` is stored (its print version is kept beside it, `printKeyOf`). */
  blobKey: string;
  mime: string;
  /** What the figure shows, naming the fields and buttons drawn (prototypes; empty for uploads). */
  lead: string;
  /** 操作步骤 naming the screen's actual buttons and fields (prototypes; empty for uploads and diagrams). */
  steps: string[];
  checks: ProjectScreen['checks'];
}

interface Ctx {
  project: ProjectRow;
  modules: ModuleRow[];
  codeLabels: string[];
  completionDate?: string;
  /**
   * The frame of the screens, undefined for software without a user interface: the software form decides, as it
   * decides 操作手册 or 设计说明书 (docgen resolveSoftwareForm: the user's form, else the code's, else the platform text).
   */
  frame?: Platform;
  /** The code's structure for the diagrams of software without a user interface. */
  code?: DiagramCode;
}

/** The platform frame a software form is drawn in. */
const FORM_PLATFORM: Partial<Record<SoftwareForm, Platform>> = { 'web-admin': 'web-admin', website: 'web-site', mobile: 'mobile', miniprogram: 'mobile', desktop: 'desktop' };

interface StoredAnalysis {
  entry?: string;
  languages?: string[];
  form?: { form?: string; label?: string };
  hints?: {
    menuItems?: unknown[];
    units?: { label?: string; words?: string[]; evidence?: { file?: string }[] }[];
    api?: DiagramCode['api'];
  };
}

/** The diagrams' view of the code from an upload's stored analysis (what `diagramCodeOf` gives for a fresh one). */
function storedDiagramCode(a: StoredAnalysis): DiagramCode {
  const str = (x: unknown): x is string => typeof x === 'string';
  return {
    formLabel: a.form?.label,
    entry: a.entry || undefined,
    languages: (a.languages ?? []).filter(str),
    units: (a.hints?.units ?? []).map((u) => ({ label: u.label || (u.words ?? []).join(' '), files: [...new Set((u.evidence ?? []).map((e) => e.file).filter(str))] })).filter((u) => u.label),
    api: (a.hints?.api ?? []).filter((x) => str(x?.name) && str(x?.signature) && str(x?.kind)),
  };
}

interface Settings {
  theme: ThemeId;
  color: string;
  platform: Platform | '';
}

const keyOf = (specKey: string) => (specKey.startsWith('module-') ? 'module' : specKey);
const sha = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');
const parseJson = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

/**
 * Prototype screens and screenshots of projects (/preview-software and the wizards' module step) and the figures of
 * the manual. A project's screens are kept in step with its modules: a login screen, the main screen and one screen per
 * functional module (or, for software without a user interface, an architecture and a module diagram); a prototype is
 * rendered again when its description or the project's look, name or version changes; an uploaded screenshot replaces
 * its prototype until it is removed. Every call is scoped to the owner (another user's id → 404).
 */
export function createPreviewService(deps: PreviewServiceDeps) {
  const { db, blobs, reader } = deps;
  const today = deps.today ?? (() => nowIso().slice(0, 10));
  const projects = createProjectsRepo(db);
  const repo = createPreviewRepo(db);

  async function loadCtx(projectId: number, userId?: number): Promise<Ctx> {
    const project = userId === undefined ? await projects.findById(projectId) : await projects.findOwned(projectId, userId);
    if (!project) throw notFound('项目不存在或无权访问');
    const modules = await projects.listModules(projectId);
    const u = project.upload_id ? await projects.findUpload(project.upload_id) : undefined;
    const analysis = u ? parseJson<StoredAnalysis>(u.analysis_json, {}) : undefined;
    const codeLabels = Array.isArray(analysis?.hints?.menuItems) ? analysis.hints.menuItems.filter((x): x is string => typeof x === 'string') : [];
    const detected = SOFTWARE_FORMS.find((f) => f === analysis?.form?.form);
    const chosen = SOFTWARE_FORMS.find((f) => f === project.software_form);
    const form = resolveSoftwareForm({ softwareForm: chosen, platform: project.platform || undefined, category: project.category as never }, detected ? { form: { form: detected } as never } : undefined);
    const fromText = platformOf(project.platform, project.category);
    const frame = FORM_PLATFORM[form] && (!chosen && !detected && fromText !== 'none' ? fromText : FORM_PLATFORM[form]);
    return { project, modules, codeLabels, completionDate: readForm(project).completionDate, frame, code: analysis ? storedDiagramCode(analysis) : undefined };
  }

  async function settingsOf(projectId: number): Promise<Settings> {
    const s = await repo.settings(projectId);
    return { theme: (s?.theme as ThemeId) || 'classic', color: s?.color ?? '', platform: (s?.platform as Platform) || '' };
  }

  function prototypeOf(ctx: Ctx, st: Settings): Prototype {
    const p = ctx.project;
    return buildPrototype({
      name: p.name,
      version: p.version,
      shortName: p.short_name || undefined,
      platform: p.platform,
      hasUi: Boolean(ctx.frame),
      platformId: ctx.frame ? st.platform || ctx.frame : undefined,
      category: p.category,
      code: ctx.code,
      completionDate: ctx.completionDate,
      today: today(),
      modules: ctx.modules.map((m) => ({ name: m.name, description: m.description, operations: parseJson<string[]>(m.operations, []) })),
      codeLabels: ctx.codeLabels,
      theme: st.theme,
      color: st.color || undefined,
    });
  }

  /**
   * Brings the stored screens in line with the project: adds screens of new modules, drops those of removed modules,
   * re-renders prototypes whose description or look changed (`edits` replace descriptions by screen id). Blobs are
   * written before the transaction and old ones deleted after it.
   */
  async function sync(ctx: Ctx, st: Settings, edits = new Map<number, ScreenSpec>()): Promise<{ proto: Prototype; rows: ScreenRow[] }> {
    const proto = prototypeOf(ctx, st);
    const rows = await repo.listScreens(ctx.project.id);
    const used = new Set<number>();
    const modules = proto.hasUi ? ctx.modules.slice(0, 30) : [];
    const plan = proto.screens.map((fresh, i) => {
      const key = keyOf(fresh.key);
      const module = key === 'module' ? modules[i - 2] : undefined;
      let row: ScreenRow | undefined;
      if (module) {
        // By module id, then by name; a module saved again under a new name (the wizards replace the list, so ids
        // change too) keeps the screen of the module that stood at its place and no longer exists — an uploaded
        // screenshot is never dropped by a rename.
        const orphan = (r: ScreenRow) => !modules.some((m) => m.id === r.module_id || m.name === r.module_name);
        row =
          rows.find((r) => r.key === 'module' && r.module_id === module.id && !used.has(r.id)) ??
          rows.find((r) => r.key === 'module' && r.module_name === module.name && !used.has(r.id)) ??
          rows.find((r) => r.key === 'module' && r.sort === i && !used.has(r.id) && orphan(r));
      } else row = rows.find((r) => r.key === key && !used.has(r.id));
      if (row) used.add(row.id);
      const stored = row ? ZScreenSpec.safeParse(parseJson(row.spec_json, null)) : undefined;
      const edited = row ? edits.get(row.id) : undefined;
      // A module renamed gets a fresh description; otherwise the stored one keeps the user's edits.
      const keep = stored?.success && stored.data.kind === fresh.kind && (!module || row?.module_name === module.name);
      const base = edited ?? (keep ? stored.data : fresh);
      const spec: ScreenSpec = { ...base, key: fresh.key, kind: fresh.kind };
      return { row, module, key, spec, hash: sha({ app: proto.app, spec }) };
    });
    const toRender = plan.filter((x) => !x.row || (x.row.source === 'prototype' && x.row.render_hash !== x.hash));
    const rendered = toRender.length ? await renderScreens(proto.app, toRender.map((x) => x.spec)) : [];
    const images = new Map<(typeof plan)[number], { key: string; r: (typeof rendered)[number] }>();
    for (const [i, x] of toRender.entries()) {
      const r = rendered[i];
      const blobKey = `screens/${ctx.project.id}/${x.key}-${randomBytes(8).toString('hex')}.png`;
      await blobs.put(blobKey, r.png);
      images.set(x, { key: blobKey, r });
    }
    const stale: string[] = [];
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      for (const [sort, x] of plan.entries()) {
        const img = images.get(x);
        const common = { key: x.key, module_id: x.module?.id ?? null, module_name: x.module?.name ?? '', title: x.spec.title, kind: x.spec.kind, spec_json: JSON.stringify(x.spec), sort, updated_at: now };
        const image = img ? { blob_key: img.key, mime: 'image/png', width: img.r.width, height: img.r.height, render_hash: x.hash, texts_json: JSON.stringify(img.r.texts) } : {};
        if (x.row) {
          if (img && x.row.source === 'prototype') stale.push(x.row.blob_key);
          await repo.updateScreen(x.row.id, { ...common, ...image }, trx);
        } else if (img) {
          await repo.insertScreen({ project_id: ctx.project.id, user_id: ctx.project.user_id, source: 'prototype', created_at: now, ...common, ...(image as Required<typeof image>) }, trx);
        }
      }
      const gone = rows.filter((r) => !used.has(r.id));
      stale.push(...gone.map((r) => r.blob_key));
      await repo.deleteScreens(gone.map((r) => r.id), trx);
    });
    for (const k of stale) await dropImage(k);
    return { proto, rows: await repo.listScreens(ctx.project.id) };
  }

  function presentScreen(ctx: Ctx, r: ScreenRow): ProjectScreen {
    const spec = ZScreenSpec.parse(parseJson(r.spec_json, null));
    return {
      id: r.id,
      key: r.key,
      moduleId: r.module_id,
      title: r.title,
      kind: spec.kind,
      source: r.source,
      spec,
      width: r.width,
      height: r.height,
      imageUrl: `/api/getScreenImage?id=${r.id}&v=${encodeURIComponent(r.blob_key.slice(-20))}`,
      checks: checksOf(ctx, r),
      sort: r.sort,
    };
  }

  function checksOf(ctx: Ctx, r: ScreenRow) {
    return checkScreen({
      name: ctx.project.name,
      shortName: ctx.project.short_name || undefined,
      version: ctx.project.version,
      texts: parseJson<string[]>(r.texts_json, []),
      width: r.width,
      height: r.height,
      source: r.source,
      diagram: r.kind === 'architecture' || r.kind === 'module-diagram',
    });
  }

  function present(ctx: Ctx, st: Settings, proto: Prototype, rows: ScreenRow[]): ProjectPreview {
    return {
      projectId: ctx.project.id,
      name: ctx.project.name,
      version: ctx.project.version,
      platform: proto.app.platform,
      theme: st.theme,
      color: st.color || '',
      hasUi: proto.hasUi,
      screens: rows.map((r) => presentScreen(ctx, r)),
    };
  }

  /** Checks, re-encodes (PNG, or JPEG when large; EXIF orientation applied, metadata stripped) and measures an upload. */
  async function normaliseUpload(bytes: Buffer): Promise<{ data: Buffer; mime: string; width: number; height: number }> {
    const L = SCREENSHOT_LIMITS;
    if (bytes.length > L.maxBytes) throw new AppError(ApiCode.PayloadTooLarge, `截图不能超过 ${L.maxBytes / 1024 / 1024} MB`);
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: L.maxPixels }).metadata();
    } catch {
      throw badRequest('无法读取该图片：请上传 PNG 或 JPEG 格式的截图');
    }
    if (meta.format !== 'png' && meta.format !== 'jpeg') throw badRequest('截图只支持 PNG 或 JPEG 格式');
    const swap = (meta.orientation ?? 1) >= 5;
    const width = (swap ? meta.height : meta.width) ?? 0;
    const height = (swap ? meta.width : meta.height) ?? 0;
    if (width < L.minWidth || height < L.minHeight) throw badRequest(`截图尺寸 ${width}×${height} 过小：宽和高至少 ${L.minWidth} 像素`);
    if (width > L.maxWidth || height > L.maxHeight) throw badRequest(`截图尺寸 ${width}×${height} 过大：宽和高不能超过 ${L.maxWidth} 像素`);
    try {
      // Re-encoding drops everything but the pixels (EXIF, GPS, ICC comments, text chunks); no withMetadata().
      const base = sharp(bytes, { limitInputPixels: L.maxPixels }).rotate().resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true });
      const png = await base.clone().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer({ resolveWithObject: true });
      if (png.data.length <= 1_500_000) return { data: png.data, mime: 'image/png', width: png.info.width, height: png.info.height };
      const jpg = await base.clone().jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      return { data: jpg.data, mime: 'image/jpeg', width: jpg.info.width, height: jpg.info.height };
    } catch {
      throw badRequest('图片已损坏或无法解码，请重新截图后上传');
    }
  }

  async function ocr(data: Buffer): Promise<string[]> {
    if (!reader) return [];
    try {
      return await reader.read(data);
    } catch {
      return [];
    }
  }

  /**
   * Replaces a screen's image with the user's own screenshot (the prototype's description is kept so the upload can be
   * removed again). The image is re-encoded and read by OCR for the checks. Resolves with the screen as shown.
   * Throws 404 for another user's screen, 400/413 for a file that is not an acceptable screenshot.
   */
  async function replaceScreenImage(userId: number, screenId: number, bytes: Buffer): Promise<ProjectScreen> {
    const row = await repo.findOwnedScreen(screenId, userId);
    if (!row) throw notFound('项目不存在或无权访问');
    const img = await normaliseUpload(bytes);
    const texts = await ocr(img.data);
    const blobKey = `screens/${row.project_id}/${row.key}-upload-${randomBytes(8).toString('hex')}.${img.mime === 'image/png' ? 'png' : 'jpg'}`;
    await blobs.put(blobKey, img.data);
    await repo.updateScreen(row.id, { source: 'upload', blob_key: blobKey, mime: img.mime, width: img.width, height: img.height, texts_json: JSON.stringify(texts), updated_at: nowIso() });
    await dropImage(row.blob_key);
    const ctx = await loadCtx(row.project_id, userId);
    return presentScreen(ctx, (await repo.findOwnedScreen(screenId, userId))!);
  }

  /** Deletes a stored screen image and its print version; absent blobs are ignored. */
  async function dropImage(key: string): Promise<void> {
    await blobs.delete(key).catch(() => undefined);
    await blobs.delete(printKeyOf(key)).catch(() => undefined);
  }

  /** The figure as printed (`printImage`), made once per stored image and kept beside it. */
  async function printVersion(f: ProjectFigure): Promise<Uint8Array<ArrayBuffer>> {
    const key = printKeyOf(f.blobKey);
    if (await blobs.exists(key)) return Uint8Array.from(await blobs.get(key));
    const data = await printImage(f.data);
    await blobs.put(key, data);
    return data;
  }

  const service = {
    /** /preview-software without a project: renders a described software (or edited screens) to PNG data URLs. */
    async renderAnonymous(req: z.output<typeof ZRenderPreviewRequest>): Promise<RenderPreviewResult> {
      const t = performance.now();
      const proto = buildPrototype({
        name: req.app.name,
        version: req.app.version,
        shortName: req.app.shortName,
        platformId: req.app.platform,
        completionDate: req.completionDate,
        today: today(),
        modules: req.modules,
        theme: req.app.theme,
        color: req.app.color,
      });
      const screens = req.screens?.length ? req.screens : proto.screens;
      const menu = req.menu ?? (req.screens?.length ? req.screens.filter((s) => s.key.startsWith('module-')).map((s) => s.title) : proto.app.menu);
      const app = { ...proto.app, menu };
      const out = await renderScreens(app, screens);
      const images: PreviewImage[] = out.map((r, i) => ({ key: r.key, title: r.title, kind: screens[i].kind, spec: screens[i], width: r.width, height: r.height, dataUrl: `data:image/png;base64,${r.png.toString('base64')}` }));
      return { app, hasUi: proto.hasUi, screens: images, ms: Math.round(performance.now() - t) };
    },

    /** A project's screens (creates and renders the prototypes on first use). */
    async getPreview(userId: number, projectId: number): Promise<ProjectPreview> {
      const ctx = await loadCtx(projectId, userId);
      const st = await settingsOf(projectId);
      const { proto, rows } = await sync(ctx, st);
      return present(ctx, st, proto, rows);
    },

    /** Saves the look (theme, colour, platform) and edited screen descriptions, and re-renders what changed. */
    async savePreview(userId: number, req: z.output<typeof ZSavePreviewRequest>): Promise<ProjectPreview> {
      const ctx = await loadCtx(req.id, userId);
      const cur = await settingsOf(req.id);
      const st: Settings = { theme: req.theme ?? cur.theme, color: req.color ?? cur.color, platform: req.platform ?? cur.platform };
      const rows = await repo.listScreens(req.id);
      const edits = new Map<number, ScreenSpec>();
      for (const e of req.screens ?? []) {
        if (!rows.some((r) => r.id === e.id)) throw notFound('界面不存在或无权访问');
        edits.set(e.id, e.spec);
      }
      await repo.saveSettings({ project_id: req.id, theme: st.theme, color: st.color, platform: st.platform, updated_at: nowIso() });
      const { proto, rows: after } = await sync(ctx, st, edits);
      return present(ctx, st, proto, after);
    },

    /** The image bytes of an owned screen. */
    async openImage(userId: number, screenId: number): Promise<{ data: Buffer; mime: string }> {
      const row = await repo.findOwnedScreen(screenId, userId);
      if (!row) throw notFound('项目不存在或无权访问');
      return { data: await blobs.get(row.blob_key), mime: row.mime };
    },

    replaceScreenImage,

    /** Removes an uploaded screenshot: the screen shows its prototype again. */
    async removeScreenshot(userId: number, screenId: number): Promise<ProjectScreen> {
      const row = await repo.findOwnedScreen(screenId, userId);
      if (!row) throw notFound('项目不存在或无权访问');
      if (row.source === 'upload') {
        await repo.updateScreen(row.id, { source: 'prototype', render_hash: '', updated_at: nowIso() });
        const ctx = await loadCtx(row.project_id, userId);
        await sync(ctx, await settingsOf(row.project_id));
        await dropImage(row.blob_key);
      }
      const ctx = await loadCtx(row.project_id, userId);
      return presentScreen(ctx, (await repo.findOwnedScreen(screenId, userId))!);
    },

    /**
     * The figures of a project's manual, in order (login, main, modules; or the two diagrams), brought up to date
     * first. For the generation job (no user scoping: the job already belongs to the project).
     */
    async figuresOf(projectId: number): Promise<{ hasUi: boolean; figures: ProjectFigure[] }> {
      const ctx = await loadCtx(projectId);
      const st = await settingsOf(projectId);
      const { proto, rows } = await sync(ctx, st);
      const figures: ProjectFigure[] = [];
      for (const r of rows) {
        const spec = ZScreenSpec.parse(parseJson(r.spec_json, null));
        const drawn = r.source === 'prototype' ? parseJson<string[]>(r.texts_json, []) : undefined;
        figures.push({
          key: r.key,
          moduleId: r.module_id,
          moduleName: r.module_name,
          title: r.title,
          source: r.source,
          kind: spec.kind,
          data: await blobs.get(r.blob_key),
          blobKey: r.blob_key,
          mime: r.mime,
          lead: drawn ? describeScreen(spec, drawn) : '',
          steps: drawn ? screenOperationSteps(spec, drawn) : [],
          checks: checksOf(ctx, r),
        });
      }
      return { hasUi: proto.hasUi, figures };
    },

    /**
     * The project's screens as the figures of its document (docgen `ZScreenFigure`): login, main and one per module
     * (by the module's index in sort order), or the two diagrams; each with what it shows, the steps it names and its
     * failed checks, re-encoded for print (`printImage`). For the generation jobs (not user-scoped).
     */
    async documentFigures(projectId: number): Promise<ScreenFigureInput[]> {
      const modules = await projects.listModules(projectId);
      const { figures } = await service.figuresOf(projectId);
      const out: ScreenFigureInput[] = [];
      for (const f of figures) {
        const moduleIndex = f.key === 'module' ? modules.findIndex((m) => m.id === f.moduleId) : undefined;
        if (moduleIndex === -1) continue;
        const diagram = f.kind === 'architecture' || f.kind === 'module-diagram';
        out.push({
          place: f.kind === 'architecture' ? 'architecture' : f.kind === 'module-diagram' ? 'module-diagram' : (f.key as 'login' | 'main' | 'module'),
          moduleIndex,
          data: await printVersion(f),
          source: diagram ? 'diagram' : f.source,
          lead: f.lead,
          steps: f.steps,
          issues: f.checks.filter((c) => !c.ok).map((c) => c.message),
        });
      }
      return out;
    },
  };
  return service;
}
export type PreviewService = ReturnType<typeof createPreviewService>;

/** Where the print version of the stored image `blobKey` is kept: stored images are never overwritten (new key per image). */
const printKeyOf = (blobKey: string) => `${blobKey}.print`;

/** Longest side of a figure in the documents: 2000 px over the 451 pt text width is about 320 dpi. */
const PRINT_MAX_PX = 2000;
/** A figure larger than this as PNG is stored as JPEG, so 20 figures keep a manual well under 10 MB. */
const PRINT_PNG_MAX_BYTES = 450_000;

/**
 * A screen image as printed in the manual (PDF and DOCX embed the same bytes): transparency flattened on white (an
 * opaque RGB PNG goes into the PDF without being decoded), at most PRINT_MAX_PX on its longest side, PNG or, when
 * that is over PRINT_PNG_MAX_BYTES (photos, gradients), JPEG quality 85. Resolves with the bytes.
 */
export async function printImage(data: Buffer): Promise<Uint8Array<ArrayBuffer>> {
  const base = sharp(data).flatten({ background: '#ffffff' }).resize({ width: PRINT_MAX_PX, height: PRINT_MAX_PX, fit: 'inside', withoutEnlargement: true });
  let out = await base.clone().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  if (out.length > PRINT_PNG_MAX_BYTES) out = await base.clone().jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return new Uint8Array(out);
}
