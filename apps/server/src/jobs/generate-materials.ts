import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { materialsZipName, ZCharge, ZCodeSelection, type ApplicationForm, type ReportItem, type TextOrigin } from '@mazhu/contracts';
import { zipSync } from 'fflate';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../db';
import type { Database } from '../db/schema';
import type { ScreenFigureInput } from '@mazhu/docgen';
import type { AiWriter } from '../ai';
import { AppError } from '../lib/errors';
import type { FieldCipher } from '../lib/field-cipher';
import { loadFiledContracts } from '../modules/contracts/contracts.service';
import { informationOutputs, readOrigins, recordOutputs, refreshProjectOrigins } from '../modules/origins/origins.service';
import { loadProjectOwners } from '../modules/owners/owners.service';
import type { PointsCharger } from '../modules/points/points.service';
import { aiInputOf, fillForm } from '../modules/projects/ai-input';
import { aliasesByName, readDeclaration } from '../modules/projects/rights';
import { readForm, readMaterials, type StoredMaterials } from '../modules/projects/projects.presenter';
import type { BlobStore } from '../storage';
import { defineJob, type JobDefinition } from './job';
import type { EngineProject, MaterialsEngine } from './materials';

/** The job's name and payload (what `enqueue` needs); the handler is built by createGenerateMaterialsJob. */
export const GenerateMaterials = {
  name: 'generate-materials',
  payload: z.object({ projectId: z.number().int().positive() }),
};
export type GenerateMaterialsPayload = z.infer<typeof GenerateMaterials.payload>;

type ProjectRow = Selectable<Database['projects']>;
type ModuleRow = Selectable<Database['functional_modules']>;

/**
 * The project data handed to the materials engine: the row's name, version and texts, the R11 form, its 著作权人, the
 * functional modules in order (and the owners' declaration for code naming others), the origin of every text (`textOrigins`, by field key: the engine's 文字来源说明).
 * The stored AI information (ai_json) is never used here: it holds suggestions, and only what the user saved counts.
 * Shared by every job that renders a project's materials.
 */
export function engineProjectOf(p: ProjectRow, form: ApplicationForm, modules: ModuleRow[], owners: { name: string }[] = []): EngineProject {
  return {
    name: p.name,
    version: p.version,
    shortName: p.short_name || undefined,
    category: p.category,
    description: p.description,
    platform: p.platform || undefined,
    ...form,
    purpose: form.purpose ?? '',
    domain: form.domain ?? '',
    mainFunctions: form.mainFunctions ?? '',
    techFeatures: form.techFeatures ?? '',
    languages: form.languages ?? [],
    sourceLines: form.sourceLines,
    owners,
    // The third-party check of the report: the recorded declaration, and the owners' other spellings.
    rightsDeclaration: readDeclaration(p),
    ownerAliases: aliasesByName(owners.map((o) => o.name)),
    softwareForm: p.software_form || undefined,
    modules: modules.map((m) => ({ name: m.name, description: m.description, operations: JSON.parse(m.operations) as string[], notes: JSON.parse(m.notes || '[]') as string[], evidence: JSON.parse(m.evidence || '[]') as string[], ...(m.name_confirm ? { nameConfirm: m.name_confirm } : {}) })),
    textOrigins: readOrigins(p.origins_json),
  };
}

/** Form texts the rule-based writer fills when the user left them empty (field → the writer's text). */
const DRAFT_FIELDS = ['purpose', 'domain', 'mainFunctions', 'techFeatures', 'devHardware', 'runHardware', 'devOs', 'devTools', 'runPlatform', 'runSupport'] as const;

/** A project's figures for its document, by project id (screens in module order, or diagrams). */
export type DocumentFigures = (projectId: number) => Promise<ScreenFigureInput[]>;

/** Raised for problems that retrying cannot fix; the message is shown to the user. */
export class PermanentJobError extends Error {}

const userMessage = (e: unknown): string | undefined => {
  if (e instanceof PermanentJobError || e instanceof AppError) return e.message;
  if (e instanceof Error && e.name === 'DocgenError') return e.message;
  return undefined;
};

/**
 * Generates a project's materials: reads the project, its modules, its owners (identity numbers decrypted for the
 * form), the contracts its 开发方式 needs and its uploaded code, runs the materials engine, zips
 * 源程序/操作手册/申请表 (PDF + DOCX, and the form as JSON) and the contracts (PDF + DOCX) with the verifier's report, stores the
 * zip under `materials/<projectId>/…` and replaces the previous materials. Mirrors progress on the project row.
 * On final failure (in the runner's transaction) it refunds the job's charge once and marks the project failed.
 */
