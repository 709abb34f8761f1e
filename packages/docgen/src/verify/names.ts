import type { ApplicationForm } from '../form/form';
import type { VerifyItem } from './verify';

/** A place and its text: a form field ("申请表「软件的主要功能」") or a page of a document ("操作手册第 3 页"). */
export interface PlacedText {
  where: string;
  text: string;
}

const ENDINGS = '软件|系统|平台|APP|App|app|小程序';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bareVersion = (v: string) => v.trim().replace(/^[Vv]/, '');

/**
 * The software's name and version as the texts say them: a name with the same stem but another ending
 * ("会议室预约管理系统" for 软件全称 "会议室预约管理软件" — what remains after a rename) or the name followed by
 * another version ("…软件V1.0" for V2.0) is 未通过, with each place; otherwise 通过. CPCC refuses materials whose
 * names differ between the form and the documents (spec/cpcc-materials.md, 一致性).
 */
export function nameInTextItem(name: string, version: string, texts: PlacedText[]): VerifyItem {
  const full = name.trim();
  const stem = full.replace(new RegExp(`(${ENDINGS})$`), '');
  const found = new Map<string, Set<string>>();
  const note = (said: string, where: string) => found.set(said, (found.get(said) ?? new Set()).add(where));
  if (stem.length >= 2 && stem !== full) {
    const re = new RegExp(`${escape(stem)}(${ENDINGS})`, 'g');
    for (const t of texts) for (const m of t.text.matchAll(re)) if (m[0] !== full) note(m[0], t.where);
  }
  const ver = new RegExp(`${escape(full)}\\s*([Vv]\\d+(?:\\.\\d+)*)(?![0-9.])`, 'g');
  for (const t of texts) for (const m of t.text.matchAll(ver)) if (bareVersion(m[1]!) !== bareVersion(version)) note(`${full}${m[1]}`, t.where);
  if (found.size === 0) return { ok: true, code: 'NAME_IN_TEXT', title: '正文中的软件名称', detail: `申请表文字和文档正文中提到的软件名称均为“${full}”` };
  const list = [...found.entries()].map(([said, where]) => `“${said}”（${[...where].slice(0, 4).join('、')}${where.size > 4 ? ' 等' : ''}）`);
  return {
    ok: false,
    code: 'NAME_IN_TEXT',
    title: '正文中的软件名称',
    detail: `文字中写的是${list.join('、')}，与软件全称“${full}”、版本号 ${version} 不一致：请在项目中改为一致后重新生成`,
    evidence: [...found.keys()],
  };
}

/** The printed text of a document model's pages, one placed text per page ("操作手册第 N 页"). */
export function pageTexts(label: string, pages: { lines: { kind: string; text?: string }[] }[]): PlacedText[] {
  return pages.map((p, i) => ({ where: `${label}第 ${i + 1} 页`, text: p.lines.map((l) => (l.kind === 'text' ? (l.text ?? '') : '')).join('') }));
}

/** The application form's free texts as placed texts ("申请表「软件的主要功能」"). */
export function formTexts(f: Pick<ApplicationForm, 'purpose' | 'domain' | 'mainFunctions' | 'techFeatures'>): PlacedText[] {
  return [
    { where: '申请表「开发目的」', text: f.purpose },
    { where: '申请表「面向领域/行业」', text: f.domain },
    { where: '申请表「软件的主要功能」', text: f.mainFunctions },
    { where: '申请表「软件的技术特点」', text: f.techFeatures },
  ];
}
