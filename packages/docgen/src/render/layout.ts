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
