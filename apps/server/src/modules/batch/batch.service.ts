import crypto from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  ApiCode,
  BATCH_MAX_ROWS,
  RECHARGE_URL,
  ZBatchRowValues,
  ZCharge,
  batchFolderName,
  batchZipName,
  codeProjectPoints,
  formatCellError,
  type BatchCellError,
  type BatchCounts,
  type BatchDetails,
  type BatchListItem,
  type BatchOrderResult,
  type BatchQuote,
  type BatchRow,
  type BatchRowState,
  type BatchRowValues,
  type BatchStatus,
  type BatchWarning,
  type Charge,
  type InsufficientBalance,
  type Page,
  type ReportItem,
  type ZBatchListQuery,
  type ZBatchOrderRequest,
  type ZSaveBatchRequest,
} from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import type { MaterialsEngine } from '../../jobs/materials';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { planCharge, readBalances, readIntegralSetting } from '../points/points.service';
import { parseJson, presentUpload, readForm, type StoredMaterials } from '../projects/projects.presenter';
import { createProjectsRepo } from '../projects/projects.repo';
import type { PreparedInput, ProjectService } from '../projects/projects.service';
import { buildTemplate, parseWorkbook } from './batch.excel';
import { createBatchRepo, type BatchRowRow, type RowWithProject } from './batch.repo';
import { checkRow, type OwnerResolver, type ParsedProjectInput } from './batch.rows';
import { findWarnings, type Candidate } from './batch.similarity';
import { streamBatchZip, uniqueFolders } from './batch.zip';

/** The owner registry as the batch needs it: resolve 著作权人 cells, and the names for the template's drop-down. */
export interface OwnerDirectory {
  resolve(userId: number, tokens: string[]): ReturnType<OwnerResolver>;
  names(userId: number): Promise<string[]>;
}

export interface BatchServiceDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  engine: Pick<MaterialsEngine, 'intake'>;
  queue: JobQueue;
  projects: ProjectService;
  /** Absent while no registry exists: 著作权人 cells are then kept as text, unlinked. */
  owners?: OwnerDirectory;
}

const parse = parseJson;
const valuesOf = (r: Pick<BatchRowRow, 'values_json'>): BatchRowValues => {
  const v = ZBatchRowValues.safeParse(parse(r.values_json, {}));
  return v.success ? v.data : {};
};
const ZERO: Charge = { freeTimes: 0, giftedPoints: 0, rechargePoints: 0 };
const sumCharge = (a: Charge, b: Charge): Charge => ({ freeTimes: a.freeTimes + b.freeTimes, giftedPoints: a.giftedPoints + b.giftedPoints, rechargePoints: a.rechargePoints + b.rechargePoints });
const rowList = (nos: number[]) => (nos.length > 8 ? `${nos.slice(0, 8).join('、')} 等` : nos.join('、'));

/** A draft row after checking: its errors, the project input when valid, its code and cost, its warnings. */
interface CheckedDraftRow {
  row: BatchRowRow;
  values: BatchRowValues;
  errors: BatchCellError[];
  input?: ParsedProjectInput;
  code: BatchRow['code'];
  points: number;
  warnings: BatchWarning[];
}

/**
 * Batch orders: the Excel template and its import, drafts edited in the browser, the row-by-row checks (the single
 * project's contract schemas + the batch rules of batch.rows.ts), the 需注意 near-duplicate warnings, the quote and
 * the order (one transaction: every row's project, job and charge — or nothing), the list, the details and the zip.
 * Every call takes the signed-in user's id; another user's batch is "not found".
 */
