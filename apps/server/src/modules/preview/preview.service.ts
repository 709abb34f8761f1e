import { createHash, randomBytes } from 'node:crypto';
import {
  ApiCode,
  SCREENSHOT_LIMITS,
  ZScreenSpec,
  type ZAssignScreenshotsRequest,
  type PackShot,
  type ScreenshotPackResult,
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
import { type ScreenFigureInput, buildPrototype, codeScreensOf, describeScreen, modulePages, platformOf, renderScreens, resolveSoftwareForm, screenFactsOf, screenOperationSteps, SOFTWARE_FORMS, type CodeScreens, type DiagramCode, type PageFacts, type Prototype, type ScreenFacts, type SoftwareForm } from '@mazhu/docgen';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { createProjectsRepo, type ModuleRow, type ProjectRow } from '../projects/projects.repo';
import { readForm } from '../projects/projects.presenter';
import type { OcrLine, ScreenReader } from './ocr';
import { linesWithout, maskImage, presentPersonal, readPack, screenByOcr, screenByTitle, screenFindings, type MatchTarget, type ScreenFindings } from './screenshot-pack';
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
  /** What each module's own page shows in the code (by module id). */
  pageOf: Map<number, ScreenFacts>;
  /** The code's login page (null: the code has no login), home page and tab bar (docgen codeScreensOf). */
  shell: CodeScreens;
}

/** The platform frame a software form is drawn in. */
const FORM_PLATFORM: Partial<Record<SoftwareForm, Platform>> = { 'web-admin': 'web-admin', website: 'web-site', mobile: 'mobile', miniprogram: 'mobile', desktop: 'desktop' };

