import { createHash } from 'node:crypto';
import { chinaToday, correctionZipName, MATERIAL_GROUP_LABELS, ZCharge, type FieldDiff, type FileDiff, type MaterialGroup, type NoticeItem } from '@mazhu/contracts';
import {
  FORM_FIELDS,
  formValueText,
  readPdfPages,
  renderCorrectionLetterDocx,
  renderCorrectionLetterPdf,
  type ApplicationForm as EngineForm,
  type CorrectionLetter,
} from '@mazhu/docgen';
import { unzipSync, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { engineProjectOf, PermanentJobError, type DocumentFigures } from '../../jobs/generate-materials';
import { defineJob, type JobDefinition } from '../../jobs/job';
import type { MaterialsEngine } from '../../jobs/materials';
import type { FieldCipher } from '../../lib/field-cipher';
import type { BlobStore } from '../../storage';
import { loadFiledContracts } from '../contracts/contracts.service';
import { loadProjectOwners } from '../owners/owners.service';
import type { PointsCharger } from '../points/points.service';
import { readForm } from '../projects/projects.presenter';
import { GenerateCorrection, type GenerateCorrectionPayload } from './corrections.job-def';
import { readFiled, readNotice, readResult, readSelection, touchedGroups, type StoredResult } from './corrections.presenter';

type Group = FileDiff['group'];

/** Which material a file of the package is, from its name after the "<全称>_<版本>_" prefix. */
export function groupOf(suffix: string): Group {
  if (suffix.startsWith('源程序')) return 'source';
  // The document is named by its kind: 操作手册, 设计说明书 or 使用说明.
  if (/^(操作手册|设计说明书|使用说明)/.test(suffix)) return 'manual';
  if (suffix.startsWith('申请表')) return 'form';
  if (suffix.startsWith('补正说明')) return 'letter';
  // The filing guide describes the whole package, like the report.
  if (suffix.startsWith('检查报告') || suffix.startsWith('申报指南')) return 'report';
  // Anything else is a contract filed with the materials (its title is the file name).
  return 'contract';
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface PdfFacts {
  /** The document's kind from its file name (操作手册, 设计说明书, 使用说明); 源程序 for the code. */
  label?: string;
  pages: number;
  header: string;
  /** Fewest lines on a page other than the last. */
  minLines: number;
  numbered: boolean;
}
async function pdfFacts(pdf: Uint8Array | undefined): Promise<PdfFacts | undefined> {
  if (!pdf) return undefined;
  try {
    const pages = await readPdfPages(pdf);
    return {
      pages: pages.length,
      header: pages[0]?.header ?? '',
      minLines: Math.min(...pages.slice(0, -1).map((p) => p.lines), Infinity),
      numbered: pages.every((p, i) => p.pageNumber === i + 1),
    };
  } catch {
    return undefined;
  }
}

const range = (n: number) => (n > 1 ? `第 1–${n} 页` : '第 1 页');

/**
 * The 补正说明 of a correction: per notice item, the notice's words, what was done (the sentences recorded when
 * each fix was applied, plus facts read back from the regenerated PDFs: pages, header, numbering) and the
 * materials concerned with page references. Never claims what the PDFs do not show.
 */
export function buildLetter(input: {
  items: NoticeItem[];
  name: string;
  version: string;
  filedName: string;
  filedVersion: string;
  serialNo?: string;
  noticeDate: string;
  owners: string[];
  source?: PdfFacts;
  manual?: PdfFacts;
  attachments: string[];
  /** Whether the 申请表 differs from the filed one (a re-laid source can change its page count). */
  formChanged?: boolean;
}): CorrectionLetter {
  const { source, manual } = input;
  const header = `${input.name}${input.version}`;
  const sourceFacts = (): string => {
    if (!source) return '';
    const parts = [
      source.pages >= 60 ? '源程序共 60 页，为前 30 页和后 30 页' : `源程序共 ${source.pages} 页，不足 60 页，按《计算机软件著作权登记办法》第十条提交全部源程序（未重复或补凑代码）`,
    ];
    if (source.minLines >= 50 || source.pages === 1) parts.push('除末页外每页不少于 50 行');
    if (source.header.replace(/\s/g, '') === header) parts.push(`每页页眉为“${input.name} ${input.version}”`);
    if (source.numbered) parts.push(`页码位于右上角，按 1–${source.pages} 连续编排`);
    parts.push('A4 纵向、单面');
    return `已重新整理源程序：${parts.join('，')}。`;
  };
  const manualFacts = (): string => {
    if (!manual) return '';
    const parts = [`${manual.label ?? '操作手册'}共 ${manual.pages} 页`];
    if (manual.header.replace(/\s/g, '') === header) parts.push(`页眉为“${input.name} ${input.version}”`);
    if (manual.numbered) parts.push('页码位于右上角并连续编排');
    return `${parts.join('，')}。`;
  };
  const refs = (groups: Set<MaterialGroup>, fieldFix: boolean): string[] => {
    const out: string[] = [];
    if (groups.has('form') && (fieldFix || input.formChanged !== false)) out.push('申请表');
    if (groups.has('source') && source) out.push(`源程序（共 ${source.pages} 页，${range(source.pages)}）`);
    if (groups.has('manual') && manual) out.push(`${manual.label ?? '操作手册'}（共 ${manual.pages} 页，${range(manual.pages)}）`);
    return out;
  };
  return {
    name: input.name,
    version: input.version,
    ...(input.filedName !== input.name || input.filedVersion !== input.version ? { filedName: input.filedName, filedVersion: input.filedVersion } : {}),
    ...(input.serialNo ? { serialNo: input.serialNo } : {}),
    noticeDate: input.noticeDate,
    date: chinaToday(),
    applicants: input.owners,
    items: input.items.map((item) => {
      if (!item.recognised) return { no: item.no, notice: item.text, response: [item.note ?? ''], materials: [] };
      const groups = new Set<MaterialGroup>(item.fixes.flatMap((f) => f.touches));
      const response: string[] = [];
      for (const f of item.fixes) {
        if (f.change) response.push(f.change);
        if (f.kind === 'source' && f.reason !== 'code_version' && f.reason !== 'boilerplate' && f.reason !== 'third_party') response.push(sourceFacts());
        if (f.kind === 'manual' || f.kind === 'screenshots') response.push(manualFacts());
      }
      return { no: item.no, notice: item.text, response: [...new Set(response.filter(Boolean))], materials: refs(groups, item.fixes.some((f) => f.kind === 'field')) };
    }),
    attachments: input.attachments,
  };
}

/** Fields of the 申请表 that differ between the filed and the corrected form (R11 order). */
export function formDiff(before: Uint8Array | undefined, after: Uint8Array | undefined): FieldDiff[] {
  const read = (b: Uint8Array | undefined): EngineForm | undefined => {
    if (!b) return undefined;
    try {
      return JSON.parse(Buffer.from(b).toString('utf8').replace(/^\ufeff/, '')) as EngineForm;
    } catch {
      return undefined;
    }
  };
  const a = read(before);
  const b = read(after);
  if (!a || !b) return [];
  const out: FieldDiff[] = [];
  for (const f of FORM_FIELDS) {
    const x = formValueText(a, f.key);
    const y = formValueText(b, f.key);
    if (x !== y) out.push({ label: f.label, before: x, after: y });
  }
  return out;
}

/**
 * Generates a correction's answer package: renders the project's materials again (engine), then builds the zip
 * from the filed package — files of materials no applied fix touches are copied byte for byte, the touched ones
 * (and the check report, which describes the whole package) are the new renderings — plus the 补正说明 (PDF and
 * DOCX) and the diff against the filed package. On final failure the charge of the job is refunded once and the
 * correction's charge is cleared.
 */
export function createGenerateCorrectionJob(deps: { db: Kysely<Database>; blobs: BlobStore; engine: MaterialsEngine; charger: PointsCharger; cipher: FieldCipher; figures?: DocumentFigures }): JobDefinition<GenerateCorrectionPayload> {
  const { db, blobs, engine, charger, cipher, figures } = deps;
  const setRow = (id: number, patch: { status?: 'queued' | 'generating'; progress?: number; message?: string }) =>
    db.updateTable('corrections').set(patch).where('id', '=', id).where('status', 'in', ['queued', 'generating']).execute();

  return defineJob({
    ...GenerateCorrection,

    async handle({ correctionId }, ctx) {
      await ctx.progress(2, '读取补正项目');
      const c = await db.selectFrom('corrections').selectAll().where('id', '=', correctionId).executeTakeFirst();
      if (!c) throw new PermanentJobError('补正项目已被删除');
      const p = await db.selectFrom('projects').selectAll().where('id', '=', c.project_id).executeTakeFirst();
      if (!p) throw new PermanentJobError('补正对应的项目已被删除');
      const notice = readNotice(c);
      const filed = readFiled(c);
      const touched = new Set<MaterialGroup>(touchedGroups(notice.items));
      const modules = await db.selectFrom('functional_modules').selectAll().where('project_id', '=', p.id).orderBy('sort').orderBy('id').execute();
      const upload = p.upload_id ? await db.selectFrom('code_uploads').selectAll().where('id', '=', p.upload_id).executeTakeFirst() : undefined;
      const owners = (await loadProjectOwners(db, cipher, p.id)).map(({ id: _id, ...o }) => o);
      const contracts = await loadFiledContracts(db, cipher, p.id, readForm(p));
      // An applied ownership fix puts the project's current contracts into the package (replacing the filed ones).
      const contractsTouched = notice.items.some((i) => i.fixes.some((f) => f.reason === 'ownership_proof' && f.state === 'applied')) && contracts.length > 0;

      const filedZip = unzipSync(await blobs.get(c.filed_blob_key));
      const filedPrefix = `${filed.name}_${filed.version}_`;
      const filedBySuffix = new Map<string, { name: string; data: Uint8Array }>();
      for (const [name, data] of Object.entries(filedZip)) filedBySuffix.set(name.startsWith(filedPrefix) ? name.slice(filedPrefix.length) : name, { name, data });

      let fresh = new Map<string, Uint8Array>();
      if (touched.size > 0) {
        await ctx.progress(10, `重新生成${[...touched].map((g) => MATERIAL_GROUP_LABELS[g]).join('、')}`);
        // The upload's file selection (e.g. framework files excluded by a source fix) decides what is printed.
        const archive = upload ? { data: await blobs.get(upload.blob_key), kind: upload.kind, selection: readSelection(upload.selection_json) } : undefined;
        const screens = figures ? await figures(p.id) : [];
        const out = await engine.generate({ project: { ...engineProjectOf(p, readForm(p), modules, owners), contracts: contracts.map((x) => x.ref), screens }, archive, onStage: (pct, msg) => ctx.progress(10 + pct * 0.6, msg) });
        fresh = new Map(out.files.map((f) => [f.name, f.data]));
      }
      if (contractsTouched) {
        for (const x of contracts) {
          fresh.set(`${x.title}.pdf`, await blobs.get(x.pdfKey));
          fresh.set(`${x.title}.docx`, await blobs.get(x.docxKey));
        }
      }

      await ctx.progress(75, '比对材料并撰写补正说明');
      const prefix = `${p.name}_${p.version}_`;
      const entries: { name: string; data: Uint8Array }[] = [];
      const diffs: FileDiff[] = [];
      const info = async (name: string, data: Uint8Array) => {
        const facts = name.endsWith('.pdf') ? await pdfFacts(data) : undefined;
        return { size: data.length, sha256: sha(data), ...(facts ? { pages: facts.pages, header: facts.header } : {}) };
      };
      const suffixes = [...new Set([...fresh.keys(), ...filedBySuffix.keys()])];
      const anyRegenerated = touched.size > 0;
      for (const suffix of suffixes) {
        const group = groupOf(suffix);
        if (group === 'letter') continue;
        const old = filedBySuffix.get(suffix);
        const regenerate = group === 'report' ? anyRegenerated : group === 'contract' ? contractsTouched : touched.has(group as MaterialGroup);
        const neu = fresh.get(suffix);
        if (regenerate && neu) {
          entries.push({ name: prefix + suffix, data: neu });
          diffs.push({ name: prefix + suffix, filedName: old?.name ?? null, group, status: old ? 'regenerated' : 'added', changed: !old || sha(old.data) !== sha(neu), before: old ? await info(old.name, old.data) : null, after: await info(suffix, neu) });
        } else if (old && !regenerate) {
          // Untouched: the filed bytes, unchanged (the name cannot differ: a name change touches every material).
          entries.push({ name: prefix + suffix, data: old.data });
          const i = await info(old.name, old.data);
          diffs.push({ name: prefix + suffix, filedName: old.name, group, status: 'kept', changed: false, before: i, after: i });
        } else if (old && regenerate && !neu) {
          diffs.push({ name: old.name, filedName: old.name, group, status: 'removed', changed: true, before: await info(old.name, old.data), after: null });
        }
      }
      const byGroup = (g: Group, ext: string) => entries.find((e) => groupOf(e.name.slice(prefix.length)) === g && e.name.endsWith(ext))?.data;
      const fields = formDiff(filedBySuffix.get('申请表.json')?.data, entries.find((e) => e.name === `${prefix}申请表.json`)?.data);
      const letter = buildLetter({
        formChanged: fields.length > 0,
        items: notice.items,
        name: p.name,
        version: p.version,
        filedName: filed.name,
        filedVersion: filed.version,
        serialNo: c.serial_no ?? undefined,
        noticeDate: c.notice_date,
        owners: owners.map((o) => o.name),
        source: await pdfFacts(byGroup('source', '.pdf')),
        manual: await (async () => {
          const e = entries.find((x) => groupOf(x.name.slice(prefix.length)) === 'manual' && x.name.endsWith('.pdf'));
          const facts = await pdfFacts(e?.data);
          return facts && e ? { ...facts, label: e.name.slice(prefix.length, -4) } : facts;
        })(),
        attachments: entries.filter((e) => e.name.endsWith('.pdf') && !e.name.endsWith('申报指南.pdf')).map((e) => e.name),
      });
      const letterPdf = await renderCorrectionLetterPdf(letter);
      const letterDocx = await renderCorrectionLetterDocx(letter);
      for (const [suffix, data] of [['补正说明.pdf', letterPdf], ['补正说明.docx', letterDocx]] as const) {
        entries.unshift({ name: prefix + suffix, data });
        diffs.unshift({ name: prefix + suffix, filedName: null, group: 'letter', status: 'added', changed: true, before: null, after: await info(suffix, data) });
      }

      await ctx.progress(90, '打包补正材料');
      const zip = zipSync(Object.fromEntries(entries.map((e) => [e.name, [e.data, { level: /\.(pdf|docx)$/i.test(e.name) ? 0 : 6 }]])) as never);
      const key = `corrections/${p.id}/${correctionId}-${ctx.job.id}-${sha(zip).slice(0, 12)}.zip`;
      await blobs.put(key, zip);
      const result: StoredResult = {
        jobId: ctx.job.id,
        blobKey: key,
        downloadName: correctionZipName(p.name, p.version),
        size: zip.length,
        files: entries.map((e) => ({ name: e.name, size: e.data.length })),
        diff: { files: diffs, fields },
      };
      const previous = await db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('corrections').select(['result_json']).where('id', '=', correctionId).executeTakeFirst();
        await trx
          .updateTable('corrections')
          .set({ status: 'generated', progress: 100, message: '补正材料已生成', result_json: JSON.stringify(result), generated_at: nowIso(), updated_at: nowIso() })
          .where('id', '=', correctionId)
          .execute();
        return cur ? readResult(cur) : undefined;
      });
      if (previous && previous.blobKey !== key) await blobs.delete(previous.blobKey);
    },

    async onProgress({ correctionId }, _job, percent, message) {
      await setRow(correctionId, { status: 'generating', progress: Math.round(percent), message });
    },
    async onRetry({ correctionId }) {
      await setRow(correctionId, { status: 'queued', message: '生成中断，稍后自动重试' });
    },
    async onFailed(trx, payload, job, message) {
      const charge = ZCharge.safeParse(job.chargeJson ? JSON.parse(job.chargeJson) : undefined);
      const refunded = await trx.updateTable('generation_jobs').set({ refunded: 1 }).where('id', '=', job.id).where('refunded', '=', 0).executeTakeFirst();
      if (charge.success && Number(refunded.numUpdatedRows) === 1) await charger.refund(trx, job.userId, charge.data, '补正材料生成失败，退回', `job:${job.id}`);
      if (payload?.correctionId) {
        const c = await trx.selectFrom('corrections').select(['result_json', 'charge_json']).where('id', '=', payload.correctionId).executeTakeFirst();
        // A refunded correction is not paid: the next generation is priced again (only when this job paid it).
        const paidBy = (() => {
          try {
            return c?.charge_json ? (JSON.parse(c.charge_json) as { jobId?: number }).jobId : undefined;
          } catch {
            return undefined;
          }
        })();
        await trx
          .updateTable('corrections')
          .set((eb) => ({
            status: c?.result_json ? 'processing' : 'failed',
            progress: 0,
            message: `生成失败：${message}（费用已退回）`,
            // The round is no longer paid: neither charged nor counted among the project's paid rounds.
            ...(paidBy === job.id ? { charge_json: null, paid_revisions: eb('paid_revisions', '-', 1) } : {}),
            updated_at: nowIso(),
          }))
          .where('id', '=', payload.correctionId)
          .execute();
      }
    },
    isPermanent: (e) => e instanceof PermanentJobError || (e instanceof Error && e.name === 'DocgenError'),
    describeError: (e) => (e instanceof PermanentJobError || (e instanceof Error && e.name === 'DocgenError') ? e.message : '补正材料生成出错，请稍后重试'),
  });
}

