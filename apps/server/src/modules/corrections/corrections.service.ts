import crypto from 'node:crypto';
import {
  chinaToday,
  CONFIRMATION_EXAMPLES,
  CONTRACT_TYPE_META,
  contractTypesNeeded,
  correctionDeadline,
  CORRECTION_SETTING_KEY,
  ZApplicationForm,
  type ApplicationForm,
  type CodeAnalysis,
  type CorrectionCostSetting,
  type CorrectionCurrent,
  type CorrectionDetails,
  type CorrectionListItem,
  type CorrectionState,
  type ItemFix,
  type NoticeItem,
  type Page,
  type ParsedNotice,
  type ZAddCorrectionRequest,
  type ZApplyCorrectionFix,
  type ZCorrectionsListQuery,
  type ZProjectCorrectionsQuery,
} from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import { readSetting } from '../admin/settings';
import type { Database } from '../../db/schema';
import { propagateRenames } from '../projects/propagate';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { containedShare, type CodeFingerprints } from '../code-projects/code-fingerprints';
import { readKeptFiles } from '../code-projects/code-projects.service';
import type { PointsCharger } from '../points/points.service';
import { presentUpload, readForm, readMaterials } from '../projects/projects.presenter';
import type { ProjectService } from '../projects/projects.service';
import { GenerateCorrection } from './corrections.job-def';
import {
  documentKindOf,
  itemHandled,
  presentListItem,
  readCharge,
  readFiled,
  readNotice,
  readResult,
  readSelection,
  touchedGroups,
  type CorrectionRow,
  type FiledSnapshot,
} from './corrections.presenter';
import { checkScreen } from '../preview/screen-checks';
import { describeFix, parseNotice } from './notice-parser';
import { refreshProjectOrigins } from '../origins/origins.service';
import { projectOwnerNames, readDeclaration, rightsOf } from '../projects/rights';
import { sameVersion } from '@mazhu/docgen';

type Tx = Kysely<Database> | Transaction<Database>;
const ACTIVE = ['queued', 'generating'] as const;
const CLOSED = ['generated', 'cancelled'] as const;

/**
 * The administrator's correction price (setting integral.correction, edited in the back office's 系统设置 and audited
 * there), or the default: the first round of a project free, then as a generation.
 */
export const readCorrectionCost = (db: Tx): Promise<CorrectionCostSetting> => readSetting<CorrectionCostSetting>(db, CORRECTION_SETTING_KEY);

export interface CorrectionServiceDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  queue: JobQueue;
  charger: PointsCharger;
  projects: Pick<ProjectService, 'costOf'>;
  /** Fingerprints of uploaded code (the filed program against new code). */
  fingerprints: CodeFingerprints;
}

/** Share of new code's files that must be files of the filed program for a correction to attach it. */
export const FILED_CODE_MIN_SHARE = 0.5;

/** A 软件全称 without its kind suffix and punctuation: what names the software itself. */
const nameCore = (name: string) => name.replace(/(软件|系统|平台|APP|App|app)$/u, '').replace(/[\s\p{P}]/gu, '');

/**
 * Whether a new 软件全称 still names the filed software: a correction may add or change the kind suffix, the brand
 * or a word, as notices ask ("名称应以软件、系统或平台结尾", names made consistent), but not name another program.
 * Same when one core contains the other, or their character bigrams overlap by at least 60 % (Dice).
 */
export function namesSameSoftware(filed: string, next: string): boolean {
  const a = nameCore(filed);
  const b = nameCore(next);
  if (!a || !b) return a === b;
  if (a.includes(b) || b.includes(a)) return true;
  const grams = (t: string) => new Set(Array.from({ length: Math.max(0, t.length - 1) }, (_, i) => t.slice(i, i + 2)));
  const [x, y] = [grams(a), grams(b)];
  const shared = [...x].filter((g) => y.has(g)).length;
  return x.size + y.size > 0 && (2 * shared) / (x.size + y.size) >= 0.6;
}

/**
 * Correction projects (补正): intake of a notice for one of the user's generated projects, the fixes item by item,
 * starting the generation of the answer package (charged once, refunded on failure: corrections.job.ts), the
 * download and cancelling. Every call is scoped to the signed-in user; another user's ids answer "not found".
 */