interface StoredAnalysis {
  entry?: string;
  languages?: string[];
  form?: { form?: string; label?: string };
  hints?: {
    menuItems?: unknown[];
    routes?: unknown[];
    units?: { key?: string; label?: string; words?: string[]; evidence?: { file?: string }[] }[];
    api?: DiagramCode['api'];
    pages?: PageFacts[];
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

/** A staged image of a screenshot pack (`packs/<user>/<pack>/pack.json`), kept until it is assigned. */
interface StagedShot {
  file: string;
  mime: string;
  ext: 'png' | 'jpg';
  width: number;
  height: number;
  texts: string[];
  findings: ScreenFindings;
}

interface StagedPack {
  projectId: number;
  createdAt: string;
  shots: StagedShot[];
}

interface Settings {
  theme: ThemeId;
  color: string;
  platform: Platform | '';
}

/** A staged screenshot pack not assigned within this time has expired (removed, answers 404). */
export const PACK_TTL_MS = 24 * 60 * 60 * 1000;
/** Staged packs kept per user: uploading one more removes the oldest unsaved one. */
export const PACKS_KEPT = 3;
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
    // Each module's screen is drawn from its own page in the code (the pages its evidence names), when there is one.
    const pages = Array.isArray(analysis?.hints?.pages) ? analysis.hints.pages.filter((x) => x && typeof x.file === 'string' && Array.isArray(x.buttons)) : [];
    const pageOf = new Map<number, ScreenFacts>();
    for (const m of modules) {
      const facts = screenFactsOf(modulePages(pages, parseJson<string[]>(m.evidence, [])));
      if (facts) pageOf.set(m.id, facts);
    }
    // The login, home page and tab bar the code has (no login screen for code without a login).
    const str = (x: unknown): x is string => typeof x === 'string';
    const shell = codeScreensOf(pages, { units: (analysis?.hints?.units ?? []).map((x) => ({ key: x?.key ?? '' })), routes: (analysis?.hints?.routes ?? []).filter(str) });
    return { project, modules, codeLabels, completionDate: readForm(project).completionDate, frame, code: analysis ? storedDiagramCode(analysis) : undefined, pageOf, shell };
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
      modules: ctx.modules.map((m) => ({ name: m.name, description: m.description, operations: parseJson<string[]>(m.operations, []), page: ctx.pageOf.get(m.id) })),
      login: ctx.shell.login,
      home: ctx.shell.home,
      tabBar: ctx.shell.tabBar,
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
    const rows = await repo.listScreens(ctx.project.id);
    let proto = prototypeOf(ctx, st);
    // A login screenshot the user uploaded stays although the code shows no login: the user has seen it sign in.
    if (ctx.shell.login === null && rows.some((r) => r.key === 'login' && r.source === 'upload')) proto = prototypeOf({ ...ctx, shell: { ...ctx.shell, login: undefined } }, st);
    const used = new Set<number>();
    const modules = proto.hasUi ? ctx.modules.slice(0, 30) : [];
    const plan = proto.screens.map((fresh, i) => {
      const key = keyOf(fresh.key);
      const module = key === 'module' ? modules[Number(fresh.key.slice('module-'.length)) - 1] : undefined;
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
      // A module renamed gets a fresh description; otherwise the stored one keeps the user's edits. A main screen
      // stored with statistics, a chart or records was made up by earlier versions (no home page gives them): redrawn.
      const madeUp = key === 'main' && stored?.success && (stored.data.stats.length > 0 || !!stored.data.chart || stored.data.rows.length > 0);
      const keep = !madeUp && stored?.success && stored.data.kind === fresh.kind && (!module || row?.module_name === module.name);
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
    const findings = r.source === 'upload' ? parseJson<ScreenFindings>(r.findings_json, {}) : {};
    return checkScreen({
      blank: findings.blank,
      personal: presentPersonal(findings.personal ?? []),
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

  /** The OCR lines of an image, and the lines with their boxes when the reader gives them; empty when unreadable. */
  async function ocr(data: Buffer): Promise<{ lines: string[]; boxes: OcrLine[] }> {
    if (!reader) return { lines: [], boxes: [] };
    try {
      return reader.readDetailed ? await reader.readDetailed(data) : { lines: await reader.read(data), boxes: [] };
    } catch {
      return { lines: [], boxes: [] };
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
    const read = await ocr(img.data);
    const findings = await screenFindings(img.data, read.boxes);
    const blobKey = `screens/${row.project_id}/${row.key}-upload-${randomBytes(8).toString('hex')}.${img.mime === 'image/png' ? 'png' : 'jpg'}`;
    await blobs.put(blobKey, img.data);
    await repo.updateScreen(row.id, {
      source: 'upload',
      blob_key: blobKey,
      mime: img.mime,
      width: img.width,
      height: img.height,
      texts_json: JSON.stringify(read.lines),
      findings_json: JSON.stringify(findings),
      updated_at: nowIso(),
    });
    await dropImage(row.blob_key);
    const ctx = await loadCtx(row.project_id, userId);
    return presentScreen(ctx, (await repo.findOwnedScreen(screenId, userId))!);
  }

  /**
   * A staged pack of the user (its key carries the user's id, so another user's pack id is "not found"). A pack not
   * assigned within PACK_TTL_MS has expired: it is removed and answers 404.
   */
  async function loadPack(userId: number, packId: string): Promise<StagedPack> {
    if (!/^[a-f0-9]{16}$/.test(packId)) throw notFound('截图包不存在或已过期，请重新上传');
    const key = `packs/${userId}/${packId}/pack.json`;
    if (!(await blobs.exists(key))) throw notFound('截图包不存在或已过期，请重新上传');
    const pack = parseJson<StagedPack>((await blobs.get(key)).toString('utf8'), { projectId: 0, createdAt: '', shots: [] });
    if (!(Date.parse(pack.createdAt) > Date.now() - PACK_TTL_MS)) {
      await dropPack(userId, packId, pack);
      throw notFound('截图包已过期（上传后 24 小时内未保存），请重新上传');
    }
    return pack;
  }

  /**
   * The user's staged packs (`packs/<user>/index.json`, newest last), after removing those that expired and all
   * but the newest PACKS_KEPT − 1, to make room for one more: unsaved packs never pile up in storage.
   */
  async function prunePacks(userId: number): Promise<{ id: string; createdAt: string }[]> {
    const indexKey = `packs/${userId}/index.json`;
    const index = (await blobs.exists(indexKey)) ? parseJson<{ id: string; createdAt: string }[]>((await blobs.get(indexKey)).toString('utf8'), []) : [];
    const fresh = index.filter((p) => Date.parse(p.createdAt) > Date.now() - PACK_TTL_MS);
    const kept = fresh.slice(-(PACKS_KEPT - 1));
    for (const p of index) {
      if (kept.includes(p)) continue;
      const key = `packs/${userId}/${p.id}/pack.json`;
      if (await blobs.exists(key)) await dropPack(userId, p.id, parseJson<StagedPack>((await blobs.get(key)).toString('utf8'), { projectId: 0, createdAt: '', shots: [] }));
    }
    return kept;
  }

  async function dropPack(userId: number, packId: string, pack: StagedPack): Promise<void> {
    for (const [i, s] of pack.shots.entries()) await blobs.delete(`packs/${userId}/${packId}/${i}.${s.ext}`).catch(() => undefined);
    await blobs.delete(`packs/${userId}/${packId}/pack.json`).catch(() => undefined);
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

    /**
     * Stages a screenshot pack (a zip from `mazhu capture` or of any PNG/JPEG files, or one image) for a project the
     * user owns and matches each image to a screen: by the manifest's module, then its title; else by the page title
     * read by OCR; else none (the user chooses). Each image is re-encoded like a single upload (`normaliseUpload`),
     * read by OCR and checked (`checkScreen`: name/version, size, blank, watermark, personal data). Nothing of the
     * project changes until `assignScreenshots`. Images that are not acceptable are listed in `rejected`. Throws
     * 404 for another user's project, 400/413 for a file that is not a pack or over the limits (PACK_LIMITS).
     */
    async uploadPack(userId: number, projectId: number, bytes: Buffer): Promise<ScreenshotPackResult> {
      const ctx = await loadCtx(projectId, userId);
      const pack = await readPack(bytes);
      const { rows } = await sync(ctx, await settingsOf(projectId));
      const targets: MatchTarget[] = rows.filter((r) => r.kind !== 'architecture' && r.kind !== 'module-diagram').map((r) => ({ id: r.id, key: r.key, title: r.title, moduleName: r.module_name }));
      if (!targets.length) throw badRequest('该项目没有界面（软件没有用户界面时，手册使用结构图），无需上传截图');
      const packId = randomBytes(8).toString('hex');
      const used = new Set<number>();
      const staged: StagedShot[] = [];
      const shots: PackShot[] = [];
      const rejected = [...pack.rejected];
      for (const image of pack.images) {
        let img: Awaited<ReturnType<typeof normaliseUpload>>;
        try {
          img = await normaliseUpload(image.data);
        } catch (e) {
          rejected.push({ file: image.file, msg: e instanceof AppError ? e.message : '无法读取该图片' });
          continue;
        }
        const read = await ocr(img.data);
        const findings = await screenFindings(img.data, read.boxes);
        const entry = pack.manifest?.shots.find((x) => x.file === image.file);
        let target = entry && ((entry.module ? screenByTitle(entry.module, targets, used) : undefined) ?? screenByTitle(entry.title, targets, used));
        let matchedBy: PackShot['matchedBy'] = target ? 'manifest' : null;
        let title = entry?.title ?? '';
        if (!target) {
          const byOcr = screenByOcr(read.boxes, img.width, targets, used);
          if (byOcr) {
            target = byOcr.target;
            matchedBy = 'ocr';
            title ||= byOcr.title;
          }
        }
        if (target) used.add(target.id);
        const index = staged.length;
        const ext = img.mime === 'image/png' ? 'png' : 'jpg';
        await blobs.put(`packs/${userId}/${packId}/${index}.${ext}`, img.data);
        staged.push({ file: image.file, mime: img.mime, ext, width: img.width, height: img.height, texts: read.lines, findings });
        shots.push({
          index,
          file: image.file,
          title: title || image.file.replace(/^\d+-/, '').replace(/\.(png|jpe?g)$/i, ''),
          url: entry?.url ?? null,
          width: img.width,
          height: img.height,
          screenId: target?.id ?? null,
          matchedBy,
          checks: checkScreen({ name: ctx.project.name, shortName: ctx.project.short_name || undefined, version: ctx.project.version, texts: read.lines, width: img.width, height: img.height, source: 'upload', blank: findings.blank, personal: presentPersonal(findings.personal ?? []) }),
          personal: presentPersonal(findings.personal ?? []),
          imageUrl: `/api/getPackImage?packId=${packId}&index=${index}`,
        });
      }
      if (!staged.length) throw badRequest(`截图包中没有可用的截图：${rejected.map((r) => `${r.file}（${r.msg}）`).join('；')}`);
      const record: StagedPack = { projectId, createdAt: nowIso(), shots: staged };
      await blobs.put(`packs/${userId}/${packId}/pack.json`, Buffer.from(JSON.stringify(record)));
      const kept = await prunePacks(userId);
      await blobs.put(`packs/${userId}/index.json`, Buffer.from(JSON.stringify([...kept, { id: packId, createdAt: record.createdAt }])));
      return { packId, projectId, shots, rejected, manifestNote: pack.manifestNote };
    },

    /** A staged image of the user's own pack. Throws 404 otherwise. */
    async packImage(userId: number, packId: string, index: number): Promise<{ data: Buffer; mime: string }> {
      const pack = await loadPack(userId, packId);
      const shot = pack.shots[index];
      if (!shot) throw notFound('截图不存在或已保存');
      return { data: await blobs.get(`packs/${userId}/${packId}/${index}.${shot.ext}`), mime: shot.mime };
    },

    /**
     * Saves the user's assignment of a staged pack: each chosen image (masked first when asked and personal data was
     * found) replaces its screen's image, all in one transaction; the staged pack is removed afterwards. Throws 404
     * for another user's project, pack or screen, 400 for an index not in the pack.
     */
    async assignScreenshots(userId: number, req: z.output<typeof ZAssignScreenshotsRequest>): Promise<ProjectPreview> {
      const ctx = await loadCtx(req.projectId, userId);
      const pack = await loadPack(userId, req.packId);
      if (pack.projectId !== req.projectId) throw notFound('截图包不存在或已过期，请重新上传');
      const rows = await repo.listScreens(req.projectId);
      const writes: { row: ScreenRow; patch: Partial<ScreenRow> }[] = [];
      const fresh: string[] = [];
      try {
        for (const item of req.items) {
          const row = rows.find((r) => r.id === item.screenId);
          if (!row) throw notFound('界面不存在或无权访问');
          const shot = pack.shots[item.index];
          if (!shot) throw badRequest(`截图包中没有第 ${item.index + 1} 张截图`);
          let data = await blobs.get(`packs/${userId}/${req.packId}/${item.index}.${shot.ext}`);
          let findings = shot.findings;
          let texts = shot.texts;
          if (item.mask && findings.personal?.length) {
            data = await maskImage(data, shot.mime, findings.personal);
            texts = linesWithout(texts, findings.personal);
            findings = { ...findings, personal: [] };
          }
          const blobKey = `screens/${req.projectId}/${row.key}-upload-${randomBytes(8).toString('hex')}.${shot.ext}`;
          await blobs.put(blobKey, data);
          fresh.push(blobKey);
          writes.push({ row, patch: { source: 'upload', blob_key: blobKey, mime: shot.mime, width: shot.width, height: shot.height, texts_json: JSON.stringify(texts), findings_json: JSON.stringify(findings), updated_at: nowIso() } });
        }
        await db.transaction().execute(async (trx) => {
          for (const w of writes) await repo.updateScreen(w.row.id, w.patch, trx);
        });
      } catch (e) {
        for (const k of fresh) await blobs.delete(k).catch(() => undefined);
        throw e;
      }
      for (const w of writes) await dropImage(w.row.blob_key);
      await dropPack(userId, req.packId, pack);
      const st = await settingsOf(req.projectId);
      const { proto, rows: after } = await sync(ctx, st);
      return present(ctx, st, proto, after);
    },

    /**
     * Draws filled boxes over the personal data found on an uploaded screenshot and keeps the masked image instead.
     * Throws 404 for another user's screen, 400 when there is nothing to mask.
     */
    async maskScreenshot(userId: number, screenId: number): Promise<ProjectScreen> {
      const row = await repo.findOwnedScreen(screenId, userId);
      if (!row) throw notFound('项目不存在或无权访问');
      const findings = parseJson<ScreenFindings>(row.findings_json, {});
      if (row.source !== 'upload' || !findings.personal?.length) throw badRequest('这张截图上没有需要遮盖的个人信息');
      const data = await maskImage(await blobs.get(row.blob_key), row.mime, findings.personal);
      const blobKey = `screens/${row.project_id}/${row.key}-upload-${randomBytes(8).toString('hex')}.${row.mime === 'image/png' ? 'png' : 'jpg'}`;
      await blobs.put(blobKey, data);
      const texts = linesWithout(parseJson<string[]>(row.texts_json, []), findings.personal);
      await repo.updateScreen(row.id, { blob_key: blobKey, texts_json: JSON.stringify(texts), findings_json: JSON.stringify({ ...findings, personal: [] }), updated_at: nowIso() });
      await dropImage(row.blob_key);
      const ctx = await loadCtx(row.project_id, userId);
      return presentScreen(ctx, (await repo.findOwnedScreen(screenId, userId))!);
    },

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
