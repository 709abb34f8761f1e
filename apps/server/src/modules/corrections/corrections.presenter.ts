import {
  CORRECTION_STATE_LABELS,
  correctionState,
  deadlineInfo,
  ZApplicationForm,
  ZCharge,
  ZCodeSelection,
  ZCorrectionDiff,
  ZParsedNotice,
  type ApplicationForm,
  type Charge,
  type CodeSelection,
  type CorrectionDiff,
  type DocumentKind,
  type CorrectionListItem,
  type MaterialFile,
  type MaterialGroup,
  type NoticeItem,
  type ParsedNotice,
} from '@mazhu/contracts';
import type { Selectable } from 'kysely';
import type { CorrectionsTable } from '../../db/schema';

export type CorrectionRow = Selectable<CorrectionsTable>;

/** What the correction answers: the project as it was filed (`filed_json`). */
export interface FiledSnapshot {
  name: string;
  version: string;
  form: ApplicationForm;
  modules: { name: string; description: string; operations: string[] }[];
  files: MaterialFile[];
  downloadName: string;
  /** The filed program's upload and the SHA-1 of its printed files (absent in snapshots taken before they were kept). */
  uploadId?: number | null;
  codeFiles?: string[];
  /**
   * The upload's file selection and what it printed when the correction was created: counts, and the printed paths
   * when the upload's file list was kept (absent in older snapshots).
   */
  code?: { selection: CodeSelection; files: number; sourceLines: number; printed?: string[] };
  /** The manual's figures when the correction was created: a screen whose image key differs was replaced since. */
  screens?: { id: number; blobKey: string; source: string }[];
}

/** The document of a package from its file names (…_操作手册.pdf, …_设计说明书.pdf, …_使用说明.pdf). */
export function documentKindOf(files: Pick<MaterialFile, 'name'>[]): DocumentKind {
  for (const f of files) {
    const m = /(操作手册|设计说明书|使用说明)\.pdf$/.exec(f.name);
    if (m) return m[1] as DocumentKind;
  }
  return '操作手册';
}

/** An upload's stored selection ({} when none or unreadable). */
export function readSelection(json: string | null | undefined): CodeSelection {
  try {
    const r = ZCodeSelection.safeParse(JSON.parse(json || '{}'));
    return r.success ? r.data : { include: [], exclude: [] };
  } catch {
    return { include: [], exclude: [] };
  }
}

/** The last generated answer package (`result_json`). */
export interface StoredResult {
  jobId: number;
  blobKey: string;
  downloadName: string;
  size: number;
  files: MaterialFile[];
  diff: CorrectionDiff;
}

const parse = (text: string | null): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export const readNotice = (row: Pick<CorrectionRow, 'items_json'>): ParsedNotice => {
  const r = ZParsedNotice.safeParse(parse(row.items_json));
  return r.success ? r.data : { preamble: '', items: [], closing: '', dates: [], recognised: 0, unrecognised: 0 };
};

export function readFiled(row: Pick<CorrectionRow, 'filed_json'>): FiledSnapshot {
  const v = (parse(row.filed_json) ?? {}) as Partial<FiledSnapshot>;
  const form = ZApplicationForm.safeParse(v.form ?? {});
  return {
    name: v.name ?? '',
    version: v.version ?? '',
    form: form.success ? form.data : ZApplicationForm.parse({}),
    modules: v.modules ?? [],
    files: v.files ?? [],
    downloadName: v.downloadName ?? '',
    ...(v.uploadId !== undefined ? { uploadId: v.uploadId } : {}),
    ...(Array.isArray(v.codeFiles) ? { codeFiles: v.codeFiles.filter((h): h is string => typeof h === 'string') } : {}),
    ...(v.code && typeof v.code === 'object'
      ? {
          code: {
            selection: readSelection(JSON.stringify(v.code.selection ?? {})),
            files: Number(v.code.files) || 0,
            sourceLines: Number(v.code.sourceLines) || 0,
            ...(Array.isArray(v.code.printed) ? { printed: v.code.printed.filter((x): x is string => typeof x === 'string') } : {}),
          },
        }
      : {}),
    ...(Array.isArray(v.screens) ? { screens: v.screens.filter((x) => x && typeof x.id === 'number' && typeof x.blobKey === 'string') } : {}),
  };
}

export function readResult(row: Pick<CorrectionRow, 'result_json'>): StoredResult | undefined {
  const v = parse(row.result_json) as StoredResult | undefined;
  if (!v || typeof v.blobKey !== 'string') return undefined;
  const diff = ZCorrectionDiff.safeParse(v.diff);
  return { ...v, diff: diff.success ? diff.data : { files: [], fields: [] } };
}

export function readCharge(row: Pick<CorrectionRow, 'charge_json'>): Charge | null {
  const r = ZCharge.safeParse(parse(row.charge_json));
  return r.success ? r.data : null;
}

/** An item is handled when every fix is applied (recognised) or the user ticked it off with a note (unrecognised). */
export const itemHandled = (i: NoticeItem): boolean => (i.recognised ? i.fixes.every((f) => f.state === 'applied') : Boolean(i.handled));

/** Materials the applied fixes regenerate. */
export function touchedGroups(items: NoticeItem[]): MaterialGroup[] {
  const set = new Set<MaterialGroup>();
  for (const i of items) for (const f of i.fixes) if (f.state === 'applied') for (const g of f.touches) set.add(g);
  return (['source', 'manual', 'form'] as const).filter((g) => set.has(g));
}

export function presentListItem(row: CorrectionRow, currentName: string, today?: string): CorrectionListItem {
  const notice = readNotice(row);
  const filed = readFiled(row);
  const d = deadlineInfo(row.deadline, today);
  const state = correctionState(row.status, row.deadline, today, row.submitted_at !== null);
  return {
    id: row.id,
    projectId: row.project_id,
    name: filed.name,
    version: filed.version,
    currentName,
    noticeDate: row.notice_date,
    deadline: row.deadline,
    daysLeft: d.daysLeft,
    deadlineLevel: d.level,
    deadlineText: d.text,
    status: row.status,
    state,
    stateLabel: CORRECTION_STATE_LABELS[state],
    progress: row.progress,
    message: row.message,
    items: notice.items.length,
    recognised: notice.recognised,
    handled: notice.items.filter(itemHandled).length,
    downloadable: Boolean(readResult(row)),
    createdAt: row.created_at,
    generatedAt: row.generated_at,
    submittedAt: row.submitted_at,
    revision: row.revision,
  };
}
