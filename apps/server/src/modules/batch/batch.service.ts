import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  RIGHTS_RULE,
  ApiCode,
  BATCH_MAX_ROWS,
  PROJECT_LIMITS,
  RECHARGE_URL,
  ZBatchRowValues,
  ZCharge,
  batchFolderName,
  batchZipName,
  deliverablesText,
  formatCellError,
  generationPoints,
  judgeMainFunctions,
  mainFunctionsChars,
  type BatchCellError,
  type BatchQuoteLine,
  type BatchRowCheck,
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
  BATCH_TEXT_ORIGIN_COLUMNS,
  type TextOrigin,
} from '@mazhu/contracts';
import { recogniseTexts } from '../origins/origins.service';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { writeInformation } from '../../ai/offline-writer';
import type { MaterialsEngine } from '../../jobs/materials';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { readBalances, readIntegralSetting } from '../points/points.service';
import { aiCodeAnalysis } from '../projects/ai-input';
import { parseJson, presentUpload, readForm, type StoredMaterials } from '../projects/projects.presenter';
import type { UploadRow } from '../projects/projects.repo';
import { rightsOf, userOwnerNames } from '../projects/rights';
import type { PreparedInput, ProjectService } from '../projects/projects.service';
import { buildTemplate, parseWorkbook } from './batch.excel';
import { createCodeFingerprints } from '../code-projects/code-fingerprints';
import { createBatchRepo, type BatchRowRow, type RowWithProject } from './batch.repo';
import { checkRow, type OwnerResolver, type ParsedProjectInput } from './batch.rows';
import { findWarnings, type Candidate } from './batch.similarity';
import { freeRegenerationDue } from './free-regeneration';
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
  check: BatchRowCheck;
}

const MF = { min: PROJECT_LIMITS.mainFunctionsMin, max: PROJECT_LIMITS.mainFunctionsMax };
const resultOf = (items: BatchRowCheck['items']): BatchRowCheck['result'] => (items.some((i) => i.level === 'error') ? 'failed' : items.length ? 'warning' : 'passed');

/**
 * The check of a valid row before ordering: 软件的主要功能 as typed, or — when the cell is empty — the built-in
 * writer's text from the row's own facts (name, description, platform, attached code), measured against the
 * form's 500–1300 characters; short is reported with what to add, never padded. A row without code is told it
 * gets no source-code document.
 */
