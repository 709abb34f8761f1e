import {
  CORRECTION_STATE_LABELS,
  correctionState,
  deadlineInfo,
  ZApplicationForm,
  ZCharge,
  ZCorrectionDiff,
  ZParsedNotice,
  type ApplicationForm,
  type Charge,
  type CorrectionDiff,
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
  const state = correctionState(row.status, row.deadline, today);
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
  };
}
