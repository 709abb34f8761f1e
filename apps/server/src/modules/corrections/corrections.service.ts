import crypto from 'node:crypto';
import {
  chinaToday,
  CONTRACT_TYPE_META,
  contractTypesNeeded,
  correctionDeadline,
  CORRECTION_SETTING_KEY,
  DEFAULT_CORRECTION_COST,
  ZApplicationForm,
  ZCorrectionCostSetting,
  type ApplicationForm,
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
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import type { PointsCharger } from '../points/points.service';
import { presentUpload, readForm, readMaterials } from '../projects/projects.presenter';
import type { ProjectService } from '../projects/projects.service';
import { GenerateCorrection } from './corrections.job-def';
import {
  itemHandled,
  presentListItem,
  readCharge,
  readFiled,
  readNotice,
  readResult,
  touchedGroups,
  type CorrectionRow,
  type FiledSnapshot,
} from './corrections.presenter';
import { checkScreen } from '../preview/screen-checks';
import { parseNotice } from './notice-parser';

type Tx = Kysely<Database> | Transaction<Database>;
const ACTIVE = ['queued', 'generating'] as const;
const CLOSED = ['generated', 'cancelled'] as const;

/** The operator's correction price (`settings` key integral.correction), or the default: first one free, then as a generation. */
export async function readCorrectionCost(db: Tx): Promise<CorrectionCostSetting> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CORRECTION_SETTING_KEY).executeTakeFirst();
  try {
    const r = ZCorrectionCostSetting.safeParse(row ? JSON.parse(row.value) : undefined);
    return r.success ? r.data : DEFAULT_CORRECTION_COST;
  } catch {
    return DEFAULT_CORRECTION_COST;
  }
}

const DEV_MODE_PROOF: Record<string, string> = {
  合作开发: '合作开发合同',
  委托开发: '委托开发合同（合同中写明著作权归属）',
  下达任务开发: '任务书（或下达任务的合同）',
};

export interface CorrectionServiceDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  queue: JobQueue;
  charger: PointsCharger;
  projects: Pick<ProjectService, 'costOf'>;
}

/**
 * Correction projects (补正): intake of a notice for one of the user's generated projects, the fixes item by item,
 * starting the generation of the answer package (charged once, refunded on failure: corrections.job.ts), the
 * download and cancelling. Every call is scoped to the signed-in user; another user's ids answer "not found".
 */
