import fs from 'node:fs';
import path from 'node:path';
import { serverPath } from '../../lib/paths';
import sharp from 'sharp';

/**
 * Image side of the captcha: backgrounds, slider pieces and click-word glyphs, all drawn per request.
 *
 * Client-facing geometry is AJ-Captcha's (protocol §5–7) so existing clients work unchanged: a 310×155
 * PNG background, a 47×155 RGBA piece strip cut at (x, 0) so y is always 5, and click-word points in
 * the 310×155 space. Everything else is randomised per request, as "What a stronger server should do"
 * asks: a fresh piece shape (tabs and blanks, size, corner radius), shadow strength, outline colour and
 * alpha on the gap and on the piece drawn differently, decoy gaps of the same shape family, a random
 * crop/flip/colour jitter/light gradient/noise of the background, independent noise on the piece, and
 * glyphs placed anywhere with random size, rotation and colour.
 */

export const IMAGE_WIDTH = 310;
export const IMAGE_HEIGHT = 155;
/** Width of the piece strip (AJ template width). Clients draw it at floor(W·47/310) × full height. */
export const PIECE_STRIP_WIDTH = 47;
/** The y every AJ client sends for the slider; the strip is cut at row 0 (AJ `generateJigsawPoint`). */
export const SLIDER_Y = 5;
/** Lowest strip x of the real gap: right of the piece's start position (AJ uses 100). */
export const SLIDER_X_MIN = 56;
/** Highest strip x: 310 − 47. */
export const SLIDER_X_MAX = IMAGE_WIDTH - PIECE_STRIP_WIDTH;

/** Uniform random number in [0, 1). */
export type Random = () => number;

export interface BlockPuzzleImage {
  /** 310×155 PNG with the gap (and decoy gaps) cut in. */
  background: Buffer;
  /** 47×155 RGBA PNG, transparent except the piece. */
  piece: Buffer;
  /** Strip x of the real gap in 310-wide space, an integer in [SLIDER_X_MIN, SLIDER_X_MAX]. */
  x: number;
}

export interface ClickWordImage {
  /** 310×155 PNG with every glyph drawn. */
  background: Buffer;
  /** The characters to click, in the order the user must click them (not screen order). */
  words: string[];
  /** Glyph centres matching `words`, integers in 310×155 space. */
  points: Array<{ x: number; y: number }>;
  /** Characters drawn but not listed. */
  decoys: string[];
}

export interface CaptchaImages {
  /** Number of background images loaded; 0 means every render fails with `NoBackgroundsError`. */
  readonly backgroundCount: number;
  /** Number of click-word characters available. */
  readonly glyphCount: number;
  renderBlockPuzzle(random: Random): Promise<BlockPuzzleImage>;
  /** Draws `wordCount` listed glyphs plus 1–2 decoys (AJ draws 3 + 1). */
  renderClickWord(random: Random, wordCount?: number): Promise<ClickWordImage>;
}

/** No background could be loaded (AJ repCode 6113). */
export class NoBackgroundsError extends Error {
  constructor(dir: string) {
    super(`no captcha backgrounds found in ${dir}`);
    this.name = 'NoBackgroundsError';
  }
}

const ASSETS = serverPath('assets', 'captcha');
/** Default directory of the committed backgrounds (see scripts/generate-backgrounds.ts). */
export const DEFAULT_BACKGROUNDS_DIR = path.join(ASSETS, 'backgrounds');
/** Default glyph outlines (see scripts/generate-glyphs.mjs; Noto Sans CJK SC Bold, SIL OFL 1.1). */
export const DEFAULT_GLYPHS_FILE = path.join(ASSETS, 'glyphs', 'glyphs.json');

interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, row-major. */
  data: Buffer;
}

