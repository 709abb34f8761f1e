import {
  BATCH_COLUMNS,
  LIST_SEPARATOR_RE,
  PROJECT_LIMITS,
  RIGHTS_ITEMS,
  ZProjectInput,
  batchColumn,
  type BatchCellError,
  type BatchColumnKey,
  type BatchRowValues,
  type ProjectInput,
} from '@mazhu/contracts';
import type { z } from 'zod';

export type ParsedProjectInput = z.output<typeof ZProjectInput>;

/**
 * Resolves what a 著作权人 cell names (a registered owner's name or 证件号码): `{id}` when found, `{error}` with a
 * Chinese reason (e.g. two owners share the name), `{}` when no registry is available (the name is kept as text);
 * a token missing from the map is unknown.
 */
export type OwnerResolver = (tokens: string[]) => Promise<Map<string, { id?: number; error?: string }>>;

const label = (key: BatchColumnKey): string => batchColumn(key)?.label ?? key;
const cell = (v: BatchRowValues, key: BatchColumnKey): string => (v[key] ?? '').trim();
export const splitList = (s: string): string[] =>
  s
    .split(LIST_SEPARATOR_RE)
    .map((x) => x.trim())
    .filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as YYYY-MM-DD, from the forms people type: 2025-06-30, 2025/6/30, 2025.6.30, 2025年6月30日,
 * 20250630, or an Excel serial day number (45838 = 2025-06-30). Undefined when it is not a real calendar date.
 */
export function normalizeDate(raw: string): string | undefined {
  const s = raw.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{5})(?:\.0+)?$/.exec(s))) {
    // Excel's 1900 date system: day 25569 is 1970-01-01.
    const t = new Date((Number(match[1]) - 25569) * 86_400_000);
    [y, m, d] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  } else return undefined;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d || y < 1970) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10); // China time

/** Maps a zod issue path of ZProjectInput to the template column it came from. */
function columnOfPath(path: readonly PropertyKey[]): BatchColumnKey | undefined {
  const [a, b] = path.map(String);
  if (a === 'form') {
    if (b === 'rightsAcquisition' || b === 'acquisitionWay') return 'rights';
    if (b === 'ownerIds') return 'owners';
    return BATCH_COLUMNS.find((c) => c.key === b)?.key;
  }
  return BATCH_COLUMNS.find((c) => c.key === a)?.key;
}

export interface CheckedRow {
  errors: BatchCellError[];
  /** The project to create (only when there are no errors). */
  input?: ParsedProjectInput;
}

/**
 * Checks one row the way a single project is checked: the cells become a `ProjectInput` and go through the same
 * contract schema (`ZProjectInput`), whose Chinese messages are reported per column; then the rules a batch
 * must meet before it is charged (required cells, dates, 已发表/修改/部分 dependencies, 主要功能 length,
 * owners found in the registry). Errors name the column by its header, e.g. {column:'开发完成日期', message}.
 */
