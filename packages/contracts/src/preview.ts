import * as z from 'zod';
import { plainNumber } from './validation';

/**
 * UI prototypes (/preview-software) and the figures of the manual: the structured screen description shared by
 * the renderer (packages/docgen/src/prototype), the server and the web page.
 *
 * Calls:
 *   POST /api/renderPreview       ZRenderPreviewRequest → RenderPreviewResult  (no sign-in; rate-limited per IP, or per user when signed in)
 *   GET  /api/getPreview?id=      (project id)           → ProjectPreview       (owner only; creates the prototypes on first call)
 *   POST /api/savePreview         ZSavePreviewRequest   → ProjectPreview       (owner only; theme, colour, edited screens)
 *   GET  /api/getScreenImage?id=  (screen id)           → the PNG/JPEG itself (owner only); errors are envelopes
 *   POST /api/uploadScreenshot    multipart: projectId, screenId, file (PNG/JPEG) → ProjectScreen (replaces the prototype)
 *   GET  /api/delScreenshot?id=   (screen id)           → ProjectScreen        (back to the prototype)
 *   POST /api/maskScreenshot      { id }                → ProjectScreen        (filled boxes over the personal data found)
 *   POST /api/uploadScreenshotPack multipart: projectId, file (.zip pack or one PNG/JPEG) → ScreenshotPackResult (staged, nothing saved)
 *   GET  /api/getPackImage?packId=&index=                → the staged PNG/JPEG (owner only)
 *   POST /api/assignScreenshots   ZAssignScreenshotsRequest → ProjectPreview (the staged screenshots replace those screens)
 * Another user's project or screen always answers 404 「项目不存在或无权访问」.
 */

/** Platforms and their canvas in CSS pixels (the PNG is rendered at `PLATFORM_SCALE` times this size). */
export const PLATFORMS = {
  /** Browser back-office (后台管理系统): header, side menu, content. */
  'web-admin': { label: 'Web 管理后台', width: 1440, height: 900 },
  /** Public web site: top navigation, content, footer. */
  'web-site': { label: 'Web 网站', width: 1440, height: 900 },
  /** Mobile app or 小程序: app bar, content, tab bar (status and navigation bars left out, as reviewers ask). */
  mobile: { label: '手机 App / 小程序', width: 390, height: 844 },
  /** Desktop client: window title bar, menu bar, navigation, status bar. */
  desktop: { label: '桌面软件', width: 1280, height: 800 },
} as const;
export type Platform = keyof typeof PLATFORMS;
export const PLATFORM_IDS = Object.keys(PLATFORMS) as Platform[];

/**
 * The platform a free-text platform/category stands for, or `none` for software without a user interface
 * (embedded firmware, interface services, middleware, SDKs, command-line tools) — those get diagrams instead
 * of screens (cpcc-materials.md: 软件无界面 → 设计说明书 with architecture and flow diagrams).
 */
export function platformOf(platform = '', category = ''): Platform | 'none' {
  const p = platform.toLowerCase();
  if (/(小程序|app|android|ios|harmony|鸿蒙|手机|移动|h5|uni-?app|flutter)/i.test(p)) return 'mobile';
  if (/(桌面|desktop|windows|macos|客户端|pc端|electron|qt|wpf|winform)/i.test(p)) return 'desktop';
  if (/(网站|门户|官网|商城|web ?site|portal)/i.test(p)) return 'web-site';
  if (/(嵌入式|物联网|固件|firmware|接口|中间件|sdk|命令行|cli|驱动|服务端|daemon|库)/i.test(p)) return 'none';
  if (!p && /(嵌入式|中间件)/.test(category)) return 'none';
  return 'web-admin';
}

/** Themes the user picks among; each has a default primary colour the user may replace. */
export const THEME_IDS = ['classic', 'dark-side', 'fresh', 'business', 'night'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
/** Theme choices for pickers: Chinese label and default primary colour. */
export const THEME_CHOICES: { id: ThemeId; label: string; primary: string }[] = [
  { id: 'classic', label: '经典蓝白', primary: '#1677ff' },
  { id: 'dark-side', label: '深色侧栏', primary: '#2f54eb' },
  { id: 'fresh', label: '清新圆角', primary: '#13a8a8' },
  { id: 'business', label: '商务深灰', primary: '#d46b08' },
  { id: 'night', label: '暗夜模式', primary: '#3c89e8' },
];

export const SCREEN_KINDS = ['login', 'main', 'list', 'form', 'detail', 'chart', 'settings', 'architecture', 'module-diagram'] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];