export function createGenerateMaterialsJob(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  engine: MaterialsEngine;
  charger: PointsCharger;
  /**
   * The rule-based writer (never a model): fills what the user left empty (申请表 texts, functional modules) from the
   * project's data and code analysis; those texts are labelled 规则草稿 and the check report asks the user to check them.
   */
  drafter?: AiWriter;
  /** Decrypts the owners' identity numbers for the application form (the user's own materials). */
  cipher: FieldCipher;
  /** The project's screens (screenshots or prototypes) or diagrams as the document's figures (preview `documentFigures`). */
  figures?: DocumentFigures;
}): JobDefinition<GenerateMaterialsPayload> {
  const { db, blobs, engine, charger, drafter, cipher, figures } = deps;
  const setProject = (id: number, patch: { status?: 'queued' | 'generating' | 'failed'; progress?: number; message?: string }) =>
    db.updateTable('projects').set(patch).where('id', '=', id).where('status', 'in', ['queued', 'generating']).execute();

  return defineJob({
    ...GenerateMaterials,

    async handle({ projectId }, ctx) {
      await ctx.progress(2, '读取项目资料');
      const p = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
      if (!p) throw new PermanentJobError('项目已被删除');
      const loadModules = () => db.selectFrom('functional_modules').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
      let modules = await loadModules();
      let form = readForm(p);
      const upload = p.upload_id ? await db.selectFrom('code_uploads').selectAll().where('id', '=', p.upload_id).where('user_id', '=', p.user_id).executeTakeFirst() : undefined;
      if (p.upload_id && !upload) throw new PermanentJobError('项目关联的代码已被删除，请重新上传');

      const emptyForm = DRAFT_FIELDS.filter((k) => !form[k]?.trim());
      if (drafter && (emptyForm.length || !p.description.trim() || !form.techTags?.length || modules.length === 0)) {
        // Only what the user left empty is filled, by the rule-based writer from the project's facts: labelled 规则草稿.
        await ctx.progress(4, '按规则起草未填写的申请表文字与功能模块');
        const info = await drafter.generateInformation(aiInputOf(p, modules, upload), { signal: ctx.signal });
        const at = nowIso();
        const draft = (evidence?: string[]): TextOrigin => ({ origin: 'draft', at, ...(evidence?.length ? { evidence } : {}) });
        const set: Record<string, TextOrigin> = {};
        const filled = fillForm(form, info);
        for (const k of DRAFT_FIELDS) if (!form[k]?.trim() && filled[k]) set[`form.${k}`] = draft();
        if (!form.techTags?.length && filled.techTags?.length) set['form.techTags'] = draft();
        form = filled;
        if (!p.description.trim() && info.description) {
          p.description = info.description;
          set.description = draft();
        }
        const addModules = modules.length === 0 && info.modules.length > 0;
        if (addModules) {
          info.modules.forEach((m, i) => {
            set[`modules.${i}.name`] = draft(m.basis);
            set[`modules.${i}.description`] = draft(m.basis);
            if (m.operations.length) set[`modules.${i}.operations`] = draft(m.basis);
          });
        }
        await db.transaction().execute(async (trx) => {
          await recordOutputs(trx, p.user_id, 'offline', undefined, informationOutputs(info));
          await trx.updateTable('projects').set({ form_json: JSON.stringify(form), description: p.description }).where('id', '=', projectId).execute();
          if (addModules) {
            const now = nowIso();
            await trx
              .insertInto('functional_modules')
              .values(
                info.modules.map((m, i) => ({
                  project_id: projectId,
                  name: m.name,
                  description: m.description,
                  operations: JSON.stringify(m.operations),
                  evidence: JSON.stringify(m.basis ?? []),
                  name_confirm: m.confirm ?? null,
                  sort: i,
                  created_at: now,
                  updated_at: now,
                })),
              )
              .execute();
          }
          await refreshProjectOrigins(trx, projectId, set);
        });
        modules = await loadModules();
      } else await refreshProjectOrigins(db, projectId);
      p.origins_json = (await db.selectFrom('projects').select('origins_json').where('id', '=', projectId).executeTakeFirstOrThrow()).origins_json;

      const selection = upload ? ZCodeSelection.safeParse(JSON.parse(upload.selection_json || '{}')) : undefined;
      const archive = upload ? { data: await blobs.get(upload.blob_key), kind: upload.kind, selection: selection?.success ? selection.data : undefined } : undefined;
      if (ctx.signal.aborted) throw new Error('runner stopping');

      const owners = (await loadProjectOwners(db, cipher, projectId)).map(({ id: _id, ...o }) => o);
      // The contracts this 开发方式 / 权利取得方式 needs: checked in the report and put in the zip.
      const contracts = await loadFiledContracts(db, cipher, projectId, form);
      await ctx.progress(7, '准备操作手册的界面插图');
      const screens = figures ? await figures(projectId) : [];
      const project: EngineProject = {
        ...engineProjectOf(p, form, modules, owners),
        contracts: contracts.map((c) => c.ref),
        screens,
      };

      // The contracts filed with the materials, read first so the filing guide lists them with their sizes.
      const contractFiles: { name: string; data: Uint8Array }[] = [];
      for (const c of contracts) {
        const read = (key: string) =>
          blobs.get(key).catch(() => {
            throw new PermanentJobError(`${c.title}的文件已丢失，请在“合同下载”中重新生成后再生成材料`);
          });
        contractFiles.push({ name: `${c.title}.pdf`, data: await read(c.pdfKey) }, { name: `${c.title}.docx`, data: await read(c.docxKey) });
      }

      await ctx.progress(10, '生成源程序、操作手册和申请表');
      const extraFiles = contractFiles.map((f) => ({ name: `${p.name}_${p.version}_${f.name}`, size: f.data.length }));
      const out = await engine.generate({ project, archive, extraFiles, onStage: (pct, msg) => ctx.progress(10 + pct * 0.75, msg) });
      // Once the materials exist they are stored even if the runner is stopping: the work is not thrown away.

      await ctx.progress(88, '打包材料');
      await yieldToLoop();
      const prefix = `${p.name}_${p.version}_`;
      const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
      for (const f of out.files) entries[prefix + f.name] = [f.data, { level: /\.(pdf|docx|zip|png|jpe?g)$/i.test(f.name) ? 0 : 6 }];
      for (const f of contractFiles) entries[prefix + f.name] = [f.data, { level: 0 }];
      const zip = zipSync(entries);
      const job = ctx.job;
      const key = `materials/${projectId}/${job.id}-${createHash('sha256').update(zip).digest('hex').slice(0, 12)}.zip`;
      await blobs.put(key, zip);

      const charge = ZCharge.safeParse(job.chargeJson ? JSON.parse(job.chargeJson) : undefined);
      const materials: StoredMaterials = {
        jobId: job.id,
        blobKey: key,
        downloadName: materialsZipName(p.name, p.version),
        size: zip.length,
        files: [...out.files, ...contractFiles].map((f) => ({ name: prefix + f.name, size: f.data.length })),
        report: out.report,
        ...(out.guide ? { guide: out.guide } : {}),
        ...(charge.success ? { charge: charge.data } : {}),
      };
      const previous = await db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('projects').select(['materials_json']).where('id', '=', projectId).executeTakeFirst();
        if (!cur) return undefined;
        const errors = out.report.filter((r: ReportItem) => r.level === 'error').length;
        await trx
          .updateTable('projects')
          .set({
            status: 'succeeded',
            progress: 100,
            message: errors ? `材料已生成，检查报告有 ${errors} 项需要处理` : '材料已生成',
            materials_json: JSON.stringify(materials),
            generated_at: nowIso(),
          })
          .where('id', '=', projectId)
          .execute();
        return readMaterials(cur);
      });
      if (previous && previous.blobKey !== key) await blobs.delete(previous.blobKey);
    },

    async onProgress({ projectId }, _job, percent, message) {
      await setProject(projectId, { status: 'generating', progress: percent, message });
    },
    async onRetry({ projectId }) {
      await setProject(projectId, { status: 'queued', message: '生成中断，稍后自动重试' });
    },
    async onFailed(trx, payload, job, message) {
      const charge = ZCharge.safeParse(job.chargeJson ? JSON.parse(job.chargeJson) : undefined);
      const refunded = await trx.updateTable('generation_jobs').set({ refunded: 1 }).where('id', '=', job.id).where('refunded', '=', 0).executeTakeFirst();
      if (charge.success && Number(refunded.numUpdatedRows) === 1) {
        await charger.refund(trx, job.userId, charge.data, '生成失败，退回', `job:${job.id}`);
      }
      if (payload?.projectId) {
        await trx
          .updateTable('projects')
          .set({ status: 'failed', progress: 0, message: `生成失败：${message}（费用已退回）` })
          .where('id', '=', payload.projectId)
          .execute();
      }
    },
    isPermanent: (e) => userMessage(e) !== undefined,
    describeError: (e) => userMessage(e) ?? '材料生成出错，请稍后重试',
  });
}
