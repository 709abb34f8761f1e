import { displayWidth } from './width';

/**
 * Page geometry shared by the PDF and DOCX renderers and the verifier, in points
 * (1 pt = 1/72 in = 20 twips). A4 portrait (cpcc-materials.md: portrait, single-sided, A4).
 */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** Source-code document: 50 lines of 9 pt Courier on a 14 pt pitch. */
export const CODE_LAYOUT = {
  fontSize: 9,
  /** Courier advance = 0.6 em. */
  columnWidth: 5.4,
  /** Max columns per printed line; wide (CJK) characters take 2. 88 × 5.4 = 475 pt of the 496 pt text width. */
  columns: 88,
  linePitch: 14,
  marginLeft: 56.7,
  marginRight: 42.5,
  /** Top of the first text line's box. */
  bodyTop: 70,
  /** Header text baseline. */
  headerBaseline: 44,
  headerFontSize: 9,
  /** Rule under the header. */
  headerRule: 52,
} as const;

/**
 * The code font sizes a source-code document may use, largest first, with the columns each fits in the text width
 * (Courier advances 0.6 em: 9 pt → 5.4 pt a column, 88 columns = 475 pt; 7 pt → 4.2 pt, 112 columns = 470 pt of the
 * 496 pt between the margins: a word processor's wider fallback glyph still fits the row). A document takes the largest size at which at least 99 % of its lines fit one row
 * (chooseCodeFont); 7 pt is the smallest printed (still legible on A4).
 */
export const CODE_FONTS = [
  { fontSize: 9, columns: 88 },
  { fontSize: 8, columns: 98 },
  { fontSize: 7.5, columns: 104 },
  { fontSize: 7, columns: 112 },
] as const;

/** Share of a document's lines that may be wider than one row (continued on the next rows). */
export const CODE_WRAP_SHARE = 0.01;

/**
 * The font size and columns for a document of `lines` printed source lines of which `over[k]` are wider than
 * CODE_FONTS[k].columns: the first entry whose wider lines are at most CODE_WRAP_SHARE of all, else the last.
 * An explicit `columns` takes the largest size (≤ 9 pt) whose columns fit the text width.
 */
export function chooseCodeFont(lines: number, over: readonly number[], columns?: number): { fontSize: number; columns: number; columnWidth: number } {
  if (columns !== undefined) {
    const known = CODE_FONTS.find((f) => f.columns === columns);
    const fontSize = known?.fontSize ?? Math.min(9, Math.floor((CODE_FONTS[CODE_FONTS.length - 1].columns * 7 * 10) / columns) / 10);
    return { fontSize, columns, columnWidth: fontSize * 0.6 };
  }
  const k = CODE_FONTS.findIndex((_, i) => (over[i] ?? 0) <= lines * CODE_WRAP_SHARE);
  const f = CODE_FONTS[k < 0 ? CODE_FONTS.length - 1 : k];
  return { fontSize: f.fontSize, columns: f.columns, columnWidth: f.fontSize * 0.6 };
}

export const twips = (pt: number): number => Math.round(pt * 20);

/**
 * Header font size (pt, whole half-points) so that "软件全称 版本号" plus the page number fit on one
 * line of `textWidth` points: 9 pt normally, smaller for very long names (never wrapped, never cut).
 * Columns are counted at 0.6 em (wide characters two columns), which bounds Word's, LibreOffice's
 * and our own rendering.
 */
export function headerFontSize(header: string, textWidth: number, base = 9): number {
  const cols = displayWidth(header) + 6; // room for a gap and the page number
  const fit = textWidth / (cols * 0.6);
  return Math.max(5, Math.floor(Math.min(base, fit) * 2) / 2);
}

/**
 * Line pitch (pt) for `linesPerPage` code lines: 14 pt for 50, tighter for more so the page
 * still holds them above a 40 pt bottom margin. Rounded to whole twips so PDF and DOCX agree.
 */
export function codeLinePitch(linesPerPage: number): number {
  const fit = (A4.height - CODE_LAYOUT.bodyTop - 40) / linesPerPage;
  return Math.floor(Math.min(CODE_LAYOUT.linePitch, fit) * 20) / 20;
}

/** The application form's page (申请表信息): margins and the running header's baseline, size and rule, in points. */
export const FORM_LAYOUT = { marginLeft: 56.7, marginRight: 56.7, headerBaseline: 44, headerFontSize: 9, headerRule: 52 };
