import type { Platform } from '@mazhu/contracts';

/**
 * The structured screen description of a prototype (原型界面) lives in the contracts (shared with the API and the
 * web page); this adds what only the renderer needs.
 */
export {
  PLATFORMS,
  PLATFORM_IDS,
  THEME_IDS,
  THEME_CHOICES,
  SCREEN_KINDS,
  ZScreenField,
  ZScreenStat,
  ZScreenSpec,
  ZPrototypeApp,
  platformOf,
  type Platform,
  type ThemeId,
  type ScreenKind,
  type ScreenField,
  type ScreenSpec,
  type ScreenSpecInput,
  type PrototypeApp,
  type PrototypeAppInput,
} from '@mazhu/contracts';

/**
 * Zoom of the PNG over the CSS canvas: web and desktop screens print about 451 pt wide in the manual
 * (1440 px × 4/3 = 1920 px ≈ 300 dpi), phone screens about 200 pt wide (390 px × 2.5 ≈ 340 dpi).
 */
export const PLATFORM_SCALE: Record<Platform, number> = { 'web-admin': 4 / 3, 'web-site': 4 / 3, mobile: 2.5, desktop: 1.5 };

/** A rendered screen: PNG bytes, pixel size and the text record (every string drawn, in drawing order). */
export interface RenderedScreen {
  key: string;
  title: string;
  png: Buffer;
  width: number;
  height: number;
  /** Every text drawn on the screen; the screenshot checks read the name and version from it. */
  texts: string[];
}
