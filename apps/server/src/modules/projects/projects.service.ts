import {
  generationPoints,
  ApiCode,
  declarationMatches,
  type RightsCheck,
  type RightsDeclaration,
  ZApplicationForm,
  type ZProjectInput,
  PROJECT_LIMITS,
  type ApplicationForm,
  type Charge,
  type FilingGuide,
  type CodeAnalysis,
  type FunctionalModule,
  type IntegralSetting,
  type Page,
  type ProjectDetails,
  type ProjectListItem,
  type WordStatus,
  type ZAddFunctionalModuleListRequest,
  type ZAddFunctionalModuleRequest,
  type ZEditFunctionalModuleRequest,
  type ZProjectListQuery,
} from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso, withTransactionRetry } from '../../db';
import type { Database } from '../../db/schema';
import { GenerateMaterials } from '../../jobs/generate-materials';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { freeRegenerationRow, useFreeRegeneration } from '../batch/free-regeneration';
import { propagateRenames, type Renames } from './propagate';
import type { BlobStore } from '../../storage';
import { refreshProjectOrigins } from '../origins/origins.service';
import type { OwnerService } from '../owners/owners.service';
import { insufficient, planCharge, readBalances, readIntegralSetting, type PointsCharger } from '../points/points.service';
import { presentDetails, presentListItem, presentModule, presentStatus, presentUpload, readForm, readMaterials } from './projects.presenter';
import { createProjectsRepo, moduleRowInput, type ProjectRow } from './projects.repo';
import { projectOwnerNames, readDeclaration, rightsOf, userOwnerNames } from './rights';

type ParsedInput = z.output<typeof ZProjectInput>;
/** Reads `insertIn` needs, done before the transaction. */
export interface PreparedInput {
  analysis: CodeAnalysis | undefined;
  platform: string;
}
type ParsedEdit = Omit<Partial<ParsedInput>, 'form'> & { id: number; form?: Partial<ApplicationForm> };

export interface ProjectServiceDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  queue: JobQueue;
  charger: PointsCharger;
  /** The owner registry: checks chosen owners belong to the user and keeps the project's ordered owner list. */
  owners: Pick<OwnerService, 'assertOwned' | 'setProjectOwners' | 'projectOwnersMasked'>;
}

/** The stored form never holds the owner ids: the project_owners table does (in order). */
const formJson = (form: ApplicationForm): string => {
  const { ownerIds: _ids, ...rest } = form;
  return JSON.stringify(rest);
};

const ACTIVE = ['queued', 'generating'] as const;

/**
 * Projects (单个项目 and 代码项目): the form, functional modules, starting a generation (charge + job in one
 * transaction) and the download. Every call takes the signed-in user's id; another user's project is "not found".
 */