interface Glyph {
  d: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Loads backgrounds (any .png/.jpg/.jpeg/.webp, at least 310×155; larger ones allow random crops) and
 * glyph outlines once, decoded to raw RGB in memory (14 × 372×186 ≈ 3 MB), and returns the renderer.
 * Errors: a missing directory gives `backgroundCount` 0 (renders then throw `NoBackgroundsError`);
 * a missing glyph file gives `glyphCount` 0 (click-word renders throw).
 */
export async function loadCaptchaImages(
  options: { backgroundsDir?: string; glyphsFile?: string } = {},
): Promise<CaptchaImages> {
  const dir = options.backgroundsDir ?? DEFAULT_BACKGROUNDS_DIR;
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
        .sort()
    : [];
  const backgrounds: Raster[] = [];
  for (const file of files) {
    const img = sharp(path.join(dir, file)).removeAlpha().toColourspace('srgb');
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    if (info.width < IMAGE_WIDTH || info.height < IMAGE_HEIGHT || info.channels !== 3) continue;
    backgrounds.push({ width: info.width, height: info.height, data });
  }

  const glyphsFile = options.glyphsFile ?? DEFAULT_GLYPHS_FILE;
  const glyphs: Record<string, Glyph> = fs.existsSync(glyphsFile)
    ? (JSON.parse(fs.readFileSync(glyphsFile, 'utf8')) as { glyphs: Record<string, Glyph> }).glyphs
    : {};
  const chars = Object.keys(glyphs);

  return {
    backgroundCount: backgrounds.length,
    glyphCount: chars.length,
    async renderBlockPuzzle(random) {
      if (backgrounds.length === 0) throw new NoBackgroundsError(dir);
      return renderBlockPuzzle(backgrounds, random);
    },
    async renderClickWord(random, wordCount = 3) {
      if (backgrounds.length === 0) throw new NoBackgroundsError(dir);
      if (chars.length < wordCount + 2) throw new Error(`not enough click-word glyphs in ${glyphsFile}`);
      return renderClickWord(backgrounds, glyphs, chars, random, wordCount);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Helpers

const between = (random: Random, lo: number, hi: number) => lo + (hi - lo) * random();
const intBetween = (random: Random, lo: number, hiInclusive: number) => Math.floor(lo + (hiInclusive - lo + 1) * random());
const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Fast seeded PRNG (sfc32) for per-pixel noise, seeded from the request's random source. */
function fastRandom(random: Random): Random {
  let a = (random() * 2 ** 32) >>> 0;
  let b = (random() * 2 ** 32) >>> 0;
  let c = (random() * 2 ** 32) >>> 0;
  let d = 1;
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * A 310×155 RGB window of a random background: random crop offset, optional horizontal flip,
 * brightness/contrast/per-channel gain, a linear light gradient in a random direction and per-pixel
 * noise, so two challenges from the same source never share pixels and cannot be diffed.
 */
function augmentedBackground(backgrounds: Raster[], random: Random): Buffer {
  const src = backgrounds[Math.floor(random() * backgrounds.length)];
  const ox = intBetween(random, 0, src.width - IMAGE_WIDTH);
  const oy = intBetween(random, 0, src.height - IMAGE_HEIGHT);
  const flip = random() < 0.5;
  const contrast = between(random, 0.88, 1.12);
  const brightness = between(random, -14, 14);
  const gain = [between(random, 0.93, 1.07), between(random, 0.93, 1.07), between(random, 0.93, 1.07)];
  const angle = random() * Math.PI * 2;
  const gx = (Math.cos(angle) * between(random, 0, 28)) / IMAGE_WIDTH;
  const gy = (Math.sin(angle) * between(random, 0, 28)) / IMAGE_HEIGHT;
  const noiseAmp = between(random, 5, 10);
  const noise = fastRandom(random);

  const out = Buffer.allocUnsafe(IMAGE_WIDTH * IMAGE_HEIGHT * 3);
  for (let y = 0; y < IMAGE_HEIGHT; y++) {
    const srcRow = (oy + y) * src.width;
    for (let x = 0; x < IMAGE_WIDTH; x++) {
      const sx = ox + (flip ? IMAGE_WIDTH - 1 - x : x);
      const si = (srcRow + sx) * 3;
      const di = (y * IMAGE_WIDTH + x) * 3;
      const light = brightness + (x - IMAGE_WIDTH / 2) * gx + (y - IMAGE_HEIGHT / 2) * gy;
      const n = (noise() + noise() - 1) * noiseAmp;
      for (let c = 0; c < 3; c++) {
        out[di + c] = clamp255(((src.data[si + c] - 128) * contrast + 128) * gain[c] + light + n);
      }
    }
  }
  return out;
}

/** An anti-aliased piece mask: coverage 0..1, `w`×`h`, to be placed with its top-left at (`left`, `top`) in the strip. */
interface PieceMask {
  w: number;
  h: number;
  top: number;
  left: number;
  alpha: Float32Array;
  /** Edge strength 0..1 per pixel (outline weight). */
  edge: Float32Array;
}

/**
 * A fresh jigsaw piece: a rounded body whose four sides are each a tab (out), a blank (in) or flat
 * (at least two are not flat), with random tab radius, tab position along the side, body size, corner
 * radius and a slight edge wobble. The shape fits the 47-px strip with a 1-px margin. Rendered by 4×4
 * supersampling.
 */
function pieceMask(random: Random): PieceMask {
  type Side = -1 | 0 | 1; // blank, flat, tab
  const pick = (): Side => {
    const r = random();
    return r < 0.45 ? 1 : r < 0.85 ? -1 : 0;
  };
  let sides: Side[] = [pick(), pick(), pick(), pick()]; // top, right, bottom, left
  while (sides.filter((s) => s !== 0).length < 2) sides = [pick(), pick(), pick(), pick()];
  const [top, right, bottom, left] = sides;
  const r = between(random, 5, 7);
  const out = r * 1.45; // how far a tab sticks out
  const padL = left === 1 ? Math.ceil(out) : 0;
  const padR = right === 1 ? Math.ceil(out) : 0;
  const padT = top === 1 ? Math.ceil(out) : 0;
  const padB = bottom === 1 ? Math.ceil(out) : 0;
  const maxBodyW = PIECE_STRIP_WIDTH - 2 - padL - padR;
  const bodyW = Math.min(maxBodyW, between(random, 30, 40));
  const bodyH = between(random, 32, 42);
  const w = Math.ceil(padL + bodyW + padR) + 2;
  const h = Math.ceil(padT + bodyH + padB) + 2;
  const bx0 = 1 + padL;
  const by0 = 1 + padT;
  const bx1 = bx0 + bodyW;
  const by1 = by0 + bodyH;
  const corner = between(random, 1, 5);
  const wobbleAmp = between(random, 0, 0.9);
  const wobbleFreq = between(random, 0.15, 0.35);
  const wobblePhase = random() * Math.PI * 2;

  // Circles for tabs (added) and blanks (removed), centred on each side at a random position.
  const circles: Array<{ cx: number; cy: number; r: number; add: boolean }> = [];
  const along = () => between(random, 0.38, 0.62);
  const offset = r * 0.45; // centre distance from the edge: outwards for tabs, inwards for blanks
  if (top) circles.push({ cx: bx0 + bodyW * along(), cy: by0 - top * offset, r, add: top === 1 });
  if (bottom) circles.push({ cx: bx0 + bodyW * along(), cy: by1 + bottom * offset, r, add: bottom === 1 });
  if (left) circles.push({ cx: bx0 - left * offset, cy: by0 + bodyH * along(), r, add: left === 1 });
  if (right) circles.push({ cx: bx1 + right * offset, cy: by0 + bodyH * along(), r, add: right === 1 });

  const inside = (px: number, py: number): boolean => {
    for (const c of circles) {
      if (!c.add && (px - c.cx) ** 2 + (py - c.cy) ** 2 <= c.r * c.r) return false;
    }
    const wob = Math.sin((px + py) * wobbleFreq + wobblePhase) * wobbleAmp;
    const ix = Math.max(bx0 + corner - px, px - (bx1 - corner), 0);
    const iy = Math.max(by0 + corner - py, py - (by1 - corner), 0);
    if (ix * ix + iy * iy <= (corner + wob) ** 2) return true;
    for (const c of circles) {
      if (c.add && (px - c.cx) ** 2 + (py - c.cy) ** 2 <= c.r * c.r) return true;
    }
    return false;
  };

  // Inside/outside at every pixel corner; only pixels whose corners disagree are supersampled (4×4).
  const corners = new Uint8Array((w + 1) * (h + 1));
  for (let y = 0; y <= h; y++) for (let x = 0; x <= w; x++) corners[y * (w + 1) + x] = inside(x, y) ? 1 : 0;
  const alpha = new Float32Array(w * h);
  const S = 4;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = y * (w + 1) + x;
      const sum = corners[c] + corners[c + 1] + corners[c + w + 1] + corners[c + w + 2];
      if (sum === 0 || sum === 4) {
        alpha[y * w + x] = sum / 4;
        continue;
      }
      let hits = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) if (inside(x + (sx + 0.5) / S, y + (sy + 0.5) / S)) hits++;
      }
      alpha[y * w + x] = hits / (S * S);
    }
  }
  const topPos = intBetween(random, 2, IMAGE_HEIGHT - h - 2);
  const leftPos = Math.floor((PIECE_STRIP_WIDTH - w) / 2);
  return { w, h, top: topPos, left: leftPos, alpha, edge: edgeMap(alpha, w, h) };
}

/** Edge strength 0..1 per pixel of a mask: how much coverage changes to the 4 neighbours. */
function edgeMap(alpha: Float32Array, w: number, h: number): Float32Array {
  const edge = new Float32Array(w * h);
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : alpha[y * w + x]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = alpha[y * w + x];
      const g = Math.max(Math.abs(a - at(x - 1, y)), Math.abs(a - at(x + 1, y)), Math.abs(a - at(x, y - 1)), Math.abs(a - at(x, y + 1)));
      edge[y * w + x] = Math.min(1, g * 1.6);
    }
  }
  return edge;
}

