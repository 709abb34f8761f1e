import { zipSync } from 'fflate';
import { saveBlob } from '@/api/projects';

/** One screen image to download: its figure number, title and bytes. */
export interface ScreenFile {
  title: string;
  blob: Blob;
}

/** Characters a file name may not contain on common systems. */
const safe = (s: string) => s.replace(/[\\/:*?"<>|\r\n\t]/g, '_').trim();
const extOf = (blob: Blob) => (blob.type === 'image/jpeg' ? 'jpg' : 'png');

/** `图03_入库管理.png`: the figure number as in the manual (图1 is the login screen), then the screen's title. */
export function screenFileName(index: number, title: string, blob: Blob): string {
  return `图${String(index + 1).padStart(2, '0')}_${safe(title) || '界面'}.${extOf(blob)}`;
}

/** The folder and zip name: 软件全称_版本号_界面原型. */
export const screensZipName = (name: string, version: string) => `${safe(name)}_${safe(version)}_界面原型`;

/** Bytes of a base64 `data:` URL (what POST /api/renderPreview answers); decoded here, as the CSP's connect-src refuses data: URLs. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, b64 = ''] = dataUrl.split(',', 2);
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: /^data:([^;,]+)/.exec(head)?.[1] ?? 'image/png' });
}

/** Saves one screen as a PNG (or JPEG for an uploaded screenshot kept as JPEG). */
export function downloadScreen(index: number, file: ScreenFile): void {
  saveBlob(file.blob, screenFileName(index, file.title, file.blob));
}

/** Saves every screen in one zip, in figure order, inside a folder named after the software. Stored, not deflated: PNGs are compressed already. */
export async function downloadScreensZip(name: string, version: string, files: ScreenFile[]): Promise<void> {
  const folder = screensZipName(name, version);
  const entries: Record<string, Uint8Array> = {};
  for (const [i, f] of files.entries()) entries[`${folder}/${screenFileName(i, f.title, f.blob)}`] = new Uint8Array(await f.blob.arrayBuffer());
  const zip = zipSync(entries, { level: 0 });
  saveBlob(new Blob([zip as BlobPart], { type: 'application/zip' }), `${folder}.zip`);
}