export function createCorrectionService(deps: CorrectionServiceDeps) {
  const { db, blobs, queue, charger, projects } = deps;

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
    const p = await db.selectFrom('projects').select(['source', 'form_json']).where('id', '=', projectId).executeTakeFirstOrThrow();
    return projects.costOf(p);
  }

  /** Points the next generation of this correction costs, and why (`asGeneration`: the project's generation cost). */
  async function costOf(c: CorrectionRow, tx: Tx = db, asGeneration?: number): Promise<{ cost: number; note: string }> {
    if (readCharge(c)) return { cost: 0, note: '本补正已计费，重新生成不再收费' };
    const setting = await readCorrectionCost(tx);
    const paid = await tx
      .selectFrom('corrections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', c.project_id)
      .where('id', '!=', c.id)
      .where('charge_json', 'is not', null)
      .executeTakeFirstOrThrow();
    if (Number(paid.n) < setting.freePerProject) return { cost: 0, note: `每个项目的前 ${setting.freePerProject} 次补正免费` };
    const cost = setting.points ?? asGeneration ?? (await generationCost(c.project_id));
    return { cost, note: setting.points === null ? `与生成一次材料相同：${cost} 积分（或 1 次免费次数）` : `${cost} 积分（或 1 次免费次数）` };
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
      noticeItems: notice.items,
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
      case 'generated':
      case 'cancelled':
        query = query.where('c.status', '=', q.state);
        break;
      case 'overdue':
        query = query.where('c.status', 'in', [...open]).where('c.deadline', '<', today);
        break;
      case 'pending':
        query = query.where('c.status', '=', 'pending').where('c.deadline', '>=', today);
        break;
      case 'processing':
        query = query.where('c.status', 'in', ['processing', 'queued', 'generating', 'failed']).where('c.deadline', '>=', today);
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
  async function applyFields(trx: Transaction<Database>, userId: number, projectId: number, fix: ItemFix, fields: NonNullable<z.output<typeof ZApplyCorrectionFix>['fields']>): Promise<string> {
    const p = await ownedProject(userId, projectId, trx);
    const given = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k]) => k);
    const foreign = given.filter((k) => !(fix.fields as string[]).includes(k));
    if (given.length === 0) throw badRequest('请填写要修改的内容');
    if (foreign.length) throw badRequest(`这一项只能修改：${fix.fields.join('、')}`);
    const form: ApplicationForm = readForm(p);
    const before = { ...form, name: p.name, version: p.version };
    const next: ApplicationForm = { ...form };
    const sentences: string[] = [];
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
    return sentences.join('');
  }

  /** A source fix: optionally attaches new code (an owned upload); the source-code document is regenerated. */
  async function applySource(trx: Transaction<Database>, userId: number, projectId: number, fix: ItemFix, uploadId: number | undefined): Promise<string> {
    const p = await ownedProject(userId, projectId, trx);
    const needsUpload = fix.reason === 'code_version' || fix.reason === 'boilerplate' || fix.reason === 'third_party';
    if (needsUpload && !uploadId) throw badRequest('请先上传修改后的代码压缩包');
    if (!uploadId) {
      if (!p.upload_id) throw badRequest('该项目没有上传代码，请先上传完整的源代码压缩包');
      return fix.reason === 'last_page' ? '已重新整理源程序，使末页结束于完整的文件末尾。' : '';
    }
    const u = await trx.selectFrom('code_uploads').selectAll().where('id', '=', uploadId).where('user_id', '=', userId).executeTakeFirst();
    if (!u) throw notFound('上传的代码不存在或已过期，请重新上传');
    const analysis = presentUpload(u).analysis;
    const form = readForm(p);
    await trx
      .updateTable('projects')
      .set({ upload_id: uploadId, form_json: JSON.stringify({ ...form, languages: analysis.languages, sourceLines: analysis.sourceLines }), updated_at: nowIso() })
      .where('id', '=', p.id)
      .where('user_id', '=', userId)
      .execute();
    const what = `（${analysis.files} 个文件，共 ${analysis.sourceLines.toLocaleString('en-US')} 行）`;
    if (fix.reason === 'code_version') return `已在代码中把版本号改为与申请表一致（${p.version}），上传修改后的代码${what}并重新生成源程序。`;
    if (fix.reason === 'third_party') return `已删除源程序中的第三方代码和他人的版权、署名信息，上传修改后的代码${what}并重新生成源程序。`;
    if (fix.reason === 'boilerplate') return `已去除框架自动生成的代码和第三方代码，提交体现本软件功能的源代码${what}，并重新生成源程序。`;
    return `已上传完整的源代码${what}并重新生成源程序。`;
  }

  async function applyModules(trx: Transaction<Database>, userId: number, projectId: number, fix: ItemFix, modules: z.output<typeof ZApplyCorrectionFix>['modules']): Promise<string> {
    await ownedProject(userId, projectId, trx);
    if (modules) {
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
            sort: m.sort ?? i,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx.updateTable('projects').set({ updated_at: now }).where('id', '=', projectId).execute();
    }
    const list = modules ?? (await trx.selectFrom('functional_modules').select(['name', 'description', 'operations']).where('project_id', '=', projectId).orderBy('sort').execute());
    const names = list.map((m) => m.name).join('、');
    if (fix.reason === 'doc_code_mismatch') return `已核对功能模块与源程序，文档现描述 ${list.length} 个功能模块（${names}），均为源程序中实现的功能，并重新生成文档。`;
    if (fix.reason === 'doc_brief') return `已充实文档，逐一说明 ${list.length} 个功能模块（${names}）的功能介绍与操作步骤，并重新生成文档。`;
    return '已重新排版文档。';
  }

  /**
   * The screenshots the user uploaded for the project (/api/uploadScreenshot) are read again (their OCR lines): each
   * must show the form's name and version, otherwise the fix is refused with the screens to replace. Returns the
   * sentence for the letter ('' when the project has no uploaded screenshots: the applicant's own statement stands).
   */
  async function screenshotsChecked(trx: Transaction<Database>, projectId: number): Promise<string> {
    const p = await trx.selectFrom('projects').select(['name', 'short_name', 'version']).where('id', '=', projectId).executeTakeFirstOrThrow();
    const shots = await trx.selectFrom('project_screens').select(['title', 'texts_json', 'width', 'height']).where('project_id', '=', projectId).where('source', '=', 'upload').orderBy('sort').execute();
    if (shots.length === 0) return '';
    const bad: string[] = [];
    for (const sh of shots) {
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
    return `经识别，项目中上传的 ${shots.length} 张截图均显示“${p.name} ${p.version}”。`;
  }

  /**
   * The contracts the project's 开发方式 / 权利取得方式 needs (contractTypesNeeded) must exist for the project (made in
   * 合同下载, POST /api/addContract): otherwise the fix is refused naming them. Returns the sentence for the letter, or
   * undefined when the form needs no contract (单独开发, 原始取得: the applicant's own statement stands).
   */
  async function contractsChecked(trx: Transaction<Database>, projectId: number, note: string | undefined): Promise<string | undefined> {
    const p = await trx.selectFrom('projects').select('form_json').where('id', '=', projectId).executeTakeFirstOrThrow();
    const types = contractTypesNeeded(readForm(p));
    if (types.length === 0) return undefined;
    const rows = await trx.selectFrom('contracts').select(['type', 'title', 'sign_date']).where('project_id', '=', projectId).where('type', 'in', types).orderBy('sign_date', 'desc').execute();
    const missing = types.filter((t) => !rows.some((r) => r.type === t));
    if (missing.length) throw badRequest(`请先在“合同下载”中为本项目生成${missing.map((t) => `《${CONTRACT_TYPE_META[t].title}》`).join('、')}，再勾选完成`);
    const latest = types.map((t) => rows.find((r) => r.type === t)!);
    const n = note ? `${note.replace(/[。.]$/, '')}。` : '';
    return `已提交${latest.map((r) => `《${r.title}》（签订日期 ${r.sign_date}）`).join('、')}，随补正材料一并上传。${n}`;
  }

  function todoSentence(fix: ItemFix, devMode: string, note: string | undefined): string {
    const n = note ? `${note.replace(/[。.]$/, '')}。` : '';
    switch (fix.reason) {
      case 'signature':
        return `已由著作权人在签章页上签字或盖章，随本补正一并上传。${n}`;
      case 'ownership_proof':
        return `已提交${DEV_MODE_PROOF[devMode] ?? '开发方式和权利归属的证明文件'}。${n}`;
      case 'identity_docs':
        return `已重新上传清晰完整的著作权人身份证明文件。${n}`;
      case 'electronic_copy':
        return `已在登记系统中同步上传补正后的电子版材料（见附件）。${n}`;
      case 'screenshot_version':
        return `已更换文档中的截图，截图中显示的软件名称和版本号与申请表一致，并重新生成文档。${n}`;
      default:
        return n;
    }
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
      const filed: FiledSnapshot = {
        name: p.name,
        version: p.version,
        form: readForm(p),
        modules: modules.map((m) => ({ name: m.name, description: m.description, operations: JSON.parse(m.operations) as string[] })),
        files: materials.files,
        downloadName: materials.downloadName,
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
      await db.transaction().execute(async (trx) => {
        const c = await owned(userId, req.id, trx);
        if (c.status === 'cancelled') throw badRequest('补正已取消，不能再修改');
        if ((ACTIVE as readonly string[]).includes(c.status)) throw badRequest('补正材料正在生成，请完成后再修改');
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
        const devMode = readForm(await ownedProject(userId, c.project_id, trx)).developmentMode;
        let change: string;
        switch (fix.kind) {
          case 'field':
            if (!req.fields) throw badRequest('请填写要修改的内容');
            change = await applyFields(trx, userId, c.project_id, fix, req.fields);
            break;
          case 'source':
            change = await applySource(trx, userId, c.project_id, fix, req.uploadId);
            break;
          case 'manual':
            change = await applyModules(trx, userId, c.project_id, fix, req.modules);
            break;
          default: {
            // screenshots, contract and to-dos outside the product: ticked off (or unticked) by the user.
            if (req.done === undefined) throw badRequest('请勾选是否已完成');
            if (fix.reason === 'similar' && req.done && !req.note) throw badRequest('请说明本软件与已登记软件的区别（将写入补正说明）');
            if (!req.done) {
              fix.state = 'open';
              delete fix.change;
              delete fix.appliedAt;
              await saveItems(trx, c, notice);
              return;
            }
            change = todoSentence(fix, devMode, req.note);
            if (fix.kind === 'screenshots') change = (await screenshotsChecked(trx, c.project_id)) + change;
            if (fix.kind === 'contract') change = await contractsChecked(trx, c.project_id, req.note) ?? change;
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
      const p = await ownedProject(userId, c.project_id);
      if ((ACTIVE as readonly string[]).includes(p.status)) throw badRequest('该项目正在生成材料，请完成后再生成补正材料');
      const asGeneration = await generationCost(p.id);
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('corrections')
          .set({ status: 'queued', progress: 0, message: '排队中', updated_at: nowIso() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('status', 'not in', [...ACTIVE, 'cancelled'])
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return; // already queued or generating: not charged twice
        const fresh = await owned(userId, id, trx);
        const { cost } = await costOf(fresh, trx, asGeneration);
        const jobId = await queue.enqueue(trx, GenerateCorrection, { correctionId: id }, { refId: id, userId });
        const charge = await charger.charge(trx, userId, cost, `补正材料：${p.name} ${p.version}`, `job:${jobId}`);
        await trx.updateTable('generation_jobs').set({ charge_json: JSON.stringify(charge) }).where('id', '=', jobId).execute();
        if (!readCharge(fresh)) await trx.updateTable('corrections').set({ charge_json: JSON.stringify({ ...charge, jobId }) }).where('id', '=', id).execute();
      });
      queue.wake();
      return details(userId, id);
    },

    async cancel(userId: number, id: number): Promise<CorrectionDetails> {
      const c = await owned(userId, id);
      if (c.status === 'cancelled') return details(userId, id);
      if ((ACTIVE as readonly string[]).includes(c.status)) throw badRequest('补正材料正在生成，请完成后再取消');
      await db.updateTable('corrections').set({ status: 'cancelled', cancelled_at: nowIso(), message: '已取消', updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).execute();
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