export function createBatchService(deps: BatchServiceDeps) {
  const { db, blobs, engine, queue, projects, owners } = deps;
  const repo = createBatchRepo(db);
  const projectsRepo = createProjectsRepo(db);

  async function owned(userId: number, id: number) {
    const b = await repo.findOwned(id, userId);
    if (!b) throw notFound('批量订单不存在或无权访问');
    return b;
  }

  /** Resolves 著作权人 cells; each name or number is looked up once per call (a batch repeats the same owners). */
  function resolverFor(userId: number): OwnerResolver {
    const known = new Map<string, { id?: number; error?: string } | undefined>();
    return async (tokens) => {
      const missing = tokens.filter((t) => !known.has(t));
      if (missing.length) {
        const found = owners ? await owners.resolve(userId, missing) : new Map(missing.map((t) => [t, {}]));
        for (const t of missing) known.set(t, found.get(t));
      }
      const out = new Map<string, { id?: number; error?: string }>();
      for (const t of tokens) {
        const r = known.get(t);
        if (r) out.set(t, r);
      }
      return out;
    };
  }

  /** SHA-256 of the archive and SHA-1 of every printed code file, computed once per upload and kept. */
  async function fingerprints(uploadIds: number[]): Promise<Map<number, { archive: string; files: string[] }>> {
    const ids = [...new Set(uploadIds)];
    const have = new Map((await repo.fingerprints(ids)).map((f) => [f.upload_id, { archive: f.archive_sha256, files: parse<string[]>(f.files_json, []) }]));
    for (const id of ids) {
      if (have.has(id)) continue;
      const u = await projectsRepo.findUpload(id);
      if (!u) continue;
      await yieldToLoop(); // reading an archive is CPU work: let other requests in between
      try {
        const data = await blobs.get(u.blob_key);
        const archive = crypto.createHash('sha256').update(data).digest('hex');
        const files = (await engine.intake(blobs.localPath?.(u.blob_key) ?? data, u.kind)).fileHashes;
        await repo.saveFingerprint(id, archive, files);
        have.set(id, { archive, files });
      } catch {
        // An unreadable archive has no fingerprint; the generation reports the archive itself.
      }
    }
    return have;
  }

  /** Checks every draft row, prices it and finds the near-duplicates (within the batch and with earlier projects). */
  async function checkDraft(userId: number, batchId: number, rows: BatchRowRow[]): Promise<CheckedDraftRow[]> {
    const setting = await readIntegralSetting(db);
    const resolve = resolverFor(userId);
    const uploadIds = rows.map((r) => r.upload_id).filter((x): x is number => x !== null);
    const uploads = new Map(
      (uploadIds.length ? await db.selectFrom('code_uploads').selectAll().where('id', 'in', uploadIds).where('user_id', '=', userId).execute() : []).map((u) => [u.id, presentUpload(u)]),
    );
    const checked: CheckedDraftRow[] = [];
    for (const row of rows) {
      const values = valuesOf(row);
      const c = await checkRow(values, resolve);
      const errors = [...parse<BatchCellError[]>(row.errors_json, []), ...c.errors];
      const up = row.upload_id ? uploads.get(row.upload_id) : undefined;
      const code = up ? { uploadId: up.uploadId, fileName: up.fileName, sourceLines: up.analysis.sourceLines, languages: up.analysis.languages } : null;
      const points = code ? codeProjectPoints(setting.codeProject, code.sourceLines) : setting.generateProject;
      checked.push({ row, values, errors, input: errors.length ? undefined : c.input, code, points, warnings: [] });
    }

    const earlier = await repo.earlierProjects(userId, batchId);
    const prints = await fingerprints([...uploadIds, ...earlier.map((p) => p.upload_id).filter((x): x is number => x !== null).slice(0, 200)]);
    const candidates: Candidate[] = checked.map((c) => ({
      rowNo: c.row.row_no,
      name: (c.values.name ?? '').trim(),
      version: (c.values.version ?? '').trim() || 'V1.0',
      mainFunctions: c.values.mainFunctions,
      ...(c.row.upload_id && prints.get(c.row.upload_id) ? { archive: prints.get(c.row.upload_id)!.archive, files: prints.get(c.row.upload_id)!.files } : {}),
    }));
    const before: Candidate[] = earlier.map((p) => ({
      projectId: p.id,
      name: p.name,
      version: p.version,
      mainFunctions: readForm(p).mainFunctions,
      ...(p.upload_id && prints.get(p.upload_id) ? { archive: prints.get(p.upload_id)!.archive, files: prints.get(p.upload_id)!.files } : {}),
    }));
    const warnings = await findWarnings(candidates.filter((c) => c.name), before);
    for (const c of checked) c.warnings = warnings.get(c.row.row_no) ?? [];
    return checked;
  }

  function reportOf(materials: string | null): BatchRow['report'] {
    const m = parse<StoredMaterials | undefined>(materials, undefined);
    if (!m) return null;
    const items: ReportItem[] = m.report ?? [];
    return { errors: items.filter((i) => i.level === 'error').length, warnings: items.filter((i) => i.level === 'warning').length, items };
  }

  function orderedRow(r: RowWithProject): BatchRow {
    const state: BatchRowState = r.project_id === null || r.p_status === null ? 'failed' : r.p_status === 'draft' ? 'queued' : r.p_status;
    return {
      id: r.id,
      rowNo: r.row_no,
      values: valuesOf(r),
      state,
      errors: [],
      warnings: [],
      code: null,
      projectId: r.project_id,
      projectSource: r.p_source,
      progress: r.p_progress ?? 0,
      message: r.project_id === null ? '项目已被删除' : (r.p_message ?? ''),
      points: r.points,
      report: reportOf(r.p_materials),
      downloadable: Boolean(r.p_materials),
    };
  }

  const draftRow = (c: CheckedDraftRow): BatchRow => ({
    id: c.row.id,
    rowNo: c.row.row_no,
    values: c.values,
    state: c.errors.length ? 'invalid' : 'ready',
    errors: c.errors,
    warnings: c.warnings,
    code: c.code,
    projectId: null,
    projectSource: null,
    progress: 0,
    message: c.errors.length ? c.errors.map((e) => formatCellError(c.row.row_no, e)).join('；') : '',
    points: c.points,
    report: null,
    downloadable: false,
  });

  function countsOf(states: BatchRowState[]): BatchCounts {
    const c: BatchCounts = { total: states.length, invalid: 0, ready: 0, queued: 0, generating: 0, succeeded: 0, failed: 0 };
    for (const s of states) c[s]++;
    return c;
  }
  const statusOf = (b: { status: 'draft' | 'ordered' }, c: BatchCounts): BatchStatus =>
    b.status === 'draft' ? 'draft' : c.queued + c.generating > 0 ? 'processing' : 'completed';

  function listItem(b: Awaited<ReturnType<typeof owned>>, counts: BatchCounts): BatchListItem {
    const charge = ZCharge.safeParse(parse(b.charge_json, null));
    return {
      id: b.id,
      name: b.name,
      source: b.source,
      status: statusOf(b, counts),
      counts,
      charge: charge.success ? charge.data : null,
      createdAt: b.created_at,
      orderedAt: b.ordered_at,
    };
  }

  async function detailsWith(userId: number, id: number): Promise<{ details: BatchDetails; checked: CheckedDraftRow[] }> {
    const b = await owned(userId, id);
    const raw = await repo.rows(id);
    let rows: BatchRow[];
    let checked: CheckedDraftRow[] = [];
    if (b.status === 'draft') {
      checked = await checkDraft(userId, id, raw);
      rows = checked.map(draftRow);
    } else rows = raw.map(orderedRow);
    const counts = countsOf(rows.map((r) => r.state));
    return { details: { ...listItem(b, counts), rows, notices: parse<string[]>(b.notices_json, []) }, checked };
  }

  function quoteOf(checked: CheckedDraftRow[], balances: { freeTimes: number; giftedPoints: number; rechargePoints: number }, acknowledged: number[]): BatchQuote {
    // The charging order, row by row as pointsCharger will take it: a free time per row while any remain, then points.
    let b = { ...balances };
    let charge = ZERO;
    let enough = true;
    const valid = checked.filter((c) => c.input);
    for (const c of valid) {
      const plan = planCharge(b, c.points);
      if (!plan) {
        enough = false;
        break;
      }
      charge = sumCharge(charge, plan);
      b = { freeTimes: b.freeTimes - plan.freeTimes, giftedPoints: b.giftedPoints - plan.giftedPoints, rechargePoints: b.rechargePoints - plan.rechargePoints };
    }
    const free = Math.min(balances.freeTimes, valid.length);
    const pointsNeeded = valid.slice(free).reduce((s, c) => s + c.points, 0);
    const shortfall = Math.max(0, pointsNeeded - balances.giftedPoints - balances.rechargePoints);
    const ack = new Set(acknowledged);
    return {
      rows: checked.length,
      points: checked.reduce((s, c) => s + c.points, 0),
      charge,
      balances,
      enough: enough && shortfall === 0,
      shortfall,
      invalidRows: checked.filter((c) => !c.input).map((c) => c.row.row_no),
      unacknowledged: checked.filter((c) => c.warnings.length && !ack.has(c.row.id)).map((c) => c.row.id),
    };
  }

  const insufficientBatch = (q: BatchQuote) =>
    new AppError(
      ApiCode.InsufficientBalance,
      `余额不足：本批 ${q.rows} 个软件共需 ${q.points} 积分（免费次数每次可抵 1 个软件），您当前有免费次数 ${q.balances.freeTimes} 次、赠送积分 ${q.balances.giftedPoints}、充值积分 ${q.balances.rechargePoints}，还差 ${q.shortfall} 积分。请先充值（积分充值：${RECHARGE_URL}），本次未扣费`,
      {
        need: q.points,
        freeTimes: q.balances.freeTimes,
        giftedPoints: q.balances.giftedPoints,
        rechargePoints: q.balances.rechargePoints,
        rechargeUrl: RECHARGE_URL,
        shortfall: q.shortfall,
      } satisfies InsufficientBalance & { shortfall: number },
    );

  async function createDraft(userId: number, name: string, source: 'excel' | 'quick', notices: string[], rows: { rowNo: number; values: BatchRowValues; errors: BatchCellError[]; uploadId?: number | null }[]): Promise<number> {
    const now = nowIso();
    return db.transaction().execute(async (trx) => {
      const id = await repo.insert({ user_id: userId, name, source, status: 'draft', notices_json: JSON.stringify(notices), charge_json: null, created_at: now, updated_at: now, ordered_at: null }, trx);
      await repo.insertRows(
        rows.map((r) => ({
          batch_id: id,
          user_id: userId,
          row_no: r.rowNo,
          values_json: JSON.stringify(r.values),
          errors_json: JSON.stringify(r.errors),
          upload_id: r.uploadId ?? null,
          project_id: null,
          job_id: null,
          points: 0,
          created_at: now,
          updated_at: now,
        })),
        trx,
      );
      return id;
    });
  }

  /** Upload ids must be the user's own (another user's upload is "not found"). */
  async function checkUploads(userId: number, ids: number[]) {
    for (const id of new Set(ids)) await projects.ownedAnalysis(userId, id);
  }

  const localDate = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

  return {
    /** The .xlsx template with the user's owners and the platform types in the drop-downs. */
    async template(userId: number): Promise<{ data: Buffer; fileName: string }> {
      const platforms = (await db.selectFrom('platform_types').select('name').orderBy('sort').execute()).map((p) => p.name);
      const ownerNames = owners ? await owners.names(userId) : [];
      return { data: await buildTemplate({ owners: ownerNames, platforms }), fileName: '批量下单模板.xlsx' };
    },

    /** Reads a filled template into a new draft batch (nothing is charged or generated). */
    async importExcel(userId: number, file: Buffer, fileName: string | undefined): Promise<BatchDetails> {
      const wb = await parseWorkbook(file);
      const base = (fileName ?? '').replace(/\.[^.]+$/, '').trim().slice(0, 80);
      const id = await createDraft(userId, base || `表格导入 ${localDate()}`, 'excel', wb.notices, wb.rows);
      return (await detailsWith(userId, id)).details;
    },

    async details(userId: number, id: number): Promise<BatchDetails> {
      return (await detailsWith(userId, id)).details;
    },

    /** Creates a draft from the browser's table, or replaces the rows of a draft (rows keep their id and row number). */
    async save(userId: number, req: z.output<typeof ZSaveBatchRequest>): Promise<BatchDetails> {
      await checkUploads(userId, req.rows.map((r) => r.uploadId).filter((x): x is number => typeof x === 'number'));
      if (!req.id) {
        const id = await createDraft(
          userId,
          req.name || `快速批量下单 ${localDate()}`,
          'quick',
          [],
          req.rows.map((r, i) => ({ rowNo: i + 1, values: r.values, errors: [], uploadId: r.uploadId ?? null })),
        );
        return (await detailsWith(userId, id)).details;
      }
      const b = await owned(userId, req.id);
      if (b.status !== 'draft') throw badRequest('该批量订单已下单，不能再修改；如需修改某个软件，请在订单详情中编辑该项目');
      const existing = await repo.rows(b.id);
      const byId = new Map(existing.map((r) => [r.id, r]));
      for (const r of req.rows) if (r.id && !byId.has(r.id)) throw notFound('批量订单中没有这一行，请刷新页面后重试');
      const keep = new Set(req.rows.map((r) => r.id).filter(Boolean));
      let next = existing.reduce((m, r) => Math.max(m, r.row_no), 0);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await repo.deleteRows(b.id, existing.filter((r) => !keep.has(r.id)).map((r) => r.id), trx);
        const added: Omit<BatchRowRow, 'id'>[] = [];
        for (const r of req.rows) {
          const old = r.id ? byId.get(r.id) : undefined;
          const valuesJson = JSON.stringify(r.values);
          if (old) {
            const changed = old.values_json !== valuesJson;
            // Editing a row in the browser clears what the sheet itself said about its cells (merged, formulas).
            await repo.updateRow(old.id, { values_json: valuesJson, ...(changed ? { errors_json: '[]' } : {}), ...(r.uploadId !== undefined ? { upload_id: r.uploadId } : {}), updated_at: now }, trx);
          } else {
            added.push({ batch_id: b.id, user_id: userId, row_no: ++next, values_json: valuesJson, errors_json: '[]', upload_id: r.uploadId ?? null, project_id: null, job_id: null, points: 0, created_at: now, updated_at: now });
          }
        }
        await repo.insertRows(added, trx);
        await repo.update(b.id, { updated_at: now, ...(req.name ? { name: req.name } : {}) }, trx);
      });
      return (await detailsWith(userId, b.id)).details;
    },

    /**
     * Quotes (without `confirm`) or orders a draft batch. Ordering refuses rows with errors, unacknowledged 需注意
     * rows and a short balance (460 with the shortfall; nothing charged); otherwise ONE transaction creates each
     * row's project, queues its job and charges it through pointsCharger (ledger `job:<id>`), so a failed row is
     * refunded alone by the job's own failure path. The batch moves to `ordered` only once (a second click: 409).
     */
    async order(userId: number, req: z.output<typeof ZBatchOrderRequest>): Promise<BatchOrderResult> {
      const { details, checked } = await detailsWith(userId, req.id);
      if (details.status !== 'draft') {
        if (req.confirm) throw conflict('该批量订单已经下单，请勿重复提交');
        return { ordered: true, quote: { rows: details.rows.length, points: details.rows.reduce((s, r) => s + r.points, 0), charge: details.charge ?? ZERO, balances: await readBalances(db, userId), enough: true, shortfall: 0, invalidRows: [], unacknowledged: [] }, batch: details };
      }
      const balances = await readBalances(db, userId);
      const quote = quoteOf(checked, { freeTimes: balances.freeTimes, giftedPoints: balances.giftedPoints, rechargePoints: balances.rechargePoints }, req.acknowledged);
      if (!req.confirm) return { ordered: false, quote, batch: details };
      if (checked.length === 0) throw badRequest('批量订单中没有软件');
      if (checked.length > BATCH_MAX_ROWS) throw badRequest(`每个批量订单最多 ${BATCH_MAX_ROWS} 行`);
      if (quote.invalidRows.length) throw badRequest(`还有 ${quote.invalidRows.length} 行有错误（第 ${rowList(quote.invalidRows)} 行），请修改或删除后再下单`);
      if (quote.unacknowledged.length) {
        const nos = checked.filter((c) => quote.unacknowledged.includes(c.row.id)).map((c) => c.row.row_no);
        throw badRequest(`第 ${rowList(nos)} 行有“需注意”事项，请逐条阅读并确认后再下单`);
      }
      if (!quote.enough) throw insufficientBatch(quote);

      // Reads every creation needs, before the transaction (SQLite has one connection: no reads beside `trx`).
      const work: { c: CheckedDraftRow; input: ParsedProjectInput; prepared: PreparedInput }[] = [];
      for (const c of checked) {
        const input = { ...c.input!, uploadId: c.row.upload_id ?? undefined };
        work.push({ c, input, prepared: await projects.prepare(userId, input) });
      }
      const now = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          // The user row first: every row written below refers to the user (see projects.queueIn).
          await projects.lockUser(trx, userId);
          const claimed = await trx.updateTable('batch_orders').set({ status: 'ordered', ordered_at: now, updated_at: now }).where('id', '=', req.id).where('user_id', '=', userId).where('status', '=', 'draft').executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) throw conflict('该批量订单已经下单，请勿重复提交');
          let total = ZERO;
          for (const [k, { c, input, prepared }] of work.entries()) {
            // SQLite answers synchronously: without a pause the whole transaction would hold the event loop.
            if (k % 10 === 9) await yieldToLoop();
            const projectId = await projects.insertIn(trx, userId, input, input.uploadId ? 'code' : 'form', prepared);
            const started = await projects.queueIn(trx, userId, { id: projectId }, c.points, `批量订单 ${req.id} 第 ${c.row.row_no} 行：${input.name} ${input.version}`);
            if (!started) throw new Error('a new project was already queued');
            total = sumCharge(total, started.charge);
            await repo.updateRow(c.row.id, { project_id: projectId, job_id: started.jobId, points: c.points, updated_at: now }, trx);
          }
          await repo.update(req.id, { charge_json: JSON.stringify(total) }, trx);
        });
      } catch (e) {
        // Another request spent the balance between the quote and the charge: the whole order rolled back.
        if (e instanceof AppError && e.code === ApiCode.InsufficientBalance) {
          const b = await readBalances(db, userId);
          throw insufficientBatch(quoteOf(checked, { freeTimes: b.freeTimes, giftedPoints: b.giftedPoints, rechargePoints: b.rechargePoints }, req.acknowledged));
        }
        throw e;
      }
      queue.wake();
      return { ordered: true, quote, batch: (await detailsWith(userId, req.id)).details };
    },

    async list(userId: number, q: z.output<typeof ZBatchListQuery>): Promise<Page<BatchListItem>> {
      // processing/completed depend on the rows' projects: filter ordered batches after counting (a user has few batches).
      const status = q.type === 'draft' ? 'draft' : q.type === 'all' ? undefined : 'ordered';
      const derived = q.type === 'processing' || q.type === 'completed';
      const { rows, total } = await repo.list(userId, status, derived ? 1 : q.page, derived ? 10_000 : q.pageSize);
      const counts = new Map<number, BatchRowState[]>();
      for (const r of await repo.stateCounts(rows.map((b) => b.id))) {
        const b = rows.find((x) => x.id === r.batch_id)!;
        const s: BatchRowState =
          b.status === 'draft' ? (parse<unknown[]>(r.errors_json, []).length ? 'invalid' : 'ready') : r.project_id === null || !r.status ? 'failed' : r.status === 'draft' ? 'queued' : r.status;
        counts.set(r.batch_id, [...(counts.get(r.batch_id) ?? []), s]);
      }
      let items = rows.map((b) => listItem(b, countsOf(counts.get(b.id) ?? [])));
      if (!derived) return { list: items, total, page: q.page, pageSize: q.pageSize };
      items = items.filter((i) => i.status === q.type);
      return { list: items.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: items.length, page: q.page, pageSize: q.pageSize };
    },

    /** One zip of every generated software of the batch, a folder per software (名称_版本). */
    async openDownload(userId: number, id: number) {
      const b = await owned(userId, id);
      if (b.status === 'draft') throw badRequest('该批量订单还没有下单');
      const rows = (await repo.rows(id)).filter((r) => r.p_materials);
      if (rows.length === 0) throw badRequest('还没有生成完成的材料，请稍后再下载');
      const folders = uniqueFolders(rows.map((r) => ({ base: batchFolderName(r.p_name ?? '', r.p_version ?? ''), rowNo: r.row_no })));
      const sources = rows.map((r, i) => ({
        folder: folders[i]!,
        load: async () => blobs.get(parse<StoredMaterials>(r.p_materials, { blobKey: '' } as StoredMaterials).blobKey),
      }));
      return { stream: streamBatchZip(sources), fileName: batchZipName(id) };
    },

    async remove(userId: number, id: number): Promise<void> {
      const b = await owned(userId, id);
      if (b.status !== 'draft') throw badRequest('已下单的批量订单不能删除；可以在“我的项目”中删除其中的项目');
      await db.transaction().execute((trx) => repo.delete(id, userId, trx));
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