export async function checkRow(values: BatchRowValues, resolveOwners: OwnerResolver): Promise<CheckedRow> {
  const errors: BatchCellError[] = [];
  const err = (key: BatchColumnKey, message: string) => {
    if (!errors.some((e) => e.column === label(key) && e.message === message)) errors.push({ column: label(key), message });
  };
  for (const c of BATCH_COLUMNS) {
    const v = cell(values, c.key);
    if ('required' in c && c.required && !v) err(c.key, `请填写${c.label}`);
    if ('options' in c && c.kind === 'enum' && v && !(c.options as readonly string[]).includes(v)) err(c.key, `只能填写 ${c.options.join('、')} 之一`);
  }

  const dateOf = (key: 'completionDate' | 'publishDate') => {
    const v = cell(values, key);
    if (!v) return undefined;
    const d = normalizeDate(v);
    if (!d) err(key, `「${v}」不是有效日期，请写成 YYYY-MM-DD，例如 2025-06-30`);
    else if (d > today()) err(key, `${label(key)}不能晚于今天`);
    return d;
  };
  const completionDate = dateOf('completionDate');
  const publishDate = dateOf('publishDate');
  const published = cell(values, 'publishStatus') === '已发表';
  if (published) {
    if (!cell(values, 'publishDate')) err('publishDate', '已发表的软件请填写首次发表日期');
    if (!cell(values, 'publishCountry')) err('publishCountry', '已发表的软件请填写首次发表国家');
    if (!cell(values, 'publishCity')) err('publishCity', '已发表的软件请填写首次发表城市');
    if (completionDate && publishDate && publishDate < completionDate) err('publishDate', '首次发表日期不能早于开发完成日期');
  }
  if (cell(values, 'nature') === '修改' && !cell(values, 'originalRegistrationNo')) err('originalRegistrationNo', '软件说明为“修改”时请填写原登记号');

  const rights = cell(values, 'rights');
  const way = /（(受让|承受|继承)）/.exec(rights)?.[1];
  const scope = cell(values, 'rightsScope') || '全部';
  const items = splitList(cell(values, 'rightsItems')).map((x) => (x.endsWith('权') || x === '其他' ? x : `${x}权`));
  for (const it of items) if (!(RIGHTS_ITEMS as readonly string[]).includes(it)) err('rightsItems', `「${it}」不是有效的权利项（可选：${RIGHTS_ITEMS.join('、')}）`);
  if (scope === '部分' && items.length === 0) err('rightsItems', '权利范围为“部分”时请列出拥有的权利项');

  const mainFunctions = cell(values, 'mainFunctions');
  if (mainFunctions && [...mainFunctions].length < PROJECT_LIMITS.mainFunctionsMin) {
    err('mainFunctions', `须为 ${PROJECT_LIMITS.mainFunctionsMin}–${PROJECT_LIMITS.mainFunctionsMax} 个字（现有 ${[...mainFunctions].length} 字）；留空则由 AI 撰写`);
  }

  const ownerTokens = splitList(cell(values, 'owners'));
  const ownerIds: number[] = [];
  if (ownerTokens.length) {
    const found = await resolveOwners(ownerTokens);
    for (const t of ownerTokens) {
      const r = found.get(t);
      if (!r) err('owners', `「${t}」不在您的著作权人列表中，请先在“知识产权人”页面登记，或填写已登记的名称或证件号码`);
      else if (r.error) err('owners', r.error);
      else if (r.id !== undefined && !ownerIds.includes(r.id)) ownerIds.push(r.id);
    }
  }

  const opt = (key: BatchColumnKey) => cell(values, key) || undefined;
  const enumOpt = (key: BatchColumnKey) => {
    const c = batchColumn(key);
    const v = cell(values, key);
    return v && c?.options?.includes(v) ? v : undefined;
  };
  const input: ProjectInput = {
    name: cell(values, 'name'),
    shortName: opt('shortName'),
    version: opt('version'),
    category: enumOpt('category') as ProjectInput['category'],
    platform: opt('platform'),
    description: opt('description'),
    form: {
      nature: enumOpt('nature') as never,
      originalRegistrationNo: opt('originalRegistrationNo'),
      completionDate: completionDate,
      developmentMode: enumOpt('developmentMode') as never,
      publishStatus: enumOpt('publishStatus') as never,
      publishDate: published ? publishDate : undefined,
      publishCountry: published ? opt('publishCountry') : undefined,
      publishCity: published ? opt('publishCity') : undefined,
      rightsAcquisition: rights ? ((rights.startsWith('继受取得') ? '继受取得' : '原始取得') as never) : undefined,
      acquisitionWay: way as never,
      rightsScope: (scope === '部分' ? '部分' : '全部') as never,
      rightsItems: scope === '部分' ? (items.filter((x) => (RIGHTS_ITEMS as readonly string[]).includes(x)) as never) : undefined,
      devHardware: opt('devHardware'),
      runHardware: opt('runHardware'),
      devOs: opt('devOs'),
      devTools: opt('devTools'),
      runPlatform: opt('runPlatform'),
      runSupport: opt('runSupport'),
      languages: cell(values, 'languages') ? splitList(cell(values, 'languages')) : undefined,
      purpose: opt('purpose'),
      domain: opt('domain'),
      mainFunctions: mainFunctions || undefined,
      techTags: cell(values, 'techTags') ? (splitList(cell(values, 'techTags')) as never) : undefined,
      techFeatures: opt('techFeatures'),
      ownerIds: ownerIds.length ? ownerIds : undefined,
    },
  };
  const parsed = ZProjectInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = columnOfPath(issue.path);
      // An enum already reported above, or an empty required cell, is not repeated.
      if (key && errors.some((e) => e.column === label(key))) continue;
      if (key) err(key, issue.message);
      else errors.push({ column: '', message: issue.message });
    }
  }
  return errors.length || !parsed.success ? { errors } : { errors, input: parsed.data };
}
