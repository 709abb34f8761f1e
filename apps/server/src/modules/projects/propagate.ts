import { ZApplicationForm, type ApplicationForm } from '@mazhu/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** One rename: the old text and the new one (software name, short name, version or a module's name). */
export interface Rename {
  from: string;
  to: string;
}

export interface Renames {
  name?: Rename;
  shortName?: Rename;
  version?: Rename;
  modules: Rename[];
}

/** What a rename changed in the stored texts, and what it could not change (each named for the user). */
export interface Propagation {
  updated: string[];
  flagged: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces `from` by `to` in `text`, without touching `to` where it already contains `from` ("签到" → "签到管理"). */
function replaceWord(text: string, r: Rename): string {
  if (!r.from || r.from === r.to || !text.includes(r.from)) return text;
  if (r.to.includes(r.from)) return text.split(r.to).map((part) => part.split(r.from).join(r.to)).join(r.to);
  return text.split(r.from).join(r.to);
}

/** A version is replaced only as a whole token ("V1.0" in "V1.0版", not in "V1.01" or "2V1.0"). */
function replaceVersion(text: string, r: Rename): string {
  if (!r.from || r.from === r.to) return text;
  return text.replace(new RegExp(`(?<![0-9A-Za-z.])${escape(r.from)}(?![0-9.])`, 'g'), r.to);
}

/**
 * A text with every rename applied: the full name first (it contains the short name), then the short name, the
 * modules (longest first) and the version. Pure.
 */
export function applyRenames(text: string, r: Renames): string {
  let t = text;
  if (r.name) t = replaceWord(t, r.name);
  if (r.shortName && r.shortName.from.length >= 2) t = replaceWord(t, r.shortName);
  for (const m of [...r.modules].sort((a, b) => b.from.length - a.from.length)) if (m.from.length >= 2) t = replaceWord(t, m);
  if (r.version) t = replaceVersion(t, r.version);
  return t;
}

const mentions = (text: string, r: Renames): boolean => applyRenames(text, r) !== text;

/** Every string inside a JSON value, renamed. */
function renameJson(value: unknown, r: Renames): unknown {
  if (typeof value === 'string') return applyRenames(value, r);
  if (Array.isArray(value)) return value.map((v) => renameJson(v, r));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameJson(v, r)]));
  return value;
}

const FORM_TEXTS: Array<[keyof ApplicationForm, string]> = [
  ['purpose', '开发目的'],
  ['domain', '面向领域/行业'],
  ['mainFunctions', '软件的主要功能'],
  ['techFeatures', '软件的技术特点'],
  ['modificationNote', '修改说明'],
  ['devHardware', '开发的硬件环境'],
  ['runHardware', '运行的硬件环境'],
  ['devOs', '开发该软件的操作系统'],
  ['devTools', '软件开发环境/开发工具'],
  ['runPlatform', '该软件的运行平台/操作系统'],
  ['runSupport', '软件运行支撑环境/支持软件'],
];

const parse = <T>(s: string | null, fallback: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** Describes the renames for a message: “会议室预约管理系统”→“会议室预约管理软件”. */
const said = (r: Renames) =>
  [r.name, r.shortName, r.version, ...r.modules]
    .filter((x): x is Rename => Boolean(x && x.from !== x.to))
    .map((x) => `“${x.from}”→“${x.to}”`)
    .join('、');

/**
 * Carries renames of the software (全称, 简称), its version or its modules into every stored text that mentions
 * them, in `trx`: the form's texts (开发目的, 主要功能, 技术特点 …), the 软件简介 that opens the manual, the stored AI
 * information, each module's description, operations and 注意事项, and the figures (titles, module names, the
 * prototypes' screen texts). A text that would break its limit after the change (e.g. 主要功能 over 1300) is left
 * as it is and flagged; an uploaded screenshot cannot be changed and is flagged to be taken again. The filed
 * snapshot of a correction is a record of what was filed and is never changed.
 */
export async function propagateRenames(trx: Transaction<Database>, projectId: number, r: Renames): Promise<Propagation> {
  const out: Propagation = { updated: [], flagged: [] };
  if (!said(r)) return out;
  const p = await trx.selectFrom('projects').select(['form_json', 'description', 'ai_json']).where('id', '=', projectId).executeTakeFirstOrThrow();

  const form = parse<Record<string, unknown>>(p.form_json, {});
  const next = { ...form };
  for (const [key, label] of FORM_TEXTS) {
    const v = form[key];
    if (typeof v !== 'string' || !mentions(v, r)) continue;
    const changed = applyRenames(v, r);
    const ok = ZApplicationForm.shape[key].safeParse(changed).success;
    if (ok) {
      next[key] = changed;
      out.updated.push(`申请表「${label}」`);
    } else out.flagged.push(`申请表「${label}」仍写着改名前的内容（${said(r)}）：改名后会超出字数限制，请手动修改`);
  }
  const description = p.description && mentions(p.description, r) ? applyRenames(p.description, r) : p.description;
  if (description !== p.description) out.updated.push('软件简介（操作手册“概述”）');
  const ai = p.ai_json ? JSON.stringify(renameJson(parse<unknown>(p.ai_json, {}), r)) : p.ai_json;
  await trx.updateTable('projects').set({ form_json: JSON.stringify(next), description, ai_json: ai }).where('id', '=', projectId).execute();

  const modules = await trx.selectFrom('functional_modules').select(['id', 'name', 'description', 'operations', 'notes']).where('project_id', '=', projectId).execute();
  for (const m of modules) {
    const patch = {
      description: applyRenames(m.description, r),
      operations: JSON.stringify(renameJson(parse<unknown>(m.operations, []), r)),
      notes: JSON.stringify(renameJson(parse<unknown>(m.notes, []), r)),
    };
    if (patch.description === m.description && patch.operations === m.operations && patch.notes === (m.notes || '[]')) continue;
    await trx.updateTable('functional_modules').set(patch).where('id', '=', m.id).execute();
    out.updated.push(`功能模块“${m.name}”的说明与步骤`);
  }

  const screens = await trx.selectFrom('project_screens').select(['id', 'title', 'module_name', 'spec_json', 'source']).where('project_id', '=', projectId).execute();
  for (const s of screens) {
    const patch = { title: applyRenames(s.title, r), module_name: applyRenames(s.module_name, r), spec_json: JSON.stringify(renameJson(parse<unknown>(s.spec_json, {}), r)) };
    const identity = Boolean(r.name || r.shortName || r.version);
    if (s.source === 'upload' && identity) out.flagged.push(`插图“${patch.title}”是上传的截图，图中的名称或版本号无法自动修改：请按新的名称和版本号重新截图上传`);
    if (patch.title === s.title && patch.module_name === s.module_name && patch.spec_json === s.spec_json) continue;
    await trx.updateTable('project_screens').set(patch).where('id', '=', s.id).execute();
    out.updated.push(`插图“${patch.title}”`);
  }
  return out;
}
