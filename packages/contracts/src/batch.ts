import * as z from 'zod';
import { ZPage, ZPageQuery } from './envelope';
import {
  DEVELOPMENT_MODES,
  PROJECT_LIMITS,
  PUBLISH_STATUSES,
  RIGHTS_ITEMS,
  SOFTWARE_CATEGORIES,
  SOFTWARE_NATURES,
  TECH_TAGS,
  ZReportItem,
} from './projects';
import { ZCharge } from './points';
import { plainNumber } from './validation';
import { ZTextOrigin } from './origins';

/**
 * Batch orders (批量下单): many software at once, from the Excel template or the browser's editable table.
 * Each row is checked with the single project's schemas (`ZProjectInput`, projects.ts); ordering charges the
 * whole batch in one transaction and creates one project + one generation job per row.
 *
 * Calls (all need sign-in; another user's batch answers 404 「批量订单不存在或无权访问」):
 *   GET  /api/softwareInformationTemplate                      → the .xlsx template (binary; errors are envelopes)
 *   POST /api/softwareInformationExcel  multipart: file (.xlsx) → BatchDetails (a new draft batch; nothing charged)
 *   POST /api/getSoftwareInformation    { id }                  → BatchDetails (rows with state, errors, warnings)
 *   POST /api/saveSoftwareInformation   ZSaveBatchRequest       → BatchDetails (create or edit a draft from the browser)
 *   POST /api/getProjectBatchOrder      ZBatchOrderRequest      → BatchOrderResult (quote, or charge + start)
 *   POST /api/getProjectBatchList       ZBatchListQuery         → Page<BatchListItem>
 *   GET  /api/getProjectBatchDownload?id=                       → one zip, a folder per software (binary)
 *   GET  /api/delProjectBatch?id=                               → null (draft batches only)
 * A refused order for lack of balance answers 460 with `InsufficientBalance` (points.ts) and the shortfall.
 */

/** At most this many rows per file or per batch. */
export const BATCH_MAX_ROWS = 500;
/** Largest .xlsx accepted, bytes. */
export const BATCH_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Rows whose 软件全称 starts with this are the template's example and are skipped at import. */
export const BATCH_EXAMPLE_MARK = '【示例】';
/** Name of the template's data sheet (the importer prefers it; any sheet with the header row works). */
export const BATCH_SHEET_NAME = '软件信息';
/** Separators accepted inside a cell listing several values (著作权人, 编程语言, 权利项, 技术特点标签). */
export const LIST_SEPARATOR_RE = /[、,，;；\n]+/;

/** 权利取得方式 as one choice (原始取得, or 继受取得 with its way). */
export const BATCH_RIGHTS_CHOICES = ['原始取得', '继受取得（受让）', '继受取得（承受）', '继受取得（继承）'] as const;

/** Kind of a template column: free text, a date, one value of a list, or several values of a list. */
export type BatchColumnKind = 'text' | 'longtext' | 'date' | 'enum' | 'multi';

export interface BatchColumn {
  /** Key in `BatchRowValues`. */
  key: string;
  /** Header text in the template and the table (the R11 form's words). */
  label: string;
  required?: boolean;
  kind: BatchColumnKind;
  /** Allowed values of enum/multi columns (the template's drop-down list). */
  options?: readonly string[];
  /** Longest text, characters. */
  max?: number;
  /** One line of guidance for the instructions sheet. */
  note: string;
  /** The template's filled example. */
  example: string;
  /** Column width in the template (characters). */
  width: number;
}

/**
 * The columns of the template and of the browser's table, in the order of the R11 online form
 * (shared/spec/cpcc-materials.md). 源程序量 is not a column: it is counted from the attached code, never typed.
 */
