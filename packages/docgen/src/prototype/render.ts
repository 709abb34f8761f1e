import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import type { SatoriOptions } from 'satori';
import { DocgenError } from '../errors';
import { ScreenBuilder } from './layout';
import { PLATFORM_SCALE, ZPrototypeApp, ZScreenSpec, type PrototypeApp, type PrototypeAppInput, type RenderedScreen, type ScreenSpec, type ScreenSpecInput } from './model';

// satori is an ES module loaded on first use, by import() (the CLI's CommonJS bundle reaches its ES build that way).
const loadSatori = () => import('satori');
let satoriModule: ReturnType<typeof loadSatori> | undefined;
let fonts: SatoriOptions['fonts'] | undefined;
let fallback: SatoriOptions['fonts'] | undefined;

/**
 * Noto Sans SC (SIL OFL 1.1) regular and bold, from the npm package @fontsource/noto-sans-sc: the simplified-
 * Chinese and Latin subsets as WOFF (satori reads WOFF/TTF/OTF, not WOFF2). Read and parsed once per thread, so a
 * machine with only Node renders the same pixels as any other. Throws DocgenError FONT_MISSING.
 */
export function prototypeFonts(): NonNullable<SatoriOptions['fonts']> {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (subset: string, weight: number) => readFileSync(require.resolve(`@fontsource/noto-sans-sc/files/noto-sans-sc-${subset}-${weight}-normal.woff`));
  try {
    fonts = [400, 700].flatMap((weight) => (['chinese-simplified', 'latin'] as const).map((subset) => ({ name: 'sc', data: file(subset, weight), weight: weight as 400 | 700, style: 'normal' as const })));
  } catch {
    throw new DocgenError('FONT_MISSING', '找不到界面原型所用的字体：请重新安装依赖 @fontsource/noto-sans-sc');
  }
  return fonts;
}

/** The whole Noto Sans SC (all subsets, 7 MB) — parsed only when a screen has a character the subsets lack. */
function fallbackFonts(): NonNullable<SatoriOptions['fonts']> {
  if (fallback) return fallback;
  const require = createRequire(import.meta.url);
  fallback = [{ name: 'sc-all', data: readFileSync(require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-all-400-normal.woff')), weight: 400, style: 'normal' }];
  return fallback;
}

/** Validates an app and screen descriptions; throws DocgenError BAD_PROJECT with the Chinese reasons. */
export function parseDescriptions(appInput: PrototypeAppInput, screenInputs: ScreenSpecInput[]): { app: PrototypeApp; screens: ScreenSpec[] } {
  const app = ZPrototypeApp.safeParse(appInput);
  const screens = screenInputs.map((s) => ZScreenSpec.safeParse(s));
  const issues = [...(app.error?.issues ?? []), ...screens.flatMap((s, i) => (s.error?.issues ?? []).map((x) => ({ ...x, path: [`第${i + 1}屏`, ...x.path] })))];
  if (!app.success || issues.length) throw new DocgenError('BAD_PROJECT', `界面描述有误：${issues.map((i) => `${i.path.join('.')} ${i.message}`).join('；')}`);
  return { app: app.data, screens: screens.map((s) => s.data!) };
}

/**
 * Renders one screen of a prototype to PNG: the screen description is laid out in the platform's frame (web
 * admin 1440×900, web site 1440×900, phone 390×844, desktop 1280×800 CSS px; diagrams 1440×900) with satori
 * (text as vector paths) and rasterised by resvg at `PLATFORM_SCALE` (print resolution). Pure and deterministic:
 * the same app and screen give the same bytes on every machine (embedded fonts, no system fonts, no clock).
 * Resolves with the PNG, its pixel size and the text record. Throws DocgenError BAD_PROJECT on a bad description.
 */
export async function renderScreen(appInput: PrototypeAppInput, screenInput: ScreenSpecInput): Promise<RenderedScreen> {
  const { app, screens } = parseDescriptions(appInput, [screenInput]);
  const screen = screens[0];
  const b = new ScreenBuilder(app, screen);
  const tree = b.build();
  const { default: satori } = await (satoriModule ??= loadSatori());
  const svg = await satori(tree as never, {
    width: b.width,
    height: b.height,
    fonts: prototypeFonts(),
    loadAdditionalAsset: async (code) => (code === 'emoji' ? '' : fallbackFonts()),
  });
  const diagram = screen.kind === 'architecture' || screen.kind === 'module-diagram';
  const scale = diagram ? 4 / 3 : PLATFORM_SCALE[app.platform];
  const img = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: false }, shapeRendering: 2, textRendering: 1 }).render();
  return { key: screen.key, title: screen.title, png: img.asPng(), width: img.width, height: img.height, texts: b.texts };
}