export function createCorrectionService(deps: CorrectionServiceDeps) {
  const { db, blobs, queue, charger, projects, fingerprints } = deps;

  async function owned(userId: number, id: number, tx: Tx = db): Promise<CorrectionRow> {
    const c = await tx.selectFrom('corrections').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!c) throw notFound('补正项目不存在或无权访问');
    return c;
  }

  async function ownedProject(userId: number, id: number, tx: Tx = db) {
    const p = await tx.selectFrom('projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!p) throw notFound('项目不存在或无权访问');
    return p;
  }

  /** What generating the project's materials costs (read outside any transaction: it uses its own queries). */
  async function generationCost(projectId: number): Promise<number> {
    const p = await db.selectFrom('projects').select(['source', 'form_json', 'upload_id']).where('id', '=', projectId).executeTakeFirstOrThrow();
    return projects.costOf(p);
  }

  /**
   * Points the next generation of this correction costs, and why (`asGeneration`: the project's generation cost).
   * A round already charged costs nothing more (a failed generation is retried); otherwise the project's first
   * `freePerProject` rounds — over all its corrections, every round counted — are free, later ones are charged.
   */
  async function costOf(c: CorrectionRow, tx: Tx = db, asGeneration?: number): Promise<{ cost: number; note: string }> {
    if (readCharge(c)) return { cost: 0, note: '本轮补正已计费，生成失败后重试不再收费' };
    const setting = await readCorrectionCost(tx);
    const paid = await tx
      .selectFrom('corrections')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('paid_revisions'), eb.lit(0)).as('n'))
      .where('project_id', '=', c.project_id)
      .executeTakeFirstOrThrow();
    const round = c.revision > 1 ? `第 ${c.revision} 轮补正（已生成后再修改）：` : '';
    if (Number(paid.n) < setting.freePerProject) return { cost: 0, note: `${round}每个项目的前 ${setting.freePerProject} 次补正免费` };
    const cost = setting.points ?? asGeneration ?? (await generationCost(c.project_id));
    return { cost, note: `${round}${setting.points === null ? `与生成一次材料相同：${cost} 积分（或 1 次免费次数）` : `${cost} 积分（或 1 次免费次数）`}` };
  }

  /**
   * What may change between the filed application and its correction: the name only by a fix the notice asks for
   * and only to a name of the same software (namesSameSoftware); the code only by a fix of a source item and only
   * to code most of whose files are files of the filed program (FILED_CODE_MIN_SHARE). Checked when a fix is
   * applied and again before generating (the project may have been edited elsewhere). Throws 400 in Chinese.
   */
  async function checkSameApplication(c: CorrectionRow, p: { name: string; upload_id: number | null }, notice: ParsedNotice) {
    const filed = readFiled(c);
    const applied = notice.items.flatMap((i) => i.fixes).filter((f) => f.state === 'applied');
    if (p.name !== filed.name) {
      if (!applied.some((f) => (f.fields as string[]).includes('name'))) throw badRequest(`软件名称已由“${filed.name}”改为“${p.name}”，但通知书没有要求修改名称。补正材料须与已提交的申请一致，请改回原名称`);
      if (!namesSameSoftware(filed.name, p.name)) throw badRequest(`“${p.name}”与已申请登记的“${filed.name}”不是同一个软件名称。补正只能按通知书的要求调整名称；登记另一个软件请新建项目`);
    }
    if (p.upload_id && filed.uploadId !== undefined && p.upload_id !== filed.uploadId) {
      if (!applied.some((f) => f.kind === 'source')) throw badRequest('项目的源代码已更换，但通知书中没有关于源程序的补正事项。补正材料须是已申请登记的程序，请改回原代码');
      checkFiledCode(filed, p.upload_id, await fingerprints([p.upload_id]));
    }
  }

  /**
   * Throws 400 unless most files of the upload are files of the filed program (when the filed program is known).
   * `prints` holds the upload's fingerprint, read before any transaction (reading one may inflate the archive).
   */
  function checkFiledCode(filed: FiledSnapshot, uploadId: number, prints: Map<number, { files: string[] }>) {
    if (!filed.codeFiles?.length) return;
    const next = prints.get(uploadId);
    if (!next) throw badRequest('新上传的代码无法读取，请重新上传');
    const share = containedShare(next.files, filed.codeFiles);
    if (share < FILED_CODE_MIN_SHARE) {
      throw badRequest(`新上传的代码中只有 ${Math.round(share * 100)}% 的文件来自已申请登记的程序。补正只能修改这个软件的源程序（例如改版本号、去掉第三方代码）；如果这是另一个软件，请新建项目登记`);
    }
  }

  /** The paths an upload prints under its current selection (`{ printed }`), or {} when its file list was not kept. */
  async function printedPaths(u: { blob_key: string; selection_json: string }): Promise<{ printed?: string[] }> {
    const files = await readKeptFiles(blobs, u.blob_key, u.selection_json || '{}');
    return files ? { printed: files.filter((f) => f.included).map((f) => f.path) } : {};
  }

  async function current(c: CorrectionRow): Promise<CorrectionCurrent> {
    const p = await db.selectFrom('projects').selectAll().where('id', '=', c.project_id).executeTakeFirst();
    if (!p) throw notFound('补正对应的项目已被删除');
    const form = readForm(p);
    const modules = await db.selectFrom('functional_modules').selectAll().where('project_id', '=', p.id).orderBy('sort').orderBy('id').execute();
    const upload = p.upload_id ? await db.selectFrom('code_uploads').selectAll().where('id', '=', p.upload_id).executeTakeFirst() : undefined;
    const analysis = upload ? presentUpload(upload).analysis : undefined;
    return {
      name: p.name,
      version: p.version,
      mainFunctions: form.mainFunctions ?? '',
      techFeatures: form.techFeatures ?? '',
      techTags: form.techTags ?? [],
      languages: [...new Set([...(form.languages ?? []), ...(form.extraLanguages ?? [])])],
      codeLanguages: analysis?.languages ?? [],
      nature: form.nature,
      originalRegistrationNo: form.originalRegistrationNo ?? '',
      modificationNote: form.modificationNote ?? '',
      developmentMode: form.developmentMode,
      modules: modules.map((m) => ({ name: m.name, description: m.description, operations: JSON.parse(m.operations) as string[] })),
      estimatedCodePages: analysis?.estimatedPages ?? 0,
      hasCode: Boolean(upload),
      codeFileName: upload?.file_name ?? null,
      uploadId: upload?.id ?? null,
      documentKind: documentKindOf(readFiled(c).files),
    };
  }

  async function details(userId: number, id: number): Promise<CorrectionDetails> {
    const c = await owned(userId, id);
    const cur = await current(c);
    const notice = readNotice(c);
    const result = readResult(c);
    const cost = c.status === 'cancelled' ? { cost: 0, note: '' } : await costOf(c);
    return {
      ...presentListItem(c, cur.name),
      noticeText: c.notice_text,
      source: c.notice_source,
      serialNo: c.serial_no,
      preamble: notice.preamble,
      closing: notice.closing,
      noticeItems: notice.items.map((i) => ({ ...i, fixes: i.fixes.map((f) => describeFix(f, cur.documentKind)) })),
      current: cur,
      touched: touchedGroups(notice.items),
      cost: cost.cost,
      costNote: cost.note,
      charge: readCharge(c),
      diff: result?.diff ?? null,
      files: result?.files ?? [],
      openItems: notice.items.filter((i) => !itemHandled(i)).map((i) => i.no),
    };
  }

  async function nameOf(projectId: number): Promise<string> {
    return (await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst())?.name ?? '';
  }

  /** Rows of a list with their current project names, and the shown state filter applied in the query. */
  async function page(userId: number, q: { page: number; pageSize: number; projectId?: number; state?: CorrectionState; keyword?: string }): Promise<Page<CorrectionListItem>> {
    const today = chinaToday();
    let query = db.selectFrom('corrections as c').innerJoin('projects as p', 'p.id', 'c.project_id').where('c.user_id', '=', userId);
    if (q.projectId) query = query.where('c.project_id', '=', q.projectId);
    if (q.keyword) query = query.where((eb) => eb.or([eb('p.name', 'like', `%${q.keyword}%`), eb('c.filed_json', 'like', `%${q.keyword}%`)]));
    const open = ['pending', 'processing', 'queued', 'generating', 'failed'] as const;
    switch (q.state) {
      case 'cancelled':
        query = query.where('c.status', '=', 'cancelled');
        break;
      case 'submitted':
        query = query.where('c.status', '!=', 'cancelled').where('c.submitted_at', 'is not', null);
        break;
      case 'generated':
        query = query.where('c.status', '=', 'generated').where('c.submitted_at', 'is', null).where('c.deadline', '>=', today);
        break;
      case 'overdue':
        query = query.where('c.status', 'in', [...open, 'generated']).where('c.submitted_at', 'is', null).where('c.deadline', '<', today);
        break;
      case 'pending':
        query = query.where('c.status', '=', 'pending').where('c.submitted_at', 'is', null).where('c.deadline', '>=', today);
        break;
      case 'processing':
        query = query.where('c.status', 'in', ['processing', 'queued', 'generating', 'failed']).where('c.submitted_at', 'is', null).where('c.deadline', '>=', today);
        break;
      default:
        break;
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('c')
      .select('p.name as current_name')
      .orderBy('c.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute();
    return { list: rows.map((r) => presentListItem(r, r.current_name, today)), total: Number(total.n), page: q.page, pageSize: q.pageSize };
  }

  /** Saves items (and moves pending → processing; a generated/failed answer needs generating again). */
  async function saveItems(trx: Tx, c: CorrectionRow, notice: ParsedNotice, message = '') {
    const status = c.status === 'pending' || c.status === 'generated' || c.status === 'failed' ? 'processing' : c.status;
    await trx
      .updateTable('corrections')
      .set({ items_json: JSON.stringify(notice), status, message: message || (c.status === 'generated' ? '已修改，需重新生成补正材料' : c.message), updated_at: nowIso() })
      .where('id', '=', c.id)
      .execute();
  }

  const quote = (s: string | undefined) => `“${s ?? ''}”`;

  /**
   * Applies a field fix: checks the values against the reason's fields and rules, writes them on the project
   * (name and version columns, the rest in the form), and returns the sentence for the 补正说明.
   */
  async function applyFields(trx: Transaction<Database>, userId: number, projectId: number, fix: ItemFix, fields: NonNullable<z.output<typeof ZApplyCorrectionFix>['fields']>, filedName?: string): Promise<string> {
    const p = await ownedProject(userId, projectId, trx);
    const given = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k]) => k);
    const foreign = given.filter((k) => !(fix.fields as string[]).includes(k));
    if (given.length === 0) throw badRequest('请填写要修改的内容');
    if (foreign.length) throw badRequest(`这一项只能修改：${fix.fields.join('、')}`);
    const form: ApplicationForm = readForm(p);
    const before = { ...form, name: p.name, version: p.version };
    const next: ApplicationForm = { ...form };
    const sentences: string[] = [];
    if (fields.name !== undefined && filedName !== undefined && !namesSameSoftware(filedName, fields.name)) {
      throw badRequest(`“${fields.name}”与已申请登记的“${filedName}”不是同一个软件名称。补正只能按通知书的要求调整名称（如补上“软件”“系统”“平台”结尾、各材料统一）；登记另一个软件请新建项目`);
    }
    if (fields.name !== undefined) {
      sentences.push(
        fields.name === p.name
          ? `经核对，软件全称${quote(p.name)}以“${/(软件|系统|平台)$/.exec(p.name)?.[1] ?? ''}”结尾，申请表、源程序和文档中的软件名称一致。`
          : `已将软件全称由${quote(before.name)}改为${quote(fields.name)}，申请表、源程序和文档中的软件名称已同步修改。`,
      );
    }
    if (fields.version !== undefined) {
      sentences.push(fields.version === p.version ? `经核对，版本号为 ${p.version}，各材料一致。` : `已将版本号由 ${before.version} 改为 ${fields.version}，各材料页眉同步修改。`);
    }
    if (fields.mainFunctions !== undefined) {
      next.mainFunctions = fields.mainFunctions;
      sentences.push(`已按 2026 年版申请表要求改写“软件的主要功能”（现 ${fields.mainFunctions.length} 字，原 ${(before.mainFunctions ?? '').length} 字），文档中的软件概述同步更新，二者一致。`);
    }
    if (fields.techTags !== undefined) next.techTags = fields.techTags;
    if (fields.techFeatures !== undefined) next.techFeatures = fields.techFeatures;
    if (fields.techFeatures !== undefined || fields.techTags !== undefined) {
      const tags = next.techTags?.length ? `（技术标签：${next.techTags.join('、')}）` : '';
      sentences.push(`已修改“软件的技术特点”为${quote(next.techFeatures)}${tags}，与文档一致。`);
    }
    if (fields.languages !== undefined) {
      const a = p.upload_id ? await trx.selectFrom('code_uploads').select('analysis_json').where('id', '=', p.upload_id).executeTakeFirst() : undefined;
      const codeLanguages = a ? ((JSON.parse(a.analysis_json) as { languages?: string[] }).languages ?? []) : [];
      const merged = [...new Set([...codeLanguages, ...fields.languages])];
      if (merged.join('、').length > 120) throw badRequest('编程语言合计不能超过 120 个字符');
      next.languages = merged;
      // With code, 编程语言 is what the code shows plus these declared ones (the engine adds them to the analysis).
      if (codeLanguages.length) next.extraLanguages = merged.filter((l) => !codeLanguages.includes(l));
      sentences.push(`已将“编程语言”由${quote((before.languages ?? []).join('、'))}改为${quote(merged.join('、'))}，列出源程序用到的全部语言。`);
    }
    if (fields.nature !== undefined || fields.originalRegistrationNo !== undefined || fields.modificationNote !== undefined) {
      next.nature = fields.nature ?? form.nature;
      if (next.nature !== '修改') throw badRequest('升级或修改的软件，“软件说明”须选择“修改”');
      next.originalRegistrationNo = fields.originalRegistrationNo ?? form.originalRegistrationNo;
      next.modificationNote = fields.modificationNote ?? form.modificationNote;
      if (!next.originalRegistrationNo) throw badRequest('请填写原登记号（原软件的登记证书编号）');
      sentences.push(`已将“软件说明”改为“修改”，填写原登记号 ${next.originalRegistrationNo}${next.modificationNote ? `，修改说明：${next.modificationNote}` : ''}。`);
    }
    const checked = ZApplicationForm.safeParse(next);
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? '填写的内容不符合申请表要求');
    await trx
      .updateTable('projects')
      .set({
        form_json: JSON.stringify(checked.data),
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.version !== undefined ? { version: fields.version } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', p.id)
      .where('user_id', '=', userId)
      .execute();
    // The new name and version go into every stored text that mentions the old ones (form texts, 软件简介, modules,
    // figures); what cannot be changed is flagged by the check report of the regenerated materials.
    await propagateRenames(trx, p.id, {
      ...(fields.name !== undefined && fields.name !== before.name ? { name: { from: before.name, to: fields.name } } : {}),
      ...(fields.version !== undefined && fields.version !== before.version ? { version: { from: before.version, to: fields.version } } : {}),
      modules: [],
    });
    await refreshProjectOrigins(trx, p.id);
    return sentences.join('');
  }

  /** The user's own words as a sentence of the letter ('' when none). */
  const ownWords = (note: string | undefined) => (note ? `${note.replace(/[。.]$/, '')}。` : '');

  /** The user's own words, required: what only the applicant can do is stated in the applicant's words. */
  function confirmedInOwnWords(fix: ItemFix, note: string | undefined, why = ''): string {
    if (note) return ownWords(note);
    const example = CONFIRMATION_EXAMPLES[fix.reason];
    throw badRequest(`${why}请用自己的话写明对这一项做了什么（将原样写入补正说明）${example ? `，例如：“${example}”` : ''}`);
  }

  /**
   * What changed between the filed program and new code, from the SHA-1 lists of their printed files, e.g.
   * "与已提交的程序相比：40 个文件未变，1 个文件修改或新增，至少删除 2 个文件" ('' when the filed list is unknown). A
   * changed file is one filed hash gone and one new hash, so deletions are exact only when nothing was added.
   */
  function codeChange(filed: FiledSnapshot, next: string[] | undefined): { text: string; same: boolean } {
    if (!filed.codeFiles?.length || !next) return { text: '', same: false };
    const before = new Set(filed.codeFiles);
    const after = new Set(next);
    const kept = next.filter((h) => before.has(h)).length;
    const removed = filed.codeFiles.filter((h) => !after.has(h)).length;
    const added = next.filter((h) => !before.has(h)).length;
    if (!removed && !added) return { text: '', same: true };
    const deleted = added === 0 ? `删除 ${removed} 个文件` : removed > added ? `至少删除 ${removed - added} 个文件` : '';
    return { text: `与已提交的程序相比：${[`${kept} 个文件未变`, added ? `${added} 个文件修改或新增` : '', deleted].filter(Boolean).join('，')}`, same: false };
  }

  /**
   * After a fix about someone else's code: the code must not name anyone but the owners any more (the project's
   * rights declaration still counts). Throws 400 naming what is left; returns the sentence for the letter.
   */
  async function noForeignSigns(trx: Transaction<Database>, projectId: number, analysis: CodeAnalysis): Promise<string> {
    const p = await trx.selectFrom('projects').select(['rights_declaration_json']).where('id', '=', projectId).executeTakeFirstOrThrow();
    const rights = rightsOf(analysis, await projectOwnerNames(trx, projectId), readDeclaration(p));
    if (rights.state === 'flagged') {
      const names = [...new Set(rights.foreign.map((x) => x.name))].slice(0, 6).join('、');
      throw badRequest(`代码中仍有他人的版权声明或署名（${names}）。请删除这些文件或信息（可在“文件选择”中排除），再应用这一项`);
    }
    return rights.state === 'clear' ? '经检查，源代码中没有他人的版权声明或署名。' : '';
  }

  /** After a fix about the code's version: every version the code declares must be the form's. Throws 400 naming the others. */
  function versionsChecked(analysis: CodeAnalysis, version: string): string {
    const found = analysis.versions ?? [];
    const other = found.filter((v) => !sameVersion(v.value, version));
    if (other.length) throw badRequest(`代码中仍有与申请表（${version}）不同的版本号：${other.slice(0, 5).map((v) => `${v.file} 第 ${v.line} 行 ${v.value}`).join('；')}。请改为一致后重新上传`);
    return found.length ? `经检查，代码中声明的版本号（${[...new Set(found.map((v) => v.source))].slice(0, 3).join('、')}）均为 ${version}，与申请表一致。` : '';
  }

  /**
   * A source fix. New code (an owned upload of the filed program) replaces the project's code, or — without an
   * upload — the file selection of the filed upload, changed since the correction was created (框架、第三方或自动
   * 生成的文件排除), is what changed. Source-page and last-page fixes only lay the source out again (the letter then
   * states the facts read from the regenerated PDF). The sentence states what changed, counted from the files.
   */
  async function applySource(trx: Transaction<Database>, userId: number, projectId: number, fix: ItemFix, uploadId: number | undefined, filed: FiledSnapshot, prints: Map<number, { files: string[] }>, note: string | undefined): Promise<string> {
    const p = await ownedProject(userId, projectId, trx);
    const n = ownWords(note);
    if (!uploadId) {
      if (!p.upload_id) throw badRequest('该项目没有上传代码，请先上传完整的源代码压缩包');
      if (fix.reason === 'last_page') return `已重新整理源程序，使末页结束于完整的文件末尾。${n}`;
      if (fix.reason === 'source_pages') return n;
      if (fix.reason === 'code_version') throw badRequest('请先上传修改后的代码压缩包');
      const u = await trx.selectFrom('code_uploads').selectAll().where('id', '=', p.upload_id).executeTakeFirstOrThrow();
      const selection = readSelection(u.selection_json);
      const before = filed.code;
      if (p.upload_id !== filed.uploadId || !before || JSON.stringify(selection) === JSON.stringify(before.selection)) {
        throw badRequest('源程序的文件与已提交时相同。请在“文件选择”中排除框架模板、第三方库或自动生成的文件后应用，或上传修改后的代码');
      }
      const analysis = presentUpload(u).analysis;
      // What the selection actually changed: the printed paths (kept file lists), else the counts.
      const now = (await printedPaths(u)).printed;
      const left = before.printed && now ? before.printed.filter((x) => !now.includes(x)) : undefined;
      const joined = before.printed && now ? now.filter((x) => !before.printed!.includes(x)) : undefined;
      const unchanged = left && joined ? !left.length && !joined.length : analysis.files === before.files && analysis.sourceLines === before.sourceLines;
      if (unchanged) throw badRequest('文件选择已修改，但印入源程序的文件没有变化（排除规则没有匹配到文件）。请在“文件选择”中核对要排除的文件后再应用');
      const names = (paths: string[]) => `${paths.slice(0, 8).join('、')}${paths.length > 8 ? ` 等 ${paths.length} 个文件` : ''}`;
      const what = [left?.length ? `不再印入 ${names(left)}` : '', joined?.length ? `新印入 ${names(joined)}` : ''].filter(Boolean).join('；');
      const check = fix.reason === 'third_party' ? await noForeignSigns(trx, p.id, analysis) : '';
      return `已调整源程序印入的文件${what ? `：${what}` : ''}；源程序由已提交时的 ${before.files} 个文件（${before.sourceLines.toLocaleString('en-US')} 行）改为 ${analysis.files} 个文件（${analysis.sourceLines.toLocaleString('en-US')} 行），并重新生成源程序。${check}${n}`;
    }
    const u = await trx.selectFrom('code_uploads').selectAll().where('id', '=', uploadId).where('user_id', '=', userId).executeTakeFirst();
    if (!u) throw notFound('上传的代码不存在或已过期，请重新上传');
    checkFiledCode(filed, uploadId, prints);
    const change = codeChange(filed, prints.get(uploadId)?.files);
    if (change.same) throw badRequest('上传的代码与已提交的程序完全相同，没有修改。请上传修改后的代码');
    const analysis = presentUpload(u).analysis;
    const check = fix.reason === 'code_version' ? versionsChecked(analysis, p.version) : fix.reason === 'third_party' ? await noForeignSigns(trx, p.id, analysis) : '';
    const form = readForm(p);
    await trx
      .updateTable('projects')
      .set({ upload_id: uploadId, form_json: JSON.stringify({ ...form, languages: analysis.languages, sourceLines: analysis.sourceLines }), updated_at: nowIso() })
      .where('id', '=', p.id)
      .where('user_id', '=', userId)
      .execute();
    await refreshProjectOrigins(trx, p.id);
    const what = `${change.text ? `${change.text}；` : ''}现 ${analysis.files} 个文件，共 ${analysis.sourceLines.toLocaleString('en-US')} 行`;
    return `已上传修改后的源代码（${what}），并重新生成源程序。${check}${n}`;
  }

  /**
   * A document fix. Edited modules replace the project's; the sentence names what differs from the modules filed
   * (added, removed, description or steps rewritten). Modules as filed and no words of the user: refused (nothing
   * would back the letter).
   */
  async function applyModules(trx: Transaction<Database>, userId: number, projectId: number, fix: ItemFix, modules: z.output<typeof ZApplyCorrectionFix>['modules'], filed: FiledSnapshot, note: string | undefined): Promise<string> {
    await ownedProject(userId, projectId, trx);
    const doc = documentKindOf(filed.files);
    const n = ownWords(note);
    if (fix.reason === 'doc_format' || !modules) return `已按要求重新排版${doc}。${n}`;
    const added = modules.filter((m) => !filed.modules.some((f) => f.name === m.name)).map((m) => m.name);
    const removed = filed.modules.filter((f) => !modules.some((m) => m.name === f.name)).map((f) => f.name);
    const kept = modules.map((m) => ({ m, f: filed.modules.find((f) => f.name === m.name) })).filter((x) => x.f);
    const newDescription = kept.filter(({ m, f }) => m.description !== f!.description).map(({ m }) => m.name);
    const newSteps = kept.filter(({ m, f }) => JSON.stringify(m.operations) !== JSON.stringify(f!.operations)).map(({ m }) => m.name);
    if (!added.length && !removed.length && !newDescription.length && !newSteps.length && !note) {
      throw badRequest(`功能模块与已提交时相同。请增加、删除或改写功能模块的说明和操作步骤，或写明您对这一项做了什么（将写入补正说明）`);
    }
    // A module kept under its name keeps its 注意事项 and code evidence when the fix does not give them.
    const before = new Map((await trx.selectFrom('functional_modules').select(['name', 'notes', 'evidence']).where('project_id', '=', projectId).execute()).map((m) => [m.name, m]));
    await trx.deleteFrom('functional_modules').where('project_id', '=', projectId).execute();
    const now = nowIso();
    await trx
      .insertInto('functional_modules')
      .values(
        modules.map((m, i) => ({
          project_id: projectId,
          name: m.name,
          description: m.description,
          operations: JSON.stringify(m.operations),
          notes: m.notes.length ? JSON.stringify(m.notes) : (before.get(m.name)?.notes ?? '[]'),
          evidence: m.evidence ? JSON.stringify(m.evidence) : (before.get(m.name)?.evidence ?? '[]'),
          name_confirm: m.nameConfirm || null,
          sort: m.sort ?? i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await trx.updateTable('projects').set({ updated_at: now }).where('id', '=', projectId).execute();
    await refreshProjectOrigins(trx, projectId);
    const list = (names: string[]) => names.map((x) => `“${x}”`).join('、');
    const parts = [added.length ? `新增${list(added)}` : '', removed.length ? `删除${list(removed)}` : '', newDescription.length ? `改写${list(newDescription)}的功能说明` : '', newSteps.length ? `改写${list(newSteps)}的操作步骤` : ''].filter(Boolean);
    const changed = parts.length ? `已修改${doc}的功能模块：${parts.join('；')}。${doc}现描述 ${modules.length} 个功能模块，已重新生成。` : '';
    return `${changed}${n}`;
  }

  /**
   * A screenshot fix. For software with a user interface the screens of the manual are read: every uploaded
   * screenshot must show the form's name and version (OCR), a notice about missing screenshots needs every screen
   * uploaded, and the sentence says how many screenshots were replaced since the correction was created (a screen
   * whose image changed) — never "replaced" when none was. Nothing uploaded, or no user interface: the user's own
   * words. Throws 400 in Chinese naming the screens to replace.
   */
  async function screenshotsChecked(trx: Transaction<Database>, c: CorrectionRow, fix: ItemFix, note: string | undefined): Promise<string> {
    const filed = readFiled(c);
    const doc = documentKindOf(filed.files);
    if (doc !== '操作手册') return confirmedInOwnWords(fix, note, `本软件没有用户界面，${doc}中没有运行截图。`);
    const p = await trx.selectFrom('projects').select(['name', 'short_name', 'version']).where('id', '=', c.project_id).executeTakeFirstOrThrow();
    const screens = await trx.selectFrom('project_screens').select(['id', 'title', 'source', 'blob_key', 'texts_json', 'width', 'height', 'updated_at']).where('project_id', '=', c.project_id).orderBy('sort').orderBy('id').execute();
    const uploads = screens.filter((s) => s.source === 'upload');
    const bad: string[] = [];
    for (const sh of uploads) {
      let texts: string[] = [];
      try {
        texts = JSON.parse(sh.texts_json) as string[];
      } catch {
        texts = [];
      }
      const identity = checkScreen({ name: p.name, shortName: p.short_name || undefined, version: p.version, texts, width: sh.width, height: sh.height, source: 'upload' }).find((x) => x.code === 'identity');
      if (identity && !identity.ok) bad.push(`“${sh.title}”：${identity.message}`);
    }
    if (bad.length) throw badRequest(`以下截图仍与申请表不一致，请先更换：${bad.join('；')}`);
    const prototypes = screens.filter((s) => s.source !== 'upload');
    if (fix.reason === 'screenshots_missing' && (prototypes.length || !screens.length)) {
      throw badRequest(prototypes.length ? `以下界面还是原型图，请上传真实软件的完整截图（上传截图包、截取屏幕或逐张上传）：${prototypes.map((s) => `“${s.title}”`).join('、')}` : '请先为操作手册的各个界面上传真实软件的完整截图（上传截图包、截取屏幕或逐张上传）');
    }
    const replaced = uploads.filter((s) => (filed.screens ? !filed.screens.some((f) => f.id === s.id && f.blobKey === s.blob_key) : s.updated_at > c.created_at));
    if (!uploads.length) return confirmedInOwnWords(fix, note, '操作手册中的截图都是按功能模块生成的原型图，没有更换。请用“上传截图包”“截取屏幕”或逐张上传真实软件截图；如这一项不需要更换截图，');
    const parts = [
      replaced.length ? `已更换操作手册中的 ${replaced.length} 张截图（${replaced.map((s) => `“${s.title}”`).join('、')}）` : '',
      fix.reason === 'screenshots_missing' ? `操作手册的 ${screens.length} 个界面均配有真实软件截图` : '',
      `经识别，操作手册中的 ${uploads.length} 张软件截图均显示“${p.name} ${p.version}”，与申请表一致`,
    ].filter(Boolean);
    return `${parts.join('；')}，并重新生成操作手册。${ownWords(note)}`;
  }

  /**
   * The contracts the project's 开发方式 / 权利取得方式 needs (contractTypesNeeded) must exist for the project (made in
   * 合同下载, POST /api/addContract): otherwise the fix is refused naming them. Returns the sentence for the letter, or
   * the user's own words when the form needs no contract (单独开发, 原始取得).
   */
  async function contractsChecked(trx: Transaction<Database>, projectId: number, fix: ItemFix, note: string | undefined): Promise<string> {
    const p = await trx.selectFrom('projects').select('form_json').where('id', '=', projectId).executeTakeFirstOrThrow();
    const types = contractTypesNeeded(readForm(p));
    if (types.length === 0) return confirmedInOwnWords(fix, note, '申请表的开发方式和权利取得方式不需要合同。');
    const rows = await trx.selectFrom('contracts').select(['type', 'title', 'sign_date']).where('project_id', '=', projectId).where('type', 'in', types).orderBy('sign_date', 'desc').execute();
    const missing = types.filter((t) => !rows.some((r) => r.type === t));
    if (missing.length) throw badRequest(`请先在“合同下载”中为本项目生成${missing.map((t) => `《${CONTRACT_TYPE_META[t].title}》`).join('、')}，再勾选完成`);
    const latest = types.map((t) => rows.find((r) => r.type === t)!);
    return `补正材料中附有${latest.map((r) => `《${r.title}》（签订日期 ${r.sign_date}）`).join('、')}。${ownWords(note)}`;
  }

  /**
   * A to-do outside the product (sign, hand in papers, explain): stated in the user's own words. The electronic
   * copy is the one exception: the package itself holds it, and the letter says only that.
   */
  function todoSentence(fix: ItemFix, note: string | undefined): string {
    if (fix.reason === 'electronic_copy') return `补正后的电子版材料为本补正材料中的 PDF 文件，见附件。${ownWords(note)}`;
    return confirmedInOwnWords(fix, note, fix.reason === 'similar' ? '请说明本软件与已登记软件的区别。' : '');
  }

  return {
    details,
    costOf,
    parse: (text: string): ParsedNotice => parseNotice(text),

    async add(userId: number, req: z.output<typeof ZAddCorrectionRequest>): Promise<CorrectionDetails> {
      const p = await ownedProject(userId, req.projectId);
      const materials = readMaterials(p);
      if (!materials) throw badRequest('该项目还没有生成过材料，无法补正');
      if ((ACTIVE as readonly string[]).includes(p.status)) throw badRequest('该项目正在生成材料，请完成后再创建补正');
      if (req.noticeDate > chinaToday()) throw badRequest('通知书日期不能晚于今天');
      const notice = parseNotice(req.noticeText);
      if (notice.items.length === 0) throw badRequest('没有从通知书中读出补正事项，请检查粘贴的文字');
      const openOne = await db.selectFrom('corrections').select('id').where('project_id', '=', p.id).where('status', 'not in', [...CLOSED]).executeTakeFirst();
      if (openOne) throw conflict('该项目已有未完成的补正，请先处理或取消它');
      const filedZip = await blobs.get(materials.blobKey).catch(() => {
        throw new AppError(404, '该项目的材料文件已丢失，请重新生成材料后再补正');
      });
      const modules = await db.selectFrom('functional_modules').select(['name', 'description', 'operations']).where('project_id', '=', p.id).orderBy('sort').orderBy('id').execute();
      const upload = p.upload_id ? await db.selectFrom('code_uploads').selectAll().where('id', '=', p.upload_id).executeTakeFirst() : undefined;
      const printed = upload ? presentUpload(upload).analysis : undefined;
      const screens = await db.selectFrom('project_screens').select(['id', 'blob_key', 'source']).where('project_id', '=', p.id).execute();
      const filed: FiledSnapshot = {
        name: p.name,
        version: p.version,
        form: readForm(p),
        modules: modules.map((m) => ({ name: m.name, description: m.description, operations: JSON.parse(m.operations) as string[] })),
        files: materials.files,
        downloadName: materials.downloadName,
        uploadId: p.upload_id,
        codeFiles: p.upload_id ? (await fingerprints([p.upload_id])).get(p.upload_id)?.files : undefined,
        ...(upload && printed ? { code: { selection: readSelection(upload.selection_json), files: printed.files, sourceLines: printed.sourceLines, ...(await printedPaths(upload)) } } : {}),
        screens: screens.map((x) => ({ id: x.id, blobKey: x.blob_key, source: x.source })),
      };
      const key = `corrections/${p.id}/${crypto.randomBytes(6).toString('hex')}-filed.zip`;
      await blobs.put(key, filedZip);
      const now = nowIso();
      try {
        const row = await db
          .insertInto('corrections')
          .values({
            user_id: userId,
            project_id: p.id,
            notice_text: req.noticeText,
            notice_source: req.source,
            notice_date: req.noticeDate,
            deadline: correctionDeadline(req.noticeDate),
            serial_no: req.serialNo || notice.serialNo || null,
            items_json: JSON.stringify(notice),
            filed_json: JSON.stringify(filed),
            filed_blob_key: key,
            status: 'pending',
            progress: 0,
            message: '',
            result_json: null,
            charge_json: null,
            generated_at: null,
            cancelled_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return await details(userId, row.id);
      } catch (e) {
        await blobs.delete(key);
        throw e;
      }
    },

    list: (userId: number, q: z.output<typeof ZCorrectionsListQuery>) => page(userId, q),

    async listForProject(userId: number, q: z.output<typeof ZProjectCorrectionsQuery>) {
      await ownedProject(userId, q.projectId);
      return page(userId, q);
    },

    async applyFix(userId: number, req: z.output<typeof ZApplyCorrectionFix>): Promise<CorrectionDetails> {
      // New code's fingerprint is read first: inflating an archive has no place inside the transaction.
      const prints = req.uploadId && (await db.selectFrom('code_uploads').select('id').where('id', '=', req.uploadId).where('user_id', '=', userId).executeTakeFirst()) ? await fingerprints([req.uploadId]) : new Map<number, { files: string[] }>();
      await db.transaction().execute(async (trx) => {
        let c = await owned(userId, req.id, trx);
        if (c.status === 'cancelled') throw badRequest('补正已取消，不能再修改');
        if ((ACTIVE as readonly string[]).includes(c.status)) throw badRequest('补正材料正在生成，请完成后再修改');
        if (c.submitted_at) throw badRequest('补正材料已标记为提交，不能再修改。如收到新的补正通知，请新建补正');
        if (c.status === 'generated') {
          // The answer of this round exists: a change starts the next round, priced by the correction rules.
          await trx
            .updateTable('corrections')
            .set({ revision: c.revision + 1, charge_json: null, status: 'processing', message: `第 ${c.revision + 1} 轮修改：重新生成时按补正价格计费`, updated_at: nowIso() })
            .where('id', '=', c.id)
            .where('status', '=', 'generated')
            .execute();
          c = await owned(userId, req.id, trx);
        }
        const notice = readNotice(c);
        const item: NoticeItem | undefined = notice.items.find((i) => i.no === req.itemNo);
        if (!item) throw notFound(`通知书中没有第 ${req.itemNo} 项`);
        const now = nowIso();
        if (!req.reason) {
          if (item.recognised) throw badRequest('请指定要处理的补正事项');
          if (req.done && !req.note) throw badRequest('请简要说明对这一项做了什么（将写入补正说明）');
          item.handled = Boolean(req.done);
          item.note = req.note ?? item.note;
          await saveItems(trx, c, notice);
          return;
        }
        const fix = item.fixes.find((f) => f.reason === req.reason);
        if (!fix) throw notFound(`第 ${req.itemNo} 项没有这个补正事项`);
        const filed = readFiled(c);
        let change: string;
        switch (fix.kind) {
          case 'field':
            if (!req.fields) throw badRequest('请填写要修改的内容');
            change = await applyFields(trx, userId, c.project_id, fix, req.fields, filed.name);
            break;
          case 'source':
            change = await applySource(trx, userId, c.project_id, fix, req.uploadId, filed, prints, req.note);
            break;
          case 'manual':
            change = await applyModules(trx, userId, c.project_id, fix, req.modules, filed, req.note);
            break;
          default: {
            // screenshots, contract and to-dos outside the product: ticked off (or unticked) by the user.
            if (req.done === undefined) throw badRequest('请勾选是否已完成');
            if (!req.done) {
              fix.state = 'open';
              delete fix.change;
              delete fix.appliedAt;
              await saveItems(trx, c, notice);
              return;
            }
            change = fix.kind === 'screenshots' ? await screenshotsChecked(trx, c, fix, req.note) : fix.kind === 'contract' ? await contractsChecked(trx, c.project_id, fix, req.note) : todoSentence(fix, req.note);
          }
        }
        fix.state = 'applied';
        fix.change = change;
        fix.appliedAt = now;
        await saveItems(trx, c, notice);
      });
      return details(userId, req.id);
    },

    /**
     * Starts generating the answer package: every item must be handled. In ONE transaction the correction moves to
     * `queued`, a job is written and the cost is charged (nothing when free or already paid); the job's final
     * failure refunds that charge.
     */
    async startGeneration(userId: number, id: number): Promise<CorrectionDetails> {
      const c = await owned(userId, id);
      if (c.status === 'cancelled') throw badRequest('补正已取消');
      const notice = readNotice(c);
      const open = notice.items.filter((i) => !itemHandled(i)).map((i) => i.no);
      if (open.length) throw badRequest(`还有 ${open.length} 项未处理（第 ${open.join('、')} 项），请逐项处理后再生成补正材料`);
      if (c.status === 'generated') throw badRequest('本轮补正材料已生成，无需重新生成。如需修改，请先修改相应事项（修改后重新生成按新一轮补正计费）');
      const p = await ownedProject(userId, c.project_id);
      if ((ACTIVE as readonly string[]).includes(p.status)) throw badRequest('该项目正在生成材料，请完成后再生成补正材料');
      await checkSameApplication(c, p, notice);
      const asGeneration = await generationCost(p.id);
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('corrections')
          .set({ status: 'queued', progress: 0, message: '排队中', updated_at: nowIso() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('status', 'not in', [...ACTIVE, 'cancelled', 'generated'])
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return; // already queued or generating: not charged twice
        const fresh = await owned(userId, id, trx);
        const { cost } = await costOf(fresh, trx, asGeneration);
        const jobId = await queue.enqueue(trx, GenerateCorrection, { correctionId: id }, { refId: id, userId });
        const charge = await charger.charge(trx, userId, cost, `补正材料：${p.name} ${p.version}`, `job:${jobId}`);
        await trx.updateTable('generation_jobs').set({ charge_json: JSON.stringify(charge) }).where('id', '=', jobId).execute();
        if (!readCharge(fresh)) {
          await trx
            .updateTable('corrections')
            .set((eb) => ({ charge_json: JSON.stringify({ ...charge, jobId }), paid_revisions: eb('paid_revisions', '+', 1) }))
            .where('id', '=', id)
            .execute();
        }
      });
      queue.wake();
      return details(userId, id);
    },

    async cancel(userId: number, id: number): Promise<CorrectionDetails> {
      const c = await owned(userId, id);
      if (c.status === 'cancelled') return details(userId, id);
      if (c.submitted_at) throw badRequest('补正材料已提交，不能取消');
      if ((ACTIVE as readonly string[]).includes(c.status)) throw badRequest('补正材料正在生成，请完成后再取消');
      await db.updateTable('corrections').set({ status: 'cancelled', cancelled_at: nowIso(), message: '已取消', updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).execute();
      return details(userId, id);
    },

    /**
     * The user says the answer was submitted at the CPCC portal: the deadline countdown stops and the correction is
     * closed for changes. Only a generated answer can be marked; marking twice changes nothing.
     */
    async markSubmitted(userId: number, id: number): Promise<CorrectionDetails> {
      const c = await owned(userId, id);
      if (c.status !== 'generated') throw badRequest('补正材料生成后，在登记系统提交了才能标记为已提交');
      await db.updateTable('corrections').set({ submitted_at: nowIso(), updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).where('submitted_at', 'is', null).execute();
      return details(userId, id);
    },

    /** The answer package zip, for streaming. */
    async openDownload(userId: number, id: number) {
      const c = await owned(userId, id);
      const r = readResult(c);
      if (!r) {
        if ((ACTIVE as readonly string[]).includes(c.status)) throw badRequest(`补正材料正在生成（${c.progress}%），请稍后下载`);
        throw badRequest('补正材料尚未生成，请处理完各项后生成');
      }
      const { stream, size } = await blobs.stream(r.blobKey).catch(() => {
        throw new AppError(404, '补正材料文件已丢失，请重新生成');
      });
      return { stream, size, fileName: r.downloadName };
    },

    /** The filed snapshot (for the job). */
    readFiled,
    nameOf,
  };
}
export type CorrectionService = ReturnType<typeof createCorrectionService>;