export function createProjectService(deps: ProjectServiceDeps) {
  const { db, blobs, queue, charger, owners } = deps;
  const repo = createProjectsRepo(db);

  async function owned(userId: number, id: number): Promise<ProjectRow> {
    const p = await repo.findOwned(id, userId);
    if (!p) throw notFound('项目不存在或无权访问');
    return p;
  }

  async function platformName(platformTypeId: number | undefined): Promise<string | undefined> {
    if (!platformTypeId) return undefined;
    const t = await db.selectFrom('platform_types').select('name').where('id', '=', platformTypeId).executeTakeFirst();
    if (!t) throw badRequest('平台类型不存在，请重新选择');
    return t.name;
  }

  /** The upload's analysis, only for the owner's own upload. */
  async function ownedAnalysis(userId: number, uploadId: number): Promise<CodeAnalysis> {
    const u = await repo.findUploadOwned(uploadId, userId);
    if (!u) throw notFound('上传的代码不存在或已过期，请重新上传');
    return presentUpload(u).analysis;
  }

  /** 编程语言 and 源程序量 come from the code analysis, never from the client, when code is attached. */
  /**
   * 编程语言 and 源程序量 from the code: every language the code uses (CSS/HTML inside .vue files included),
   * followed by the languages the user typed that the analysis does not name — what the user typed is never dropped.
   */
  const withAnalysis = (form: ApplicationForm, a: CodeAnalysis | undefined): ApplicationForm => {
    if (!a) return form;
    const extra = (form.languages ?? []).filter((l) => !a.languages.some((x) => x.toLowerCase() === l.toLowerCase()));
    const merged = [...a.languages, ...extra];
    return { ...form, languages: merged.join('、').length <= PROJECT_LIMITS.languagesMax ? merged : a.languages, sourceLines: a.sourceLines };
  };

  function checkModules(n: number) {
    if (n > PROJECT_LIMITS.modulesMax) throw badRequest(`功能模块最多 ${PROJECT_LIMITS.modulesMax} 个`);
  }

  async function details(userId: number, id: number): Promise<ProjectDetails> {
    const p = await owned(userId, id);
    const [modules, upload, ownerList] = await Promise.all([repo.listModules(id), p.upload_id ? repo.findUpload(p.upload_id) : undefined, owners.projectOwnersMasked(id)]);
    const d = presentDetails(p, modules, upload, ownerList);
    return { ...d, rights: d.code ? rightsOf(d.code.analysis, ownerList.map((o) => o.name), readDeclaration(p)) : null };
  }

  /** The third-party check of a project's code against its owners and its declaration; null without code. */
  async function projectRights(p: ProjectRow, ownerNames?: string[]): Promise<RightsCheck | null> {
    if (!p.upload_id) return null;
    const u = await repo.findUpload(p.upload_id);
    if (!u) return null;
    return rightsOf(presentUpload(u).analysis, ownerNames ?? (await projectOwnerNames(db, p.id)), readDeclaration(p));
  }

  /**
   * The check shown before paying: of a project (its owners, or `ownerIds` chosen in the wizard but not saved yet),
   * or of an upload for a project not yet created (the chosen owners; none chosen: the user's whole registry).
   */
  async function checkRights(userId: number, q: { id?: number; uploadId?: number; ownerIds?: number[] }): Promise<RightsCheck | null> {
    const names = q.ownerIds ? await userOwnerNames(db, userId, q.ownerIds) : undefined;
    if (q.id) {
      const p = await owned(userId, q.id);
      if (q.uploadId && q.uploadId !== p.upload_id) return rightsOf(await ownedAnalysis(userId, q.uploadId), names ?? (await projectOwnerNames(db, p.id)), readDeclaration(p));
      return projectRights(p, names);
    }
    return rightsOf(await ownedAnalysis(userId, q.uploadId!), names ?? (await userOwnerNames(db, userId)), null);
  }

  /**
   * Records the typed declaration that the project's owners hold the rights to its code: refused (400) when the code
   * names no one else, when the project has no owners, or when the text lacks the sentence naming them
   * (`rightsSentence`). Kept with the owners, the foreign names listed now and the time; answers the new check.
   */
  async function declareRights(userId: number, id: number, text: string): Promise<RightsCheck> {
    const p = await owned(userId, id);
    if ((ACTIVE as readonly string[]).includes(p.status)) throw badRequest('项目正在生成材料，请完成后再声明');
    const names = await projectOwnerNames(db, id);
    const check = await projectRights(p, names);
    if (!check || check.state === 'clear') throw badRequest('代码中没有他人的版权或署名，无需声明');
    if (!names.length) throw badRequest('请先在“项目信息”步骤选择著作权人并保存，再输入声明');
    if (!declarationMatches(text, names)) throw badRequest(`声明须包含这句话：“${check.sentence}”`);
    const declaration: RightsDeclaration = { text, owners: names, holders: [...new Set(check.foreign.map((s) => s.name))], declaredAt: nowIso() };
    await repo.update(id, userId, { rights_declaration_json: JSON.stringify(declaration) });
    return rightsOf(presentUpload((await repo.findUpload(p.upload_id!))!).analysis, names, declaration);
  }

  /** Refuses (403, before anything is charged) a project whose code names others without a declaration covering them. */
  async function assertRights(p: ProjectRow): Promise<void> {
    const check = await projectRights(p);
    if (check?.state === 'flagged') throw new AppError(ApiCode.Forbidden, `未通过：${check.message}`, { rights: check });
  }

  /** What creating a project reads first (outside any transaction): the upload's analysis and the platform name. */
  async function prepare(userId: number, input: ParsedInput): Promise<PreparedInput> {
    const analysis = input.uploadId ? await ownedAnalysis(userId, input.uploadId) : undefined;
    const platform = input.platform || (await platformName(input.platformTypeId)) || '';
    return { analysis, platform };
  }

  /**
   * projectCreator: inserts a draft project, its owners and its modules inside `trx` (the caller's transaction,
   * e.g. a batch order that charges and creates many projects at once). `prepared` comes from `prepare`.
   */
  async function insertIn(trx: Transaction<Database>, userId: number, input: ParsedInput, source: 'form' | 'code', prepared: PreparedInput): Promise<number> {
    const now = nowIso();
    const id = await repo.insert(
      {
        user_id: userId,
        source,
        name: input.name,
        short_name: input.shortName ?? '',
        version: input.version,
        category: input.category,
        platform_type_id: input.platformTypeId ?? null,
        platform: prepared.platform,
        description: input.description,
        form_json: formJson(withAnalysis(input.form, prepared.analysis)),
        ai_json: null,
        upload_id: input.uploadId ?? null,
        status: 'draft',
        progress: 0,
        message: '',
        materials_json: null,
        generated_at: null,
        software_form: input.softwareForm ?? '',
        origins_json: '{}',
        rights_declaration_json: null,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
    if (input.form.ownerIds?.length) await owners.setProjectOwners(id, await owners.assertOwned(userId, input.form.ownerIds, trx), trx);
    await repo.insertModules(
      id,
      (input.modules ?? []).map((m, i) => moduleRowInput(m, i)),
      trx,
    );
    await refreshProjectOrigins(trx, id);
    return id;
  }

  async function create(userId: number, input: ParsedInput, source: 'form' | 'code'): Promise<number> {
    const prepared = await prepare(userId, input);
    return db.transaction().execute((trx) => insertIn(trx, userId, input, source, prepared));
  }

  /** Cost of generating this project: code projects by size, other projects the flat price. */
  async function costOf(p: Pick<ProjectRow, 'source' | 'form_json' | 'upload_id'>, setting?: IntegralSetting): Promise<number> {
    const s = setting ?? (await readIntegralSetting(db));
    return generationPoints(s, { source: p.source, hasCode: p.upload_id !== null, sourceLines: readForm(p).sourceLines ?? 0 });
  }

  /**
   * Starts (or restarts) the generation: in ONE transaction the project moves to `queued` (only if it is not
   * already queued/generating — a second click answers the running state and is not charged), a job row is
   * written, and the cost is charged (free time, else gifted, else recharge points) with ledger rows
   * referring to the job. The job's failure refunds exactly that charge (jobs/generate-materials.ts).
   */
  async function startGeneration(userId: number, id: number): Promise<WordStatus> {
    // Read at once (one round trip's wait, not three): the project, the costs and the balances.
    const [p, setting, balances] = await Promise.all([owned(userId, id), readIntegralSetting(db), readBalances(db, userId)]);
    if ((ACTIVE as readonly string[]).includes(p.status)) return presentStatus(p); // a second click: nothing to do
    await assertRights(p);
    // A batch row's first regeneration after its check findings were fixed is free (batch/free-regeneration.ts).
    const freeRow = await freeRegenerationRow(db, p);
    const cost = freeRow !== undefined ? 0 : await costOf(p, setting);
    // Without the lock first: a balance that cannot pay answers 460 at once instead of queueing on the user row.
    if (!planCharge(balances, cost)) throw insufficient(cost, balances);
    await withTransactionRetry(db, async (trx) => {
      const locked = await charger.lockUser(trx, userId);
      if (!planCharge(locked, cost)) throw insufficient(cost, locked); // spent by a concurrent request: stop early
      const started = await queueIn(trx, userId, p, cost, `${freeRow !== undefined ? '修正检查问题后重新生成（免费）' : '生成软著材料'}：${p.name} ${p.version}`);
      if (started && freeRow !== undefined && !(await useFreeRegeneration(trx, freeRow, started.jobId))) throw conflict('免费重新生成已被使用，请刷新后重试');
    });
    queue.wake();
    return presentStatus(await owned(userId, id));
  }

  /**
   * Inside `trx` (which must have called `lockUser` FIRST, before writing any row that refers to the user: those
   * foreign keys take KEY SHARE locks on the user row, and the charge's later upgrade deadlocks on PostgreSQL):
   * moves the project to `queued` (unless it is already queued/generating: then nothing happens and
   * undefined is answered), writes its generation job and charges `cost` with ledger rows `job:<id>`.
   * Throws 460 when the balance is not enough (the caller's transaction then rolls back). Call `queue.wake()` after commit.
   */
  async function queueIn(trx: Transaction<Database>, userId: number, p: Pick<ProjectRow, 'id'>, cost: number, reason: string): Promise<{ jobId: number; charge: Charge } | undefined> {
    const claimed = await trx
      .updateTable('projects')
      .set({ status: 'queued', progress: 0, message: '排队中' })
      .where('id', '=', p.id)
      .where('user_id', '=', userId)
      .where('status', 'not in', [...ACTIVE])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined; // already queued or generating: nothing to charge
    const jobId = await queue.enqueue(trx, GenerateMaterials, { projectId: p.id }, { refId: p.id, userId });
    const charge = await charger.charge(trx, userId, cost, reason, `job:${jobId}`);
    await trx.updateTable('generation_jobs').set({ charge_json: JSON.stringify(charge) }).where('id', '=', jobId).execute();
    return { jobId, charge };
  }

  async function remove(userId: number, id: number, source?: 'form' | 'code'): Promise<void> {
    const p = await owned(userId, id);
    if (source && p.source !== source) throw notFound('项目不存在或无权访问');
    if ((ACTIVE as readonly string[]).includes(p.status)) throw badRequest('项目正在生成材料，请完成后再删除');
    const materials = readMaterials(p);
    let uploadKey: string | undefined;
    await db.transaction().execute(async (trx) => {
      await repo.delete(id, userId, trx);
      if (p.upload_id && !(await repo.uploadInUse(p.upload_id, id, trx))) {
        const u = await repo.findUpload(p.upload_id, trx);
        uploadKey = u?.blob_key;
        await repo.deleteUpload(p.upload_id, trx);
      }
    });
    if (materials) await blobs.delete(materials.blobKey);
    if (uploadKey) await blobs.delete(uploadKey);
  }

  return {
    details,
    startGeneration,
    checkRights,
    declareRights,
    assertRights,
    /** Locks the user's row in `trx`: the first statement of any transaction that creates and charges (see queueIn). */
    lockUser: async (trx: Transaction<Database>, userId: number): Promise<void> => void (await charger.lockUser(trx, userId)),
    remove,
    costOf,
    ownedAnalysis,
    prepare,
    insertIn,
    queueIn,

    async add(userId: number, input: ParsedInput, source: 'form' | 'code' = 'form'): Promise<ProjectDetails> {
      return details(userId, await create(userId, input, source));
    },

    async edit(userId: number, input: ParsedEdit): Promise<ProjectDetails> {
      const p = await owned(userId, input.id);
      const uploadId = input.uploadId ?? p.upload_id ?? undefined;
      const analysis = uploadId ? await ownedAnalysis(userId, uploadId) : undefined;
      const form = ZApplicationForm.parse({ ...readForm(p), ...(input.form ?? {}) });
      const patch: Partial<ProjectRow> = { form_json: formJson(withAnalysis(form, analysis)), updated_at: nowIso() };
      if (input.name !== undefined) patch.name = input.name;
      if (input.shortName !== undefined) patch.short_name = input.shortName;
      if (input.version !== undefined) patch.version = input.version;
      if (input.category !== undefined) patch.category = input.category;
      if (input.description !== undefined) patch.description = input.description;
      if (input.uploadId !== undefined) patch.upload_id = input.uploadId;
      if (input.softwareForm !== undefined) patch.software_form = input.softwareForm;
      if (input.platformTypeId !== undefined) {
        patch.platform_type_id = input.platformTypeId;
        patch.platform = input.platform || (await platformName(input.platformTypeId)) || '';
      } else if (input.platform !== undefined) patch.platform = input.platform;
      // Renames carried into every stored text (propagate.ts): the software's names, its version, and modules
      // renamed in place (the same position in a list of the same length).
      const before = input.modules ? await repo.listModules(p.id) : [];
      const renames: Renames = {
        ...(input.name !== undefined && input.name !== p.name ? { name: { from: p.name, to: input.name } } : {}),
        ...(input.shortName && p.short_name && input.shortName !== p.short_name ? { shortName: { from: p.short_name, to: input.shortName } } : {}),
        ...(input.version !== undefined && input.version !== p.version ? { version: { from: p.version, to: input.version } } : {}),
        modules: input.modules && input.modules.length === before.length ? input.modules.map((m, i) => ({ from: before[i]!.name, to: m.name })).filter((x) => x.from !== x.to) : [],
      };
      const propagation = await db.transaction().execute(async (trx) => {
        await repo.update(p.id, userId, patch, trx);
        const ownerIds = input.form?.ownerIds;
        if (ownerIds !== undefined) await owners.setProjectOwners(p.id, await owners.assertOwned(userId, ownerIds, trx), trx);
        if (input.modules) {
          checkModules(input.modules.length);
          await repo.deleteModulesOf(p.id, trx);
          await repo.insertModules(p.id, input.modules.map((m, i) => moduleRowInput(m, i)), trx);
        }
        const carried = await propagateRenames(trx, p.id, renames);
        await refreshProjectOrigins(trx, p.id);
        return carried;
      });
      const d = await details(userId, p.id);
      return propagation.updated.length || propagation.flagged.length ? { ...d, propagation } : d;
    },

    async list(userId: number, q: z.output<typeof ZProjectListQuery>): Promise<Page<ProjectListItem>> {
      const { rows, total } = await repo.list({
        userId,
        source: q.type === 'all' ? undefined : q.type,
        status: q.status,
        keyword: q.keyword || undefined,
        page: q.page,
        pageSize: q.pageSize,
      });
      return { list: rows.map(presentListItem), total, page: q.page, pageSize: q.pageSize };
    },

    /** The filing assistant of the last generated materials (stored with them); 400 before the first generation. */
    async filingGuide(userId: number, id: number): Promise<FilingGuide & { projectId: number; source: 'form' | 'code' }> {
      const p = await owned(userId, id);
      const m = readMaterials(p);
      if (!m?.guide) throw badRequest(m ? '这份材料生成于申报助手上线之前，请重新生成材料后查看' : '材料尚未生成，请先生成材料');
      return { ...m.guide, projectId: p.id, source: p.source };
    },

    async wordStatus(userId: number, id: number): Promise<WordStatus> {
      return presentStatus(await owned(userId, id));
    },

    /** The zip of the last successful generation, for streaming. */
    async openDownload(userId: number, id: number, source?: 'form' | 'code') {
      const p = await owned(userId, id);
      if (source && p.source !== source) throw notFound('项目不存在或无权访问');
      const m = readMaterials(p);
      if (!m) {
        if ((ACTIVE as readonly string[]).includes(p.status)) throw badRequest(`材料正在生成（${p.progress}%），请稍后下载`);
        throw badRequest('材料尚未生成，请先生成材料');
      }
      const { stream, size } = await blobs.stream(m.blobKey).catch(() => {
        throw new AppError(404, '材料文件已丢失，请重新生成');
      });
      return { stream, size, fileName: m.downloadName };
    },

    async addModule(userId: number, input: z.output<typeof ZAddFunctionalModuleRequest>): Promise<FunctionalModule> {
      await owned(userId, input.projectId);
      checkModules((await repo.countModules(input.projectId)) + 1);
      const sort = input.sort ?? (await repo.maxModuleSort(input.projectId)) + 1;
      const newId = await db.transaction().execute(async (trx) => {
        const [inserted] = await repo.insertModules(input.projectId, [moduleRowInput({ ...input, evidence: undefined }, sort)], trx);
        await repo.update(input.projectId, userId, { updated_at: nowIso() }, trx);
        await refreshProjectOrigins(trx, input.projectId);
        return inserted;
      });
      const created = await repo.findModuleOwned(newId!, userId);
      return presentModule(created!);
    },

    async editModule(userId: number, input: z.output<typeof ZEditFunctionalModuleRequest>): Promise<FunctionalModule> {
      const m = await repo.findModuleOwned(input.id, userId);
      if (!m) throw notFound('功能模块不存在或无权访问');
      await db.transaction().execute(async (trx) => {
        await repo.updateModule(
          m.id,
          {
            // A name the request gives is confirmed by the user unless the request still flags it.
            ...(input.name !== undefined ? { name: input.name, name_confirm: input.nameConfirm || null } : {}),
            ...(input.name === undefined && input.nameConfirm !== undefined ? { name_confirm: input.nameConfirm || null } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.operations !== undefined ? { operations: JSON.stringify(input.operations) } : {}),
            ...(input.notes !== undefined ? { notes: JSON.stringify(input.notes) } : {}),
            ...(input.sort !== undefined ? { sort: input.sort } : {}),
          },
          trx,
        );
        await repo.update(m.project_id, userId, { updated_at: nowIso() }, trx);
        if (input.name !== undefined && input.name !== m.name) await propagateRenames(trx, m.project_id, { modules: [{ from: m.name, to: input.name }] });
        await refreshProjectOrigins(trx, m.project_id);
      });
      const after = await repo.findModuleOwned(input.id, userId);
      return presentModule(after!);
    },

    async addModuleList(userId: number, input: z.output<typeof ZAddFunctionalModuleListRequest>): Promise<FunctionalModule[]> {
      await owned(userId, input.projectId);
      await db.transaction().execute(async (trx) => {
        const existing = input.replace ? 0 : await repo.countModules(input.projectId, trx);
        checkModules(existing + input.modules.length);
        if (input.replace) await repo.deleteModulesOf(input.projectId, trx);
        const start = input.replace ? 0 : (await repo.maxModuleSort(input.projectId, trx)) + 1;
        await repo.insertModules(input.projectId, input.modules.map((m, i) => moduleRowInput({ ...m, evidence: undefined }, start + i)), trx);
        await repo.update(input.projectId, userId, { updated_at: nowIso() }, trx);
        await refreshProjectOrigins(trx, input.projectId);
      });
      return (await repo.listModules(input.projectId)).map(presentModule);
    },

    async deleteModule(userId: number, id: number): Promise<void> {
      const m = await repo.findModuleOwned(id, userId);
      if (!m) throw notFound('功能模块不存在或无权访问');
      await db.transaction().execute(async (trx) => {
        await repo.deleteModule(id, trx);
        await repo.update(m.project_id, userId, { updated_at: nowIso() }, trx);
        await refreshProjectOrigins(trx, m.project_id);
      });
    },

    /** Stored AI information (JSON text) of an owned project, and saving it (used by the AI routes). */
    async aiJson(userId: number, id: number): Promise<string | null> {
      return (await owned(userId, id)).ai_json;
    },
    async saveAiJson(userId: number, id: number, json: string): Promise<void> {
      await owned(userId, id);
      await repo.update(id, userId, { ai_json: json, updated_at: nowIso() });
    },
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
export type { ParsedEdit, ParsedInput };
