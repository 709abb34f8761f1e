import { DocgenError } from '../errors';

/** 软件全称 must end in 软件 / 系统 / 平台 (a real correction notice, cpcc-materials.md R11). */
export const NAME_SUFFIX = /(软件|系统|平台)$/;
/** 版本号: "V数字" or "数字", e.g. V1.0, 1.0, V2.1.3; no Beta, no Chinese. */
export const VERSION_RE = /^[Vv]?\d+(\.\d+){0,3}$/;

/** Trims and checks 软件全称; throws DocgenError BAD_NAME with the reason in Chinese. */
export function validateName(name: string | undefined): string {
  const n = (name ?? '').trim();
  if (!n) throw new DocgenError('BAD_NAME', '请填写软件全称');
  if (!NAME_SUFFIX.test(n)) throw new DocgenError('BAD_NAME', `软件全称须以“软件”“系统”或“平台”结尾：${n}`);
  if (n.length > 60) throw new DocgenError('BAD_NAME', '软件全称过长（不超过 60 个字符）');
  if (/[\r\n\t]/.test(n)) throw new DocgenError('BAD_NAME', '软件全称不能包含换行或制表符');
  return n;
}

/** Trims and checks 版本号 (kept as written, a lower-case "v" becomes "V"). Throws DocgenError BAD_VERSION. */
export function validateVersion(version: string | undefined): string {
  const v = (version ?? '').trim();
  if (!v) throw new DocgenError('BAD_VERSION', '请填写版本号，例如 V1.0');
  if (!VERSION_RE.test(v)) throw new DocgenError('BAD_VERSION', `版本号格式不正确：${v}（应为 V数字，例如 V1.0；不能含 Beta 或中文）`);
  return v[0] === 'v' ? 'V' + v.slice(1) : v;
}