const text = (max: number) => z.string().trim().max(max);

export const ZScreenField = z.object({
  label: text(20).min(1),
  value: text(60).default(''),
  /** How the field is drawn: an input box, a drop-down, a date box, a multi-line box or a switch. */
  type: z.enum(['text', 'select', 'date', 'textarea', 'switch']).default('text'),
});
export type ScreenField = z.infer<typeof ZScreenField>;

export const ZScreenStat = z.object({ label: text(16).min(1), value: text(16).min(1) });

/** One screen. Every list is bounded so any description fits its frame without cropping. */
export const ZScreenSpec = z.object({
  /** Stable key within a project: `login`, `main`, `module-<n>` (n from 1), `arch`, `modules`. */
  key: z.string().regex(/^(login|main|module-\d{1,2}|arch|modules)$/),
  kind: z.enum(SCREEN_KINDS),
  /** Page title (the module's name for module screens). */
  title: text(30).min(1),
  /** Form fields, search filters, detail items or settings items (by kind). */
  fields: z.array(ZScreenField).max(12).default([]),
  /** Table columns (list, main). */
  columns: z.array(text(12).min(1)).max(8).default([]),
  /** Table rows, one string per column. */
  rows: z.array(z.array(text(40)).max(8)).max(10).default([]),
  /** Buttons in reading order; the first is the primary action. */
  buttons: z.array(text(10).min(1)).max(6).default([]),
  /** Tabs of the page (list, form), as its code names them; the first is the one shown. */
  tabs: z.array(text(10).min(1)).max(8).optional(),
  /** Other texts the page shows (headings, paragraphs, captions), as its code writes them, in order. */
  texts: z.array(text(40).min(1)).max(12).optional(),
  /** Statistic cards (main, chart). */
  stats: z.array(ZScreenStat).max(4).default([]),
  /** Chart series (chart, main): labels and non-negative values. */
  chart: z.object({ labels: z.array(text(8)).max(12), values: z.array(z.number().min(0).max(1e9)).max(12) }).optional(),
  /** Boxes of a diagram (architecture: layers → boxes; module-diagram: module → operations). */
  groups: z.array(z.object({ title: text(20).min(1), items: z.array(text(20).min(1)).max(10) })).max(8).default([]),
});
export type ScreenSpec = z.infer<typeof ZScreenSpec>;
export type ScreenSpecInput = z.input<typeof ZScreenSpec>;

/** Project-wide look and identity shared by all its screens (so every screen looks like one app). */
export const ZPrototypeApp = z.object({
  /** 软件全称, exactly as on the form. */
  name: text(60).min(1),
  /** 软件简称 (shown where the full name does not fit, e.g. a phone's app bar). */
  shortName: text(30).optional(),
  /** 版本号, exactly as on the form. */
  version: text(20).min(1),
  platform: z.enum(PLATFORM_IDS as [Platform, ...Platform[]]),
  theme: z.enum(THEME_IDS).default('classic'),
  /** Primary colour #rrggbb; empty → the theme's own. */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** Menu entries (module titles) in order, for the side menu / tab bar. */
  menu: z.array(text(30).min(1)).max(30).default([]),
  /**
   * A phone's bottom tab bar as the code defines it (a mini-program's app.json tabBar.list), in order; empty: the app
   * has none; absent (no code): the home entry and the first modules.
   */
  tabBar: z.array(text(8).min(1)).max(5).optional(),
  /** Signed-in user shown in the header (synthetic, e.g. 管理员); empty for software without a login: none is shown. */
  user: text(12).default('管理员'),
});
export type PrototypeApp = z.infer<typeof ZPrototypeApp>;
export type PrototypeAppInput = z.input<typeof ZPrototypeApp>;

/** Limits of uploaded screenshots (bytes and pixels). */
export const SCREENSHOT_LIMITS = { maxBytes: 5 * 1024 * 1024, minWidth: 320, minHeight: 320, maxWidth: 6000, maxHeight: 6000, maxPixels: 24_000_000 } as const;