export const BATCH_COLUMNS = [
  { key: 'name', label: '软件全称', required: true, kind: 'text', max: PROJECT_LIMITS.nameMax, width: 26, note: '须以“软件”“系统”或“平台”结尾；同一批中不要重复', example: '智慧仓储管理系统' },
  { key: 'shortName', label: '软件简称', kind: 'text', max: PROJECT_LIMITS.shortNameMax, width: 12, note: '可不填', example: '智慧仓储' },
  { key: 'version', label: '版本号', required: true, kind: 'text', max: 20, width: 9, note: 'V数字 或 数字，例如 V1.0；不能含 Beta 或中文', example: 'V1.0' },
  { key: 'category', label: '软件分类', kind: 'enum', options: SOFTWARE_CATEGORIES, width: 11, note: '不填为 应用软件', example: '应用软件' },
  { key: 'nature', label: '软件说明', kind: 'enum', options: SOFTWARE_NATURES, width: 9, note: '原创 或 修改（修改须填写原登记号）；不填为 原创', example: '原创' },
  { key: 'originalRegistrationNo', label: '原登记号', kind: 'text', max: 50, width: 12, note: '仅“修改”时填写', example: '' },
  { key: 'completionDate', label: '开发完成日期', required: true, kind: 'date', width: 13, note: 'YYYY-MM-DD，或 Excel 日期；不能晚于今天', example: '2025-06-30' },
  { key: 'developmentMode', label: '开发方式', kind: 'enum', options: DEVELOPMENT_MODES, width: 11, note: '不填为 单独开发；合作/委托/下达任务开发须另备合同或任务书', example: '单独开发' },
  { key: 'publishStatus', label: '发表状态', kind: 'enum', options: PUBLISH_STATUSES, width: 9, note: '不填为 未发表；已发表须填写首次发表日期、国家、城市', example: '已发表' },
  { key: 'publishDate', label: '首次发表日期', kind: 'date', width: 13, note: '已发表时填写，不早于开发完成日期', example: '2025-07-15' },
  { key: 'publishCountry', label: '首次发表国家', kind: 'text', max: 30, width: 11, note: '已发表时填写', example: '中国' },
  { key: 'publishCity', label: '首次发表城市', kind: 'text', max: 30, width: 11, note: '已发表时填写', example: '杭州' },
  { key: 'owners', label: '著作权人', required: true, kind: 'text', max: 400, width: 22, note: '填写“著作权人”页中已登记的名称或证件号码，多个用“、”分隔', example: '杭州示例科技有限公司' },
  { key: 'rights', label: '权利取得方式', kind: 'enum', options: BATCH_RIGHTS_CHOICES, width: 14, note: '不填为 原始取得；继受取得须另备转让合同或证明', example: '原始取得' },
  { key: 'rightsScope', label: '权利范围', kind: 'enum', options: ['全部', '部分'], width: 9, note: '不填为 全部', example: '全部' },
  { key: 'rightsItems', label: '部分权利项', kind: 'multi', options: RIGHTS_ITEMS, width: 16, note: '权利范围为“部分”时填写，多个用“、”分隔', example: '' },
  { key: 'devHardware', label: '开发的硬件环境', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 18, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草（规则草稿，不是 AI）`, example: 'Intel Core i5 处理器，16GB 内存，512GB 硬盘' },
  { key: 'runHardware', label: '运行的硬件环境', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 18, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草`, example: '2 核 CPU，4GB 内存的服务器' },
  { key: 'devOs', label: '开发该软件的操作系统', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 16, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草`, example: 'Windows 11' },
  { key: 'devTools', label: '软件开发环境/开发工具', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 18, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草`, example: 'Visual Studio Code、Node.js 20' },
  { key: 'runPlatform', label: '该软件的运行平台/操作系统', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 18, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草`, example: 'Linux（CentOS 7 及以上）' },
  { key: 'runSupport', label: '软件运行支撑环境/支持软件', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 18, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草`, example: 'MySQL 8.0、Nginx' },
  { key: 'languages', label: '编程语言', kind: 'text', max: PROJECT_LIMITS.languagesMax, width: 16, note: `列出使用的全部语言，用“、”分隔，合计不超过 ${PROJECT_LIMITS.languagesMax} 字；上传代码后以代码分析为准`, example: 'TypeScript、HTML、CSS' },
  { key: 'purpose', label: '开发目的', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 20, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字，不能只写软件名称；留空由系统按规则起草`, example: '帮助中小仓储企业管理出入库与库存盘点' },
  { key: 'domain', label: '面向领域/行业', kind: 'text', max: PROJECT_LIMITS.environmentMax, width: 14, note: `不超过 ${PROJECT_LIMITS.environmentMax} 字；留空由系统按规则起草`, example: '仓储物流' },
  {
    key: 'mainFunctions',
    label: '软件的主要功能',
    kind: 'longtext',
    max: PROJECT_LIMITS.mainFunctionsMax,
    width: 40,
    note: `${PROJECT_LIMITS.mainFunctionsMin}–${PROJECT_LIMITS.mainFunctionsMax} 字（2026 年新版申请表）；留空由系统按规则起草（规则草稿，不是 AI）`,
    example: '',
  },
  { key: 'techTags', label: '技术特点标签', kind: 'multi', options: TECH_TAGS, width: 14, note: `最多 ${PROJECT_LIMITS.techTagsMax} 个，多个用“、”分隔`, example: '大数据、物联网' },
  { key: 'techFeatures', label: '技术特点说明', kind: 'text', max: PROJECT_LIMITS.techFeaturesMax, width: 24, note: `不超过 ${PROJECT_LIMITS.techFeaturesMax} 字；留空由系统按规则起草`, example: '' },
  { key: 'platform', label: '平台类型', kind: 'text', max: PROJECT_LIMITS.platformMax, width: 12, note: '例如 Web、微信小程序、Android、iOS、Windows', example: 'Web' },
  { key: 'description', label: '软件描述', kind: 'longtext', max: PROJECT_LIMITS.descriptionMax, width: 30, note: '用自己的话介绍软件（供 AI 撰写参考），可不填', example: '面向中小仓储企业的出入库、库位与盘点管理软件。' },
] as const satisfies readonly BatchColumn[];

export type BatchColumnKey = (typeof BATCH_COLUMNS)[number]['key'];
export const BATCH_COLUMN_KEYS = BATCH_COLUMNS.map((c) => c.key) as BatchColumnKey[];
export const batchColumn = (key: string): BatchColumn | undefined => (BATCH_COLUMNS as readonly BatchColumn[]).find((c) => c.key === key);

/** One row as typed: every column as text (what a spreadsheet cell shows). Unknown keys are dropped. */
export const ZBatchRowValues = z.object(
  Object.fromEntries(BATCH_COLUMNS.map((c) => [c.key, z.string().max(4000, `「${c.label}」内容过长`).optional()])) as Record<BatchColumnKey, z.ZodOptional<z.ZodString>>,
);
export type BatchRowValues = z.infer<typeof ZBatchRowValues>;

/** A problem of one cell: 第 N 行「列名」：message. `column` is the header label ('' for the whole row). */
export const ZBatchCellError = z.object({ column: z.string(), message: z.string() });
export type BatchCellError = z.infer<typeof ZBatchCellError>;
export const formatCellError = (rowNo: number, e: BatchCellError): string => (e.column ? `第 ${rowNo} 行「${e.column}」：${e.message}` : `第 ${rowNo} 行：${e.message}`);

/**
 * 需注意 (a warning the user must acknowledge before ordering): a near-duplicate of another row of the batch or
 * of one of the user's earlier projects. CPCC refuses 非正常申请 — the same software filed again under another
 * name or version, or bulk filings without real development (notice of 2026).
 */
export const BatchWarningCode = {
  SameName: 'SAME_NAME',
  SimilarName: 'SIMILAR_NAME',
  SimilarFunctions: 'SIMILAR_FUNCTIONS',
  SameArchive: 'SAME_ARCHIVE',
  SamePages: 'SAME_PAGES',
} as const;
export type BatchWarningCode = (typeof BatchWarningCode)[keyof typeof BatchWarningCode];
export const ZBatchWarning = z.object({
  code: z.enum(['SAME_NAME', 'SIMILAR_NAME', 'SIMILAR_FUNCTIONS', 'SAME_ARCHIVE', 'SAME_PAGES']),
  message: z.string(),
  /** Why CPCC refuses it. */
  reason: z.string(),
  /** The other row (its row number in this batch) or the earlier project it resembles. */
  other: z.object({ rowNo: z.number().int().optional(), projectId: z.number().int().optional(), name: z.string() }),
  /** 0–1 where a similarity was measured. */
  similarity: z.number().optional(),
});
export type BatchWarning = z.infer<typeof ZBatchWarning>;

/**
 * Thresholds of the similarity checks, stated once:
 * - names: the same after dropping spaces, punctuation, the version and the ending 软件/系统/平台 → SAME_NAME;
 *   otherwise a character-bigram Dice similarity ≥ 0.8 → SIMILAR_NAME;
 * - 主要功能: Jaccard similarity of 3-character shingles (punctuation and spaces removed) ≥ 0.5 → SIMILAR_FUNCTIONS;
 * - code: the same archive bytes (SHA-256) → SAME_ARCHIVE; different archives whose code files are ≥ 50 % the
 *   same (by content) → SAME_PAGES (the printed source-code pages would repeat).
 */
export const SIMILARITY = { name: 0.8, functions: 0.5, shingle: 3, codeFiles: 0.5 } as const;

/**
 * State of a row: before ordering `invalid` (has errors) or `ready`; after ordering its project's status, or
 * `excluded` when the user left it out of the order (no project, nothing charged).
 */
export const ZBatchRowState = z.enum(['invalid', 'ready', 'queued', 'generating', 'succeeded', 'failed', 'excluded']);
export type BatchRowState = z.infer<typeof ZBatchRowState>;
export const BATCH_ROW_STATE_LABELS: Record<BatchRowState, string> = {
  invalid: '有错误',
  ready: '待下单',
  queued: '排队中',
  generating: '生成中',
  succeeded: '已完成',
  failed: '生成失败',
  excluded: '未下单',
};

/**
 * A row's check, before ordering and after generation, in three levels shown as they are: 未通过 (`failed`),
 * 需注意 (`warning`, never shown as passed), 通过 (`passed`). Before ordering it covers the cells, 软件的主要功能
 * against the form's 500–1300 characters (the row's text, or the built-in writer's text estimated from the row's
 * facts when the cell is empty — never padded), the near-duplicates and a missing source-code archive; after
 * generation it is the materials' check report.
 */
export const ZBatchRowCheck = z.object({
  result: z.enum(['failed', 'warning', 'passed']),
  mainFunctions: z.object({
    chars: z.number().int(),
    min: z.number().int(),
    max: z.number().int(),
    /** `user`: typed in the row; `writer`: the cell is empty and the writer's text is estimated from the row. */
    written: z.enum(['user', 'writer']),
  }),
  items: z.array(z.object({ level: z.enum(['error', 'warning']), message: z.string() })),
});
export type BatchRowCheck = z.infer<typeof ZBatchRowCheck>;
export const BATCH_CHECK_LABELS: Record<BatchRowCheck['result'], string> = { failed: '未通过', warning: '需注意', passed: '通过' };

/** The attached code archive of a row (an upload of POST /api/uploadCodeProject). */
export const ZBatchRowCode = z.object({ uploadId: z.number().int(), fileName: z.string(), sourceLines: z.number().int(), languages: z.array(z.string()) });

export const ZBatchRow = z.object({
  /** Stable id of the row (kept across edits; corrections refer to it). */
  id: z.number().int(),
  /** Row number in the workbook (or position in the browser's table), as shown in messages. */
  rowNo: z.number().int(),
  values: ZBatchRowValues,
  state: ZBatchRowState,
  errors: z.array(ZBatchCellError),
  warnings: z.array(ZBatchWarning),
  code: ZBatchRowCode.nullable(),
  /** The project created for this row when the batch was ordered, and how it was made (code: with an archive). */
  projectId: z.number().int().nullable(),
  projectSource: z.enum(['form', 'code']).nullable(),
  progress: z.number().int(),
  message: z.string(),
  /** Points this row costs (or cost, once ordered). */
  points: z.number().int(),
  /** How the row is priced: by its code (`code`) or as a described-only project without code (`described`). */
  priced: z.enum(['code', 'described']),
  /** What the row's generation delivers (with or without the source-code document). */
  gets: z.string(),
  /** The row's check (see ZBatchRowCheck); null for an excluded or deleted row. */
  check: ZBatchRowCheck.nullable(),
  /** Its project's next generation is free: the first one after the check findings of its materials were fixed. */
  freeRegeneration: z.boolean(),
  /** After generation: counts of the check report. */
  report: z.object({ errors: z.number().int(), warnings: z.number().int(), items: z.array(ZReportItem) }).nullable(),
  downloadable: z.boolean(),
  /**
   * Origin of each filled text cell (key: the column key; BATCH_TEXT_ORIGIN_COLUMNS): `user` when typed or imported,
   * `ai` / `draft` when the server recognises it as (an edit of) what a writer returned to this user. Empty cells
   * have none (the rule-based writer fills them when the batch is ordered, labelled 规则草稿 in the project).
   */
  origins: z.record(z.string(), ZTextOrigin),
});
export type BatchRow = z.infer<typeof ZBatchRow>;

/** The text cells whose origin a batch row shows (the form texts a writer can write). */
export const BATCH_TEXT_ORIGIN_COLUMNS = ['description', 'purpose', 'domain', 'mainFunctions', 'techFeatures', 'devHardware', 'runHardware', 'devOs', 'devTools', 'runPlatform', 'runSupport'] as const satisfies readonly BatchColumnKey[];

export const ZBatchStatus = z.enum(['draft', 'processing', 'completed']);
export type BatchStatus = z.infer<typeof ZBatchStatus>;
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = { draft: '待下单', processing: '生成中', completed: '已完成' };

export const ZBatchCounts = z.object({
  total: z.number().int(),
  invalid: z.number().int(),
  ready: z.number().int(),
  queued: z.number().int(),
  generating: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  excluded: z.number().int(),
});
export type BatchCounts = z.infer<typeof ZBatchCounts>;

export const ZBatchListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(['excel', 'quick']),
  status: ZBatchStatus,
  counts: ZBatchCounts,
  /** What the order was charged (null while a draft). */
  charge: ZCharge.nullable(),
  createdAt: z.string(),
  orderedAt: z.string().nullable(),
});
export type BatchListItem = z.infer<typeof ZBatchListItem>;

export const ZBatchDetails = ZBatchListItem.extend({
  rows: z.array(ZBatchRow),
  /** Problems of the file as a whole (e.g. extra sheets ignored), shown above the rows. */
  notices: z.array(z.string()),
});
export type BatchDetails = z.infer<typeof ZBatchDetails>;

export const ZBatchIdRequest = z.object({ id: plainNumber(z.number({ error: '请指定批量订单' }).int().positive('批量订单编号无效')) });
export type BatchIdRequest = z.infer<typeof ZBatchIdRequest>;

/** POST /api/saveSoftwareInformation — the rows of a draft (a new one without `id`); rows with `id` are kept, others added, missing ones removed. */
export const ZSaveBatchRequest = z.object({
  id: plainNumber(z.number().int().positive('批量订单编号无效')).optional(),
  name: z.string().trim().max(100, '批量订单名称不能超过 100 个字符').optional(),
  rows: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        values: ZBatchRowValues,
        /** Code archive (upload id of POST /api/uploadCodeProject); null removes it. */
        uploadId: z.number().int().positive().nullable().optional(),
      }),
    )
    .min(1, '请至少填写一行')
    .max(BATCH_MAX_ROWS, `每个批量订单最多 ${BATCH_MAX_ROWS} 行`),
});
export type SaveBatchRequest = z.input<typeof ZSaveBatchRequest>;

/**
 * POST /api/getProjectBatchOrder — without `confirm` it only quotes (cost, balances, rows with 需注意);
 * with `confirm: true` it charges the whole batch in one transaction and starts one job per row.
 * Every row with warnings must be listed in `acknowledged` (row ids) to order.
 */
export const ZBatchOrderRequest = z.object({
  id: plainNumber(z.number({ error: '请指定批量订单' }).int().positive('批量订单编号无效')),
  confirm: z.boolean().default(false),
  acknowledged: z.array(z.number().int().positive()).max(BATCH_MAX_ROWS).default([]),
  /** Row ids left out of the order (no project, nothing charged). Rows with errors can only be left out. */
  exclude: z.array(z.number().int().positive()).max(BATCH_MAX_ROWS).default([]),
  /** Row ids whose 未通过 check the user accepts, row by row, to order them anyway. */
  confirmFailed: z.array(z.number().int().positive()).max(BATCH_MAX_ROWS).default([]),
});
export type BatchOrderRequest = z.input<typeof ZBatchOrderRequest>;

/** One row of the quote: its price, what it gets, its check, and whether (and how) it is charged. */
export const ZBatchQuoteLine = z.object({
  rowId: z.number().int(),
  rowNo: z.number().int(),
  name: z.string(),
  version: z.string(),
  points: z.number().int(),
  priced: z.enum(['code', 'described']),
  gets: z.string(),
  /** `invalid`: the cells have errors (the row can only be left out); otherwise the row's check result. */
  check: z.enum(['invalid', 'failed', 'warning', 'passed']),
  /** Characters of 软件的主要功能 (typed, or the writer's estimate). */
  chars: z.number().int(),
  /** Charged and generated with this order. */
  included: z.boolean(),
  /** Why the row is not included, or what it still needs before ordering ('' when nothing). */
  note: z.string(),
  /** What this row takes when the order goes through (zero for rows not included, or when the balance is short). */
  charge: ZCharge,
});
export type BatchQuoteLine = z.infer<typeof ZBatchQuoteLine>;

export const ZBatchQuote = z.object({
  /** Rows charged and generated with this order (not left out, no errors). */
  rows: z.number().int(),
  /** Sum of the prices of those rows. */
  points: z.number().int(),
  /** Free times that pay for rows (one row each, in row order, while any remain). */
  freeTimesUsed: z.number().int(),
  /** Points still to pay after the free times. */
  pointsNeeded: z.number().int(),
  /**
   * What the order takes, following the charging order row by row (free times first, then gifted, then recharge);
   * all zero when the balance is short (nothing is charged then).
   */
  charge: ZCharge,
  balances: z.object({ freeTimes: z.number().int(), giftedPoints: z.number().int(), rechargePoints: z.number().int() }),
  enough: z.boolean(),
  /** Points missing: pointsNeeded − gifted − recharge when positive, else 0. */
  shortfall: z.number().int(),
  /** Rows with errors not left out (ordering is refused while any remain). */
  invalidRows: z.array(z.number().int()),
  /** Row ids with 需注意 items still to acknowledge. */
  unacknowledged: z.array(z.number().int()),
  /** Row ids whose check is 未通过, neither left out nor confirmed (ordering is refused while any remain). */
  unconfirmed: z.array(z.number().int()),
  /** Row numbers left out of the order. */
  excludedRows: z.array(z.number().int()),
  lines: z.array(ZBatchQuoteLine),
});
export type BatchQuote = z.infer<typeof ZBatchQuote>;

export const ZBatchOrderResult = z.object({ ordered: z.boolean(), quote: ZBatchQuote, batch: ZBatchDetails });
export type BatchOrderResult = z.infer<typeof ZBatchOrderResult>;

/** POST /api/getProjectBatchList — `type`: all (menu default) | draft | processing | completed. */
export const ZBatchListQuery = ZPageQuery.extend({
  type: z.enum(['all', 'draft', 'processing', 'completed'], { error: '类型只能是 all、draft、processing 或 completed' }).default('all'),
});
export type BatchListQuery = z.input<typeof ZBatchListQuery>;
export const ZBatchListPage = ZPage(ZBatchListItem);

/** Folder of one software inside the batch zip: 软件全称_版本号 (plus the row number when two rows share it). */
export const batchFolderName = (name: string, version: string): string => `${name}_${version}`;
/** The batch zip's file name. */
export const batchZipName = (id: number): string => `批量订单${id}_软著材料.zip`;
