import { LIST_SEPARATOR_RE, type AiInformation, type BatchRow, type BatchRowValues } from '@mazhu/contracts';

/** A row of the browser's table: the server's row id once saved, the cells, and the attached code. */
export interface EditorRow {
  /** React key (stable while editing). */
  key: string;
  id?: number;
  rowNo?: number;
  values: BatchRowValues;
  uploadId: number | null;
  code?: { fileName: string; sourceLines: number } | null;
  /** Edited since the last save (its server errors no longer apply). */
  changed?: boolean;
}

let seq = 0;
export const newKey = () => `r${Date.now().toString(36)}${(seq++).toString(36)}`;

export const splitCell = (v: string | undefined): string[] =>
  (v ?? '')
    .split(LIST_SEPARATOR_RE)
    .map((x) => x.trim())
    .filter(Boolean);

export const fromServer = (r: BatchRow): EditorRow => ({
  key: `s${r.id}`,
  id: r.id,
  rowNo: r.rowNo,
  values: r.values,
  uploadId: r.code?.uploadId ?? null,
  code: r.code ? { fileName: r.code.fileName, sourceLines: r.code.sourceLines } : null,
});

/** A copy of a row as a new row (no id: it is added when saved; the code archive is not copied). */
export const copyOf = (r: EditorRow): EditorRow => ({ key: newKey(), values: { ...r.values }, uploadId: null, code: null, changed: true });

/** The AI writer's texts put into the cells the user left empty (never over what was typed). */
export function fillFromAi(values: BatchRowValues, info: AiInformation): BatchRowValues {
  const v: Record<string, string | undefined> = { ...values };
  const put = (k: keyof BatchRowValues, text: string | undefined) => {
    if (text && !(v[k] ?? '').trim()) v[k] = text;
  };
  put('purpose', info.purpose);
  put('domain', info.domain);
  put('mainFunctions', info.mainFunctions);
  put('techFeatures', info.techFeatures);
  put('techTags', info.techTags.join('、'));
  put('devHardware', info.devHardware);
  put('runHardware', info.runHardware);
  put('devOs', info.devOs);
  put('devTools', info.devTools);
  put('runPlatform', info.runPlatform);
  put('runSupport', info.runSupport);
  put('languages', info.languages);
  put('description', info.description);
  return v as BatchRowValues;
}