/** POST /api/renderPreview: describe a software (or send edited screens) and get every screen as a PNG data URL. */
export const ZRenderPreviewRequest = z.object({
  app: ZPrototypeApp.omit({ menu: true, user: true, tabBar: true }).extend({
    name: z.string({ error: '请填写软件名称' }).trim().min(1, '请填写软件名称').max(60, '软件名称不能超过 60 个字符'),
    version: z.string({ error: '请填写版本号' }).trim().regex(/^[Vv]?\d+(\.\d+){0,3}$/, '版本号格式应为 V数字，例如 V1.0'),
  }),
  /** Modules to derive the screens from (ignored when `screens` is given). */
  modules: z.array(z.object({ name: z.string().trim().min(1, '模块名称不能为空').max(30, '模块名称不能超过 30 个字符'), operations: z.array(z.string().trim().max(40)).max(12).optional() })).max(12, '试用时最多 12 个功能模块').default([]),
  /** Edited screens to render as they are (order kept). */
  screens: z.array(ZScreenSpec).max(14, '一次最多预览 14 个界面').optional(),
  /**
   * Side menu / tab bar entries, in order, when only some of an app's screens are rendered (one edited screen, or a
   * project's screens in batches of 14); default: the modules' names, or the titles of the module screens sent.
   */
  menu: z.array(text(30).min(1)).max(30).optional(),
  /** 开发完成日期, so no date shown is later. */
  completionDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type RenderPreviewRequest = z.input<typeof ZRenderPreviewRequest>;

export const ZPreviewImage = z.object({ key: z.string(), title: z.string(), kind: z.enum(SCREEN_KINDS), spec: ZScreenSpec, width: z.number().int(), height: z.number().int(), dataUrl: z.string() });
export type PreviewImage = z.infer<typeof ZPreviewImage>;
export const ZRenderPreviewResult = z.object({ app: ZPrototypeApp, hasUi: z.boolean(), screens: z.array(ZPreviewImage), ms: z.number() });
export type RenderPreviewResult = z.infer<typeof ZRenderPreviewResult>;

/**
 * A figure check: name and version visible and equal to the form (identity), complete frame large enough to read
 * (frame), not blank (blank), no watermark (watermark), no personal data visible (privacy: phone numbers, identity
 * numbers, e-mail addresses read by OCR; masking is offered).
 */
export const ZScreenCheck = z.object({ code: z.enum(['identity', 'frame', 'blank', 'watermark', 'privacy']), ok: z.boolean(), message: z.string() });
export type ScreenCheck = z.infer<typeof ZScreenCheck>;

/** One screen (figure) of a project. */
export const ZProjectScreen = z.object({
  id: z.number().int(),
  /** login | main | module | arch | modules */
  key: z.string(),
  /** The functional module this screen shows (module screens only). */
  moduleId: z.number().int().nullable(),
  title: z.string(),
  kind: z.enum(SCREEN_KINDS),
  /** `upload`: the user's own screenshot; `prototype`: rendered from `spec`. */
  source: z.enum(['prototype', 'upload']),
  spec: ZScreenSpec,
  width: z.number().int(),
  height: z.number().int(),
  /** GET URL of the image (needs the token/sessionid headers); changes when the image changes. */
  imageUrl: z.string(),
  checks: z.array(ZScreenCheck),
  sort: z.number().int(),
});
export type ProjectScreen = z.infer<typeof ZProjectScreen>;

export const ZProjectPreview = z.object({
  projectId: z.number().int(),
  name: z.string(),
  version: z.string(),
  platform: z.enum(PLATFORM_IDS as [Platform, ...Platform[]]),
  theme: z.enum(THEME_IDS),
  color: z.string(),
  hasUi: z.boolean(),
  screens: z.array(ZProjectScreen),
});
export type ProjectPreview = z.infer<typeof ZProjectPreview>;

/** POST /api/savePreview: theme, colour, platform and edited screens (by id) of a project; re-renders its prototypes. */
export const ZSavePreviewRequest = z.object({
  id: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  theme: z.enum(THEME_IDS, { error: '主题无效' }).optional(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, '主色格式应为 #RRGGBB').optional(),
  platform: z.enum(PLATFORM_IDS as [Platform, ...Platform[]], { error: '平台无效' }).optional(),
  screens: z.array(z.object({ id: z.number().int().positive(), spec: ZScreenSpec })).max(40).optional(),
  /** Screen ids in the wanted order (module screens keep following their modules otherwise). */
  order: z.array(z.number().int().positive()).max(40).optional(),
});
export type SavePreviewRequest = z.input<typeof ZSavePreviewRequest>;

/**
 * `manifest.json` of a screenshot pack (`mazhu capture --out pack.zip`, read by POST /api/uploadScreenshotPack): one
 * entry per PNG of the zip, in capture order. `module` is the menu title the page was reached by (or the code's menu
 * title the page shows); `seen` is the software's name/version as read in the page's text (null when not found).
 */
export const ZScreenshotManifest = z.object({
  tool: z.string().max(60),
  url: z.string().max(2000),
  createdAt: z.string().max(40),
  size: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  software: z.object({ name: z.string().max(60).nullable(), version: z.string().max(20).nullable() }),
  shots: z
    .array(
      z.object({
        file: z.string().max(200),
        title: z.string().max(120),
        url: z.string().max(2000),
        module: z.string().max(60).nullable(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        time: z.string().max(40),
        seen: z.object({ name: z.string().max(60).nullable(), version: z.string().max(20).nullable() }),
      }),
    )
    .max(200),
  failed: z.array(z.object({ url: z.string().max(2000), error: z.string().max(500) })).max(500),
});
export type ScreenshotManifest = z.infer<typeof ZScreenshotManifest>;

/** Limits of a screenshot pack upload: the zip, its entries (each within SCREENSHOT_LIMITS) and the inflated total. */
export const PACK_LIMITS = { maxBytes: 50 * 1024 * 1024, maxImages: 40, maxEntries: 200, maxTotalBytes: 160 * 1024 * 1024, maxRatio: 50 } as const;

/** Personal data seen on a screenshot (masked in what is shown: 138****5678). */
export const ZPersonalDataSeen = z.object({ kind: z.enum(['phone', 'id-number', 'email']), label: z.string(), text: z.string() });
export type PersonalDataSeen = z.infer<typeof ZPersonalDataSeen>;

/** One staged screenshot of a pack and the screen it was matched to. */
export const ZPackShot = z.object({
  index: z.number().int(),
  file: z.string(),
  /** The manifest's title, else the title read by OCR, else the file name. */
  title: z.string(),
  url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** The matched screen (ProjectScreen.id), null when the user has to choose. */
  screenId: z.number().int().nullable(),
  /** How it was matched: by the manifest's module/title, by OCR of the screen's title, or not (null). */
  matchedBy: z.enum(['manifest', 'ocr']).nullable(),
  checks: z.array(ZScreenCheck),
  personal: z.array(ZPersonalDataSeen),
  /** GET URL of the staged image (needs the session headers). */
  imageUrl: z.string(),
});
export type PackShot = z.infer<typeof ZPackShot>;

export const ZScreenshotPackResult = z.object({
  packId: z.string(),
  projectId: z.number().int(),
  shots: z.array(ZPackShot),
  /** Files of the pack that were not taken, with the reason. */
  rejected: z.array(z.object({ file: z.string(), msg: z.string() })),
  /** What the manifest said when it could not be read (the pack is then matched by OCR). */
  manifestNote: z.string().nullable(),
});
export type ScreenshotPackResult = z.infer<typeof ZScreenshotPackResult>;

/** POST /api/assignScreenshots: the user's final assignment of a staged pack (each screen at most once). */
export const ZAssignScreenshotsRequest = z.object({
  projectId: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  packId: z.string().regex(/^[a-f0-9]{16}$/, '截图包编号无效'),
  items: z
    .array(
      z.object({
        index: z.number().int().min(0),
        screenId: z.number().int().positive(),
        /** Draw filled boxes over the personal data found before use. */
        mask: z.boolean().default(false),
      }),
    )
    .min(1, '请至少为一张截图选择对应的界面')
    .max(PACK_LIMITS.maxImages)
    .refine((a) => new Set(a.map((x) => x.screenId)).size === a.length, '同一个界面只能对应一张截图'),
});
export type AssignScreenshotsRequest = z.input<typeof ZAssignScreenshotsRequest>;