/**
 * Cuts a gap into `bg` (RGB, 310 wide) at strip x `sx`: darkened by `shade` and tinted, with an outline of
 * colour `outline` at opacity `outlineAlpha`. Used for the real gap and for decoys alike.
 */
function drawGap(bg: Buffer, m: PieceMask, sx: number, shade: number, outline: number[], outlineAlpha: number): void {
  for (let y = 0; y < m.h; y++) {
    const py = m.top + y;
    for (let x = 0; x < m.w; x++) {
      const px = sx + m.left + x;
      if (px < 0 || px >= IMAGE_WIDTH) continue;
      const a = m.alpha[y * m.w + x];
      const e = m.edge[y * m.w + x];
      if (a === 0 && e === 0) continue;
      const i = (py * IMAGE_WIDTH + px) * 3;
      for (let c = 0; c < 3; c++) {
        let v = bg[i + c] * (1 - a * (1 - shade));
        v += (outline[c] - v) * e * outlineAlpha;
        bg[i + c] = clamp255(v);
      }
    }
  }
}

async function renderBlockPuzzle(backgrounds: Raster[], random: Random): Promise<BlockPuzzleImage> {
  const bg = augmentedBackground(backgrounds, random);
  const mask = pieceMask(random);
  const x = intBetween(random, SLIDER_X_MIN, SLIDER_X_MAX);

  // The piece: background pixels under the mask before the gap is cut, re-noised and lifted a little,
  // with its own outline and a soft drop shadow, so piece and gap pixels never match exactly.
  const piece = Buffer.alloc(PIECE_STRIP_WIDTH * IMAGE_HEIGHT * 4);
  const noise = fastRandom(random);
  const lift = between(random, 1.0, 1.12);
  const pieceNoise = between(random, 4, 9);
  const pieceOutline = random() < 0.75 ? [255, 255, 255] : [between(random, 200, 255), between(random, 200, 255), between(random, 150, 255)];
  const pieceOutlineAlpha = between(random, 0.55, 0.95);
  const shadowAlpha = between(random, 0.25, 0.45);
  for (let y = 0; y < mask.h; y++) {
    for (let xx = 0; xx < mask.w; xx++) {
      const a = mask.alpha[y * mask.w + xx];
      const sx = mask.left + xx;
      const sy = mask.top + y;
      const o = (sy * PIECE_STRIP_WIDTH + sx) * 4;
      const shadow = xx > 0 && y > 0 ? mask.alpha[(y - 1) * mask.w + xx - 1] * shadowAlpha : 0;
      if (a === 0) {
        if (shadow > 0) piece[o + 3] = Math.round(shadow * 255);
        continue;
      }
      const b = (sy * IMAGE_WIDTH + x + sx) * 3;
      const e = mask.edge[y * mask.w + xx];
      const n = (noise() + noise() - 1) * pieceNoise;
      for (let c = 0; c < 3; c++) {
        let v = bg[b + c] * lift + n;
        v += (pieceOutline[c] - v) * e * pieceOutlineAlpha;
        piece[o + c] = clamp255(v);
      }
      piece[o + 3] = Math.round(Math.max(a, shadow) * 255);
    }
  }

  // Gap and decoys share the family look (shade, outline) but each decoy has its own fresh shape.
  const shade = between(random, 0.42, 0.68);
  const gapOutline = random() < 0.5 ? [255, 255, 255] : [between(random, 0, 60), between(random, 0, 60), between(random, 0, 60)];
  const gapOutlineAlpha = between(random, 0.25, 0.7);
  drawGap(bg, mask, x, shade, gapOutline, gapOutlineAlpha);
  const taken = [x];
  const decoys = random() < 0.35 ? 1 : 2;
  for (let d = 0; d < decoys; d++) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const dx = intBetween(random, SLIDER_X_MIN - 20, SLIDER_X_MAX);
      if (taken.every((t) => Math.abs(t - dx) >= PIECE_STRIP_WIDTH)) {
        taken.push(dx);
        drawGap(bg, pieceMask(random), dx, shade * between(random, 0.92, 1.08), gapOutline, gapOutlineAlpha * between(random, 0.85, 1.15));
        break;
      }
    }
  }

  const [background, pieceBuf] = await Promise.all([
    encodePng(bg, IMAGE_WIDTH, IMAGE_HEIGHT, 3),
    encodePng(piece, PIECE_STRIP_WIDTH, IMAGE_HEIGHT, 4),
  ]);
  return { background, piece: pieceBuf, x };
}

