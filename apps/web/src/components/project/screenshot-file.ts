import { SCREENSHOT_LIMITS } from '@mazhu/contracts';

const L = SCREENSHOT_LIMITS;
const MB = L.maxBytes / 1024 / 1024;

/**
 * What the browser can check before sending (the server checks again, re-encodes and reads the text): PNG or JPEG,
 * at most `SCREENSHOT_LIMITS.maxBytes`, width and height within the limits. Resolves with the problem, or null.
 */
export async function screenshotProblem(file: File): Promise<string | null> {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return '截图只支持 PNG 或 JPEG 格式';
  if (file.size > L.maxBytes) return `截图不能超过 ${MB} MB`;
  let size: { width: number; height: number };
  try {
    const bmp = await createImageBitmap(file);
    size = { width: bmp.width, height: bmp.height };
    bmp.close();
  } catch {
    return '无法读取该图片：请上传 PNG 或 JPEG 格式的截图';
  }
  const { width, height } = size;
  if (width < L.minWidth || height < L.minHeight) return `截图尺寸 ${width}×${height} 过小：宽和高至少 ${L.minWidth} 像素`;
  if (width > L.maxWidth || height > L.maxHeight) return `截图尺寸 ${width}×${height} 过大：宽和高不能超过 ${L.maxWidth} 像素`;
  return null;
}
