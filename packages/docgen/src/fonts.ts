import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DocgenError } from './errors';

export interface CjkFont {
  /** Font file bytes (TTF, OTF, TTC or WOFF). */
  data: Buffer;
  /** Face name inside a .ttc collection (pdfkit needs it), else undefined. */
  face?: string;
  /** Where it came from, for reports. */
  source: string;
}

const SYSTEM_CANDIDATES: { path: string; face?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
  { path: '/System/Library/Fonts/PingFang.ttc', face: 'PingFangSC-Regular' },
  { path: 'C:\\Windows\\Fonts\\simsun.ttc', face: 'SimSun' },
];

let cached: CjkFont | undefined;

/**
 * Finds a CJK font for the PDFs: `MAZHU_CJK_FONT` (path, or "path#Face" for a .ttc), then a
 * system Noto Sans CJK / WenQuanYi when installed (fonts-noto-cjk), else the Noto Sans SC
 * (SIL OFL 1.1) WOFF shipped by the npm package @fontsource/noto-sans-sc 4.x, so a machine with
 * only Node works. The font is read once per process.
 */
export function loadCjkFont(): CjkFont {
  if (cached) return cached;
  const env = process.env.MAZHU_CJK_FONT;
  if (env) {
    const [p, face] = env.split('#');
    if (!existsSync(p)) throw new DocgenError('FONT_MISSING', `MAZHU_CJK_FONT 指向的字体不存在：${p}`);
    return (cached = { data: readFileSync(p), face: face || undefined, source: p });
  }
  for (const c of SYSTEM_CANDIDATES) {
    if (existsSync(c.path)) return (cached = { data: readFileSync(c.path), face: c.face, source: c.path });
  }
  try {
    const require = createRequire(import.meta.url);
    const p = require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff');
    return (cached = { data: readFileSync(p), source: p });
  } catch {
    throw new DocgenError('FONT_MISSING', '找不到中文字体：请安装 fonts-noto-cjk，或重新安装依赖 @fontsource/noto-sans-sc，或设置 MAZHU_CJK_FONT');
  }
}