function encodePng(data: Buffer, width: number, height: number, channels: 3 | 4): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels } }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/** Glyph em size in px (AJ draws 25 px); each glyph gets a random size in this range. */
const GLYPH_SIZE: [number, number] = [26, 32];
/** Minimum distance between glyph centres, so glyphs never overlap. */
const GLYPH_SPACING = 40;

async function renderClickWord(
  backgrounds: Raster[],
  glyphs: Record<string, Glyph>,
  chars: string[],
  random: Random,
  wordCount: number,
): Promise<ClickWordImage> {
  const bg = augmentedBackground(backgrounds, random);
  const total = wordCount + (random() < 0.5 ? 1 : 2);

  // Distinct characters.
  const picked = new Set<string>();
  while (picked.size < total) picked.add(chars[Math.floor(random() * chars.length)]);
  const drawn = [...picked];

  // Centres anywhere (not in AJ's fixed bands), kept apart by rejection sampling.
  const margin = 20;
  const centres: Array<{ x: number; y: number }> = [];
  for (let attempt = 0; centres.length < total && attempt < 2000; attempt++) {
    const c = { x: intBetween(random, margin, IMAGE_WIDTH - margin), y: intBetween(random, margin, IMAGE_HEIGHT - margin) };
    if (centres.every((o) => (o.x - c.x) ** 2 + (o.y - c.y) ** 2 >= GLYPH_SPACING ** 2)) centres.push(c);
  }
  while (centres.length < total) centres.push({ x: 30 + centres.length * 60, y: 40 + (centres.length % 2) * 70 });

  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">`;
  // A few faint distractor curves.
  for (let k = 0; k < 3; k++) {
    const p = () => `${intBetween(random, 0, IMAGE_WIDTH)} ${intBetween(random, 0, IMAGE_HEIGHT)}`;
    svg += `<path d="M${p()} Q${p()} ${p()}" fill="none" stroke="hsl(${intBetween(random, 0, 359)},70%,60%)" stroke-width="${between(random, 1, 2).toFixed(1)}" opacity="${between(random, 0.25, 0.45).toFixed(2)}"/>`;
  }
  drawn.forEach((ch, i) => {
    const g = glyphs[ch];
    const c = centres[i];
    const size = between(random, GLYPH_SIZE[0], GLYPH_SIZE[1]);
    const rot = between(random, -40, 40);
    const scale = size / 1000;
    // Contrast with the local background: dark glyphs on light areas and light glyphs on dark areas.
    const lum = localLuminance(bg, c.x, c.y);
    const light = lum < 120;
    const fill = `hsl(${intBetween(random, 0, 359)},${intBetween(random, 65, 95)}%,${light ? intBetween(random, 72, 85) : intBetween(random, 22, 38)}%)`;
    const stroke = light ? 'rgba(0,0,0,0.55)' : 'rgba(255,255,255,0.7)';
    const gcx = (g.x0 + g.x1) / 2;
    const gcy = (g.y0 + g.y1) / 2;
    svg +=
      `<path d="${g.d}" fill="${fill}" stroke="${stroke}" stroke-width="${(1.4 / scale).toFixed(0)}" paint-order="stroke" ` +
      `transform="translate(${c.x} ${c.y}) rotate(${rot.toFixed(1)}) scale(${scale.toFixed(4)}) translate(${-gcx} ${-gcy})"/>`;
  });
  svg += '</svg>';

  const overlay = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const ov = overlay.data;
  const noise = fastRandom(random);
  for (let p = 0, o = 0; p < bg.length; p += 3, o += 4) {
    const a = ov[o + 3] / 255;
    const n = a > 0 ? (noise() + noise() - 1) * 10 : 0;
    if (a === 0) continue;
    // librsvg output is premultiplied-free RGBA; blend it over the background.
    bg[p] = clamp255(bg[p] + (ov[o] - bg[p]) * a + n);
    bg[p + 1] = clamp255(bg[p + 1] + (ov[o + 1] - bg[p + 1]) * a + n);
    bg[p + 2] = clamp255(bg[p + 2] + (ov[o + 2] - bg[p + 2]) * a + n);
  }

  // The listed words in a random order independent of screen position.
  const order = drawn.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const listed = order.slice(0, wordCount);
  const background = await encodePng(bg, IMAGE_WIDTH, IMAGE_HEIGHT, 3);
  return {
    background,
    words: listed.map((i) => drawn[i]),
    points: listed.map((i) => centres[i]),
    decoys: order.slice(wordCount).map((i) => drawn[i]),
  };
}

/** Mean luminance (0–255) of a 24×24 box around (cx, cy) of an RGB 310-wide buffer. */
function localLuminance(bg: Buffer, cx: number, cy: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, cy - 12); y < Math.min(IMAGE_HEIGHT, cy + 12); y += 2) {
    for (let x = Math.max(0, cx - 12); x < Math.min(IMAGE_WIDTH, cx + 12); x += 2) {
      const i = (y * IMAGE_WIDTH + x) * 3;
      sum += 0.299 * bg[i] + 0.587 * bg[i + 1] + 0.114 * bg[i + 2];
      n++;
    }
  }
  return n ? sum / n : 128;
}