function checkValidRow(values: BatchRowValues, input: ParsedProjectInput, upload: UploadRow | undefined): BatchRowCheck {
  const typed = (values.mainFunctions ?? '').trim();
  let modules: { name: string; described: boolean; operations: number }[] = [];
  let written = typed;
  try {
    const info = writeInformation({
      name: input.name,
      shortName: input.shortName,
      version: input.version,
      category: input.category,
      platform: input.platform,
      description: input.description,
      codeAnalysis: aiCodeAnalysis(upload),
    });
    modules = info.modules.map((m) => ({ name: m.name, described: Boolean(m.description.trim()) && m.description.trim() !== `${m.name}。`, operations: m.operations.length }));
    written ||= info.mainFunctions;
  } catch {
    // Nothing to write from: the length below is 0 and the verdict says what to add.
  }
  const chars = mainFunctionsChars(written);
  const verdict = judgeMainFunctions({ chars, modules, hasCode: Boolean(upload), hasDescription: Boolean(input.description?.trim()) });
  const items: BatchRowCheck['items'] = [];
  if (!verdict.ok) {
    items.push({
      level: 'error',
      message: typed
        ? verdict.message
        : `“软件的主要功能”留空由系统按规则起草：依据本行资料只能写出约 ${chars} 字，申请表要求 ${MF.min}–${MF.max} 字，系统不会凑字。${'missing' in verdict && verdict.missing.length ? `请补充：${verdict.missing.join('；')}` : ''}`,
    });
  }
  if (!upload) items.push({ level: 'warning', message: `未附源代码：只生成${deliverablesText(false)}，按仅描述项目计价；提交登记前须上传源代码生成源程序文档` });
  return { result: resultOf(items), mainFunctions: { chars, ...MF, written: typed ? 'user' : 'writer' }, items };
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
  const fingerprints = createCodeFingerprints({ db, blobs, engine });

  /**
   * Every row of a draft checked on its own and priced (cell errors, the form rules, someone else's code): what decides a row's
   * state (有错误 / 可下单), shared by the details and the list so their counts agree. No near-duplicate warnings.
   */
  async function checkDraftRows(userId: number, rows: BatchRowRow[]): Promise<CheckedDraftRow[]> {
    const setting = await readIntegralSetting(db);
    const resolve = resolverFor(userId);
    const uploadIds = rows.map((r) => r.upload_id).filter((x): x is number => x !== null);
    const uploadRows = new Map((uploadIds.length ? await db.selectFrom('code_uploads').selectAll().where('id', 'in', uploadIds).where('user_id', '=', userId).execute() : []).map((u) => [u.id, u]));
    const checked: CheckedDraftRow[] = [];
    for (const [k, row] of rows.entries()) {
      const values = valuesOf(row);
      const c = await checkRow(values, resolve);
      const errors = [...parse<BatchCellError[]>(row.errors_json, []), ...c.errors];
      const upRow = row.upload_id ? uploadRows.get(row.upload_id) : undefined;
      const up = upRow ? presentUpload(upRow) : undefined;
      // Code naming others is refused before the charge, as for a single project; a batch row carries no
      // declaration: exclude those parts, or order that software alone and declare there.
      if (up && c.input) {
        const rights = rightsOf(up.analysis, await userOwnerNames(db, userId, c.input.form.ownerIds ?? []), null);
        if (rights.state === 'flagged') {
          const names = [...new Set(rights.foreign.map((x) => x.name))].slice(0, 6).join('、');
          errors.push({ column: '代码', message: `未通过：代码中有他人的版权、署名或公开项目信息（${names}）。${RIGHTS_RULE}批量订单不能输入著作权声明：请排除这些部分，或把这个软件作为单个代码项目创建并在那里声明` });
        }
      }
      const code = up ? { uploadId: up.uploadId, fileName: up.fileName, sourceLines: up.analysis.sourceLines, languages: up.analysis.languages } : null;
      const points = generationPoints(setting, { source: code ? 'code' : 'form', hasCode: Boolean(code), sourceLines: code?.sourceLines ?? 0 });
      const input = errors.length ? undefined : c.input;
      const check: BatchRowCheck = input
        ? checkValidRow(values, input, upRow)
        : { result: 'failed', mainFunctions: { chars: mainFunctionsChars(values.mainFunctions), ...MF, written: values.mainFunctions?.trim() ? 'user' : 'writer' }, items: errors.map((e) => ({ level: 'error', message: formatCellError(row.row_no, e) })) };
      checked.push({ row, values, errors, input, code, points, warnings: [], check });
      if (k % 20 === 19) await yieldToLoop(); // the writer's estimate is CPU work
    }
    return checked;
  }

  /** A draft's rows checked and priced (checkDraftRows) with the near-duplicates (within the batch and with earlier projects). */
  async function checkDraft(userId: number, batchId: number, rows: BatchRowRow[]): Promise<CheckedDraftRow[]> {
    const checked = await checkDraftRows(userId, rows);
    const uploadIds = rows.map((r) => r.upload_id).filter((x): x is number => x !== null);
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
    for (const c of checked) {
      c.warnings = warnings.get(c.row.row_no) ?? [];
      if (!c.input || !c.warnings.length) continue;
      c.check.items.push(...c.warnings.map((w) => ({ level: 'warning' as const, message: w.message })));
      c.check.result = resultOf(c.check.items);
    }
    return checked;
  }

  function reportOf(materials: string | null): BatchRow['report'] {
    const m = parse<StoredMaterials | undefined>(materials, undefined);
    if (!m) return null;
    const items: ReportItem[] = m.report ?? [];
    return { errors: items.filter((i) => i.level === 'error').length, warnings: items.filter((i) => i.level === 'warning').length, items };
  }

  /** After generation: the row's check is its materials' report (未通过 / 需注意 items as they are). */
  function reportCheck(r: RowWithProject, values: BatchRowValues): BatchRowCheck | null {
    if (r.excluded || r.project_id === null) return null;
    const report = parse<StoredMaterials | undefined>(r.p_materials, undefined)?.report;
    if (!report) return null;
    const items = report.filter((i) => i.level === 'error' || i.level === 'warning').map((i) => ({ level: i.level as 'error' | 'warning', message: i.message }));
    const chars = mainFunctionsChars(readForm({ form_json: r.p_form ?? '{}' }).mainFunctions);
    return { result: resultOf(items), mainFunctions: { chars, ...MF, written: values.mainFunctions?.trim() ? 'user' : 'writer' }, items };
  }

  function orderedRow(r: RowWithProject): BatchRow {
    const state: BatchRowState = r.excluded ? 'excluded' : r.project_id === null || r.p_status === null ? 'failed' : r.p_status === 'draft' ? 'queued' : r.p_status;
    const values = valuesOf(r);
    return {
      id: r.id,
      rowNo: r.row_no,
      values,
      state,
      errors: [],
      warnings: [],
      code: null,
      projectId: r.project_id,
      projectSource: r.p_source,
      progress: r.p_progress ?? 0,
      message: r.excluded ? '未下单（未生成、未扣费）' : r.project_id === null ? '项目已被删除' : (r.p_message ?? ''),
      points: r.excluded ? 0 : r.points,
      priced: r.upload_id !== null ? 'code' : 'described',
      gets: deliverablesText(r.upload_id !== null),
      check: reportCheck(r, values),
      freeRegeneration: Boolean(r.project_id !== null && r.p_updated_at && freeRegenerationDue(r, { materials_json: r.p_materials, updated_at: r.p_updated_at, generated_at: r.p_generated_at })),
      report: reportOf(r.p_materials),
      downloadable: Boolean(r.p_materials),
      origins: {},
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
    priced: c.code ? 'code' : 'described',
    gets: deliverablesText(Boolean(c.code)),
    check: c.check,
    freeRegeneration: false,
    report: null,
    downloadable: false,
    origins: {},
  });

  /**
   * Each row's filled text cells with their origin, recognised in one pass over the user's writer outputs (the same
   * recognition as a project's texts): a writer's text, or an edit of it, is `ai` / `draft`; the rest is the user's.
   */
  async function withOrigins(userId: number, rows: BatchRow[]): Promise<BatchRow[]> {
    const texts = rows.flatMap((r) =>
      BATCH_TEXT_ORIGIN_COLUMNS.flatMap((col) => {
        const text = r.values[col]?.trim();
        return text ? [{ key: `${r.id}:${col}`, kind: col, text }] : [];
      }),
    );
    const found = await recogniseTexts(db, userId, texts);
    return rows.map((r) => {
      const origins: Record<string, TextOrigin> = {};
      for (const col of BATCH_TEXT_ORIGIN_COLUMNS) if (r.values[col]?.trim()) origins[col] = found.get(`${r.id}:${col}`) ?? { origin: 'user' };
      return { ...r, origins };
    });
  }

  function countsOf(states: BatchRowState[]): BatchCounts {
    const c: BatchCounts = { total: states.length, invalid: 0, ready: 0, queued: 0, generating: 0, succeeded: 0, failed: 0, excluded: 0 };
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
    rows = await withOrigins(userId, rows);
    const counts = countsOf(rows.map((r) => r.state));
    return { details: { ...listItem(b, counts), rows, notices: parse<string[]>(b.notices_json, []) }, checked };
  }

  type Balances = { freeTimes: number; giftedPoints: number; rechargePoints: number };
  type Choices = Pick<z.output<typeof ZBatchOrderRequest>, 'acknowledged' | 'exclude' | 'confirmFailed'>;

  /**
   * The quote, row by row: each row's price, what it gets, its check and whether it is charged. Rows left out or
   * with errors are not charged and not counted. The charge follows pointsCharger row by row (a free time pays for
   * one row while any remain, then gifted points, then recharge points), so `shortfall` = points still to pay after
   * the free times − gifted − recharge, exactly; when short, nothing is charged and every charge is zero.
   */
  function quoteOf(checked: CheckedDraftRow[], balances: Balances, choices: Choices): BatchQuote {
    const ex = new Set(choices.exclude);
    const ack = new Set(choices.acknowledged);
    const confirmed = new Set(choices.confirmFailed);
    let b = { ...balances };
    let freeTimesUsed = 0;
    let pointsNeeded = 0;
    const lines: BatchQuoteLine[] = checked.map((c) => {
      const excluded = ex.has(c.row.id);
      const included = !excluded && Boolean(c.input);
      let charge = ZERO;
      if (included && c.points > 0) {
        if (b.freeTimes > 0) {
          charge = { freeTimes: 1, giftedPoints: 0, rechargePoints: 0 };
          b = { ...b, freeTimes: b.freeTimes - 1 };
          freeTimesUsed++;
        } else {
          pointsNeeded += c.points;
          const gifted = Math.min(b.giftedPoints, c.points);
          const recharge = Math.min(b.rechargePoints, c.points - gifted);
          charge = { freeTimes: 0, giftedPoints: gifted, rechargePoints: c.points - gifted };
          b = { ...b, giftedPoints: b.giftedPoints - gifted, rechargePoints: b.rechargePoints - recharge };
        }
      }
      const note = excluded
        ? '不下单：不生成、不扣费'
        : !c.input
          ? '有错误：请修改，或选择不下单'
          : c.check.result === 'failed' && !confirmed.has(c.row.id)
            ? '检查未通过：请补充资料，或逐行确认仍要下单，或选择不下单'
            : c.warnings.length && !ack.has(c.row.id)
              ? '有“需注意”事项：请逐条阅读并确认'
              : '';
      return {
        rowId: c.row.id,
        rowNo: c.row.row_no,
        name: (c.values.name ?? '').trim(),
        version: (c.values.version ?? '').trim(),
        points: c.points,
        priced: c.code ? 'code' : 'described',
        gets: deliverablesText(Boolean(c.code)),
        check: c.input ? c.check.result : 'invalid',
        chars: c.check.mainFunctions.chars,
        included,
        note,
        charge,
      };
    });
    const shortfall = Math.max(0, pointsNeeded - balances.giftedPoints - balances.rechargePoints);
    const enough = shortfall === 0;
    const inc = lines.filter((l) => l.included);
    const total = enough ? inc.reduce((t, l) => sumCharge(t, l.charge), ZERO) : ZERO;
    const byId = new Map(checked.map((c) => [c.row.id, c]));
    return {
      rows: inc.length,
      points: inc.reduce((t, l) => t + l.points, 0),
      freeTimesUsed,
      pointsNeeded,
      charge: total,
      balances,
      enough,
      shortfall,
      invalidRows: lines.filter((l) => l.check === 'invalid' && !ex.has(l.rowId)).map((l) => l.rowNo),
      unacknowledged: inc.filter((l) => byId.get(l.rowId)!.warnings.length && !ack.has(l.rowId)).map((l) => l.rowId),
      unconfirmed: inc.filter((l) => l.check === 'failed' && !confirmed.has(l.rowId)).map((l) => l.rowId),
      excludedRows: lines.filter((l) => ex.has(l.rowId)).map((l) => l.rowNo),
      lines: enough ? lines : lines.map((l) => ({ ...l, charge: ZERO })),
    };
  }

  const insufficientBatch = (q: BatchQuote) =>
    new AppError(
      ApiCode.InsufficientBalance,
      `余额不足：本次下单 ${q.rows} 个软件共 ${q.points} 积分${q.freeTimesUsed ? `，其中 ${q.freeTimesUsed} 个用免费次数抵扣` : ''}，还需支付 ${q.pointsNeeded} 积分；您当前有赠送积分 ${q.balances.giftedPoints}、充值积分 ${q.balances.rechargePoints}，还差 ${q.shortfall} 积分。请先到“积分充值”页充值，本次未扣费`,
      {
        need: q.pointsNeeded,
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
        const added: Parameters<typeof repo.insertRows>[0] = [];
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
        const ordered = details.rows.filter((r) => r.state !== 'excluded');
        const lines: BatchQuoteLine[] = details.rows.map((r) => ({
          rowId: r.id,
          rowNo: r.rowNo,
          name: (r.values.name ?? '').trim(),
          version: (r.values.version ?? '').trim(),
          points: r.points,
          priced: r.priced,
          gets: r.gets,
          check: r.check?.result ?? 'passed',
          chars: r.check?.mainFunctions.chars ?? 0,
          included: r.state !== 'excluded',
          note: r.state === 'excluded' ? '未下单' : '',
          charge: ZERO,
        }));
        const points = ordered.reduce((s, r) => s + r.points, 0);
        const quote: BatchQuote = { rows: ordered.length, points, freeTimesUsed: details.charge?.freeTimes ?? 0, pointsNeeded: (details.charge?.giftedPoints ?? 0) + (details.charge?.rechargePoints ?? 0), charge: details.charge ?? ZERO, balances: await readBalances(db, userId), enough: true, shortfall: 0, invalidRows: [], unacknowledged: [], unconfirmed: [], excludedRows: details.rows.filter((r) => r.state === 'excluded').map((r) => r.rowNo), lines };
        return { ordered: true, quote, batch: details };
      }
      const known = new Set(checked.map((c) => c.row.id));
      for (const id of [...req.exclude, ...req.confirmFailed]) if (!known.has(id)) throw notFound('批量订单中没有这一行，请刷新页面后重试');
      const balances = await readBalances(db, userId);
      const quote = quoteOf(checked, { freeTimes: balances.freeTimes, giftedPoints: balances.giftedPoints, rechargePoints: balances.rechargePoints }, req);
      if (!req.confirm) return { ordered: false, quote, batch: details };
      if (checked.length === 0) throw badRequest('批量订单中没有软件');
      if (checked.length > BATCH_MAX_ROWS) throw badRequest(`每个批量订单最多 ${BATCH_MAX_ROWS} 行`);
      if (quote.invalidRows.length) throw badRequest(`还有 ${quote.invalidRows.length} 行有错误（第 ${rowList(quote.invalidRows)} 行），请修改、删除，或选择这些行不下单`);
      const noOf = (ids: number[]) => checked.filter((c) => ids.includes(c.row.id)).map((c) => c.row.row_no);
      if (quote.unconfirmed.length) {
        throw badRequest(`第 ${rowList(noOf(quote.unconfirmed))} 行检查未通过，请补充资料后再下单，或逐行确认仍要下单，或选择这些行不下单；本次未扣费`);
      }
      if (quote.unacknowledged.length) throw badRequest(`第 ${rowList(noOf(quote.unacknowledged))} 行有“需注意”事项，请逐条阅读并确认后再下单`);
      if (quote.rows === 0) throw badRequest('没有要下单的软件：所有行都选择了不下单');
      if (!quote.enough) throw insufficientBatch(quote);

      // Reads every creation needs, before the transaction (SQLite has one connection: no reads beside `trx`).
      const included = new Set(quote.lines.filter((l) => l.included).map((l) => l.rowId));
      const work: { c: CheckedDraftRow; input: ParsedProjectInput; prepared: PreparedInput }[] = [];
      for (const c of checked) {
        if (!included.has(c.row.id)) continue;
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
          for (const c of checked) if (!included.has(c.row.id)) await repo.updateRow(c.row.id, { excluded: 1, points: 0, updated_at: now }, trx);
          await repo.update(req.id, { charge_json: JSON.stringify(total) }, trx);
        });
      } catch (e) {
        // Another request spent the balance between the quote and the charge: the whole order rolled back.
        if (e instanceof AppError && e.code === ApiCode.InsufficientBalance) {
          const b = await readBalances(db, userId);
          throw insufficientBatch(quoteOf(checked, { freeTimes: b.freeTimes, giftedPoints: b.giftedPoints, rechargePoints: b.rechargePoints }, req));
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
      // A draft's rows are checked as its details check them (a stored cell error is not all: the form rules and
      // someone else's code make a row invalid too), so the list and the details count the same.
      for (const b of rows.filter((x) => x.status === 'draft')) counts.set(b.id, (await checkDraftRows(userId, await repo.rows(b.id))).map((c) => (c.errors.length ? 'invalid' : 'ready')));
      for (const r of await repo.stateCounts(rows.filter((b) => b.status !== 'draft').map((b) => b.id))) {
        const s: BatchRowState = r.excluded ? 'excluded' : r.project_id === null || !r.status ? 'failed' : r.status === 'draft' ? 'queued' : r.status;
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
