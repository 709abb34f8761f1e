/**
 * Pure geometry of the AJ-Captcha clients (protocol §6), in one place so it is unit-tested.
 * The server's space is 310×155; the image may be shown wider (330 in the login/register modals).
 */

export const BASE_WIDTH = 310;
export const BASE_HEIGHT = 155;
/** Height of the slider bar in px (spec §9). */
export const BAR_HEIGHT = 40;
/** Width of the drag handle in px (spec §9 block 50×50; it sits in the 40-px bar). */
export const HANDLE_WIDTH = 50;
/** Number of clicks of the click-word captcha (AJ `checkNum`). */
export const CLICK_COUNT = 3;

/** Display width of the 47×155 piece strip: floor(W·47/310), full image height (AJ official UIs). */
export function stripWidth(imageWidth: number): number {
  return Math.floor((imageWidth * 47) / BASE_WIDTH);
}

/** Furthest the handle (and the piece with it) can be dragged, in display px. */
export function maxDrag(imageWidth: number): number {
  return imageWidth - HANDLE_WIDTH;
}

/** Clamps a drag distance to [0, maxDrag]. */
export function clampDrag(px: number, imageWidth: number): number {
  return Math.min(Math.max(0, px), maxDrag(imageWidth));
}

/**
 * Slider answer in 310 space, as the official Vue client computes it: parseInt(drag px) · 310 / image width,
 * not rounded; y is always 5 (the strip is cut at the top of the image).
 */
export function sliderPoint(dragPx: number, imageWidth: number): { x: number; y: number } {
  return { x: (Math.trunc(dragPx) * BASE_WIDTH) / imageWidth, y: 5 };
}

/**
 * Click-word point in 310×155 space from a click at (offsetX, offsetY) px on an image shown at
 * width × height: round(310·ox/W), round(155·oy/H) (official client).
 */
export function clickPoint(offsetX: number, offsetY: number, width: number, height: number): { x: number; y: number } {
  return { x: Math.round((BASE_WIDTH * offsetX) / width), y: Math.round((BASE_HEIGHT * offsetY) / height) };
}

/** "1.23s 验证成功": the elapsed drag time shown on success. */
export function successText(elapsedMs: number): string {
  return `${(elapsedMs / 1000).toFixed(2)}s 验证成功`;
}

/** "请依次点击【字,字,字】" (AJ VerifyPoints). */
export function clickPrompt(words: readonly string[]): string {
  return `请依次点击【${words.join(',')}】`;
}

/**
 * The AJ `clientUid`: `slider-<uuid>` / `point-<uuid>` kept in localStorage under `slider` / `point`
 * (as the official clients do), created on first use. Works without storage (a fresh id each time).
 */
export function clientUid(kind: 'slider' | 'point'): string {
  const make = () =>
    `${kind}-${typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(16).slice(2) + Date.now().toString(16)}`;
  try {
    const existing = window.localStorage.getItem(kind);
    if (existing) return existing;
    const uid = make();
    window.localStorage.setItem(kind, uid);
    return uid;
  } catch {
    return make();
  }
}
