import { type AiInformation, type TextOrigin, type TextOrigins } from '@mazhu/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { nowIso } from '../../db';
import type { Database, FunctionalModulesTable, ProjectsTable } from '../../db/schema';
import { fingerprint, isDerived, overlap, SHORT_TEXT } from './similarity';

type Tx = Kysely<Database> | Transaction<Database>;
type ModuleRow = Pick<Selectable<FunctionalModulesTable>, 'name' | 'description' | 'operations' | 'notes'>;

/** An origin as stored on the project (`origins_json`): the origin plus the hash of the text it was decided for. */
export type StoredOrigin = TextOrigin & { hash: string };

/** The form fields whose origin is kept (`form.<key>`), in the R11 order. */
const FORM_TEXT_KEYS = ['purpose', 'domain', 'mainFunctions', 'techTags', 'techFeatures', 'devHardware', 'runHardware', 'devOs', 'devTools', 'runPlatform', 'runSupport', 'languages', 'sourceLines'] as const;
/** Filled from the code analysis when code is attached. */
const CODE_KEYS = new Set(['form.languages', 'form.sourceLines']);
/** Most recent writer outputs of a user compared with a saved text. */
const OUTPUTS_COMPARED = 1000;

const parse = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};
const joinList = (v: unknown, sep: string): string => (Array.isArray(v) ? v.map(String).join(sep) : typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The texts of a project whose origin is kept, by field key, with the writer's `kind` they are compared with:
 * `description`, `form.<field>` (lists joined with 、), `modules.<i>.name|description|operations|notes` (lines joined).
 */
export function projectTexts(p: Pick<Selectable<ProjectsTable>, 'description' | 'form_json'>, modules: readonly ModuleRow[]): Map<string, { kind: string; text: string }> {
  const out = new Map<string, { kind: string; text: string }>();
  const add = (key: string, kind: string, text: string) => text.trim() && out.set(key, { kind, text: text.trim() });
  add('description', 'description', p.description);
  const form = parse<Record<string, unknown>>(p.form_json, {});
  for (const k of FORM_TEXT_KEYS) add(`form.${k}`, k, joinList(form[k], '、'));
  modules.forEach((m, i) => {
    add(`modules.${i}.name`, 'module.name', m.name);
    add(`modules.${i}.description`, 'module.description', m.description);
    add(`modules.${i}.operations`, 'module.operations', joinList(parse(m.operations, []), '\n'));
    add(`modules.${i}.notes`, 'module.notes', joinList(parse(m.notes, []), '\n'));
  });
  return out;
}

/** The texts of an AI information answer as writer outputs (`kind` as in `projectTexts`). */
export function informationOutputs(info: AiInformation): { kind: string; text: string }[] {
  return [
    { kind: 'description', text: info.description },
    ...(['purpose', 'domain', 'mainFunctions', 'techFeatures', 'devHardware', 'runHardware', 'devOs', 'devTools', 'runPlatform', 'runSupport', 'languages'] as const).map((k) => ({ kind: k, text: info[k] })),
    { kind: 'techTags', text: info.techTags.join('、') },
    ...info.modules.flatMap((m) => [
      { kind: 'module.name', text: m.name },
      { kind: 'module.description', text: m.description },
      { kind: 'module.operations', text: m.operations.join('\n') },
    ]),
  ];
}

/**
 * Keeps what a writer returned to a user: `provider` openai (a model; `model` names it) or offline (the rule-based
 * writer). Empty texts are skipped, and so is an output that repeats one of the texts the user `given` the writer;
 * of the rest only what the writer added is kept for comparison (the user's own words echoed back stay theirs).
 * Kept as long as the account exists.
 */
export async function recordOutputs(
  db: Tx,
  userId: number,
  provider: 'openai' | 'offline',
  model: string | undefined,
  texts: readonly { kind: string; text: string }[],
  given: readonly (string | undefined)[] = [],
): Promise<void> {
  const now = nowIso();
  const givenPrints = given.filter((g): g is string => Boolean(g?.trim())).map((g) => fingerprint(g));
  const echoes = new Set(givenPrints.map((g) => g.hash));
  const givenShingles = new Set(givenPrints.flatMap((g) => g.shingles));
  const rows = texts
    .map((t) => ({ t, fp: fingerprint(t.text) }))
    .filter(({ fp }) => fp.length > 0 && !echoes.has(fp.hash))
    .map(({ t, fp }) => {
      // Only what the writer added is compared with later saves: the user's own words it repeated stay theirs.
      const own = givenShingles.size ? fp.shingles.filter((x) => !givenShingles.has(x)) : fp.shingles;
      const length = own.length === fp.shingles.length ? fp.length : Math.min(fp.length, own.length + 2);
      return { user_id: userId, kind: t.kind, provider, model: model ?? '', text_hash: fp.hash, norm_length: length, shingles: JSON.stringify(own), created_at: now };
    });
  if (rows.length) await db.insertInto('ai_outputs').values(rows).execute();
}

/**
 * Recognises saved texts among the user's writer outputs: the same text (normalised), or for texts of at least
 * SHORT_TEXT characters an edit of one or one pasted into it (similarity.ts). A model's output wins over the
 * rule-based writer's. Answers the origin per key of what was recognised; the rest is not in the map.
 */
export async function recogniseTexts(db: Tx, userId: number, texts: readonly { key: string; kind: string; text: string }[]): Promise<Map<string, TextOrigin>> {
  const found = new Map<string, TextOrigin>();
  if (!texts.length) return found;
  const rows = await db
    .selectFrom('ai_outputs')
    .select(['kind', 'provider', 'model', 'text_hash', 'norm_length', 'shingles', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(OUTPUTS_COMPARED)
    .execute();
  if (!rows.length) return found;
  const sets = new Map<number, Set<number>>();
  const setOf = (i: number) => sets.get(i) ?? sets.set(i, new Set(parse<number[]>(rows[i]!.shingles, []))).get(i)!;
  for (const t of texts) {
    const fp = fingerprint(t.text);
    if (!fp.length) continue;
    let best: { i: number; exact: boolean; score: number } | undefined;
    const better = (i: number, exact: boolean, score: number) => {
      const ai = rows[i]!.provider === 'openai';
      if (!best) return true;
      const bestAi = rows[best.i]!.provider === 'openai';
      if (ai !== bestAi) return ai;
      return exact !== best.exact ? exact : score > best.score;
    };
    rows.forEach((r, i) => {
      if (r.text_hash === fp.hash) {
        if ((fp.length >= SHORT_TEXT || r.kind === t.kind) && better(i, true, 1)) best = { i, exact: true, score: 1 };
        return;
      }
      if (fp.length < SHORT_TEXT || r.norm_length < SHORT_TEXT) return;
      const o = overlap(fp.shingles, setOf(i));
      if (isDerived(o) && better(i, false, o.savedCovered)) best = { i, exact: false, score: o.savedCovered };
    });
    if (!best) continue;
    const r = rows[(best as { i: number }).i]!;
    const edited = !(best as { exact: boolean }).exact;
    found.set(
      t.key,
      r.provider === 'openai' ? { origin: 'ai', provider: 'openai', model: r.model || undefined, at: r.created_at, edited } : { origin: 'draft', at: r.created_at, edited },
    );
  }
  return found;
}

/**
 * Decides the origin of every text of a project after a write (call it in the write's transaction, after the
 * write): a text unchanged since its origin was decided keeps it; a changed or new text is recognised among the
 * user's writer outputs (ai / draft, edited or not), else it is the user's own — except 编程语言 and 源程序量 with
 * code attached, which come from the code analysis. `set` gives origins decided by the caller (the rule-based
 * fill of generation: draft). Texts removed lose their origin.
 */
export async function refreshProjectOrigins(db: Tx, projectId: number, set: Record<string, TextOrigin> = {}): Promise<void> {
  const p = await db.selectFrom('projects').select(['id', 'user_id', 'description', 'form_json', 'origins_json', 'upload_id']).where('id', '=', projectId).executeTakeFirst();
  if (!p) return;
  const modules = await db.selectFrom('functional_modules').select(['name', 'description', 'operations', 'notes']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
  const stored = parse<Record<string, StoredOrigin>>(p.origins_json, {});
  const byHash = new Map(Object.values(stored).map((o) => [o.hash, o]));
  const texts = projectTexts(p, modules);
  const next: Record<string, StoredOrigin> = {};
  const unknown: { key: string; kind: string; text: string; hash: string }[] = [];
  for (const [key, t] of texts) {
    const hash = fingerprint(t.text).hash;
    if (set[key]) next[key] = { ...set[key], hash };
    else if (stored[key]?.hash === hash) next[key] = stored[key];
    else if (CODE_KEYS.has(key) && p.upload_id) next[key] = { origin: 'code', evidence: ['上传代码的分析结果'], hash };
    else if (byHash.has(hash)) next[key] = { ...byHash.get(hash)!, hash };
    else unknown.push({ key, ...t, hash });
  }
  const recognised = await recogniseTexts(db, p.user_id, unknown);
  for (const u of unknown) next[u.key] = { ...(recognised.get(u.key) ?? { origin: 'user' }), hash: u.hash };
  const json = JSON.stringify(next);
  if (json !== p.origins_json) await db.updateTable('projects').set({ origins_json: json }).where('id', '=', projectId).execute();
}

/** A project's origins as the API shows them: project-level keys, and per module (by list index) its parts. */
export function presentOrigins(originsJson: string | null | undefined): { project: TextOrigins; modules: Map<number, TextOrigins> } {
  const stored = parse<Record<string, StoredOrigin>>(originsJson, {});
  const project: TextOrigins = {};
  const modules = new Map<number, TextOrigins>();
  for (const [key, { hash: _h, ...o }] of Object.entries(stored)) {
    const m = /^modules\.(\d+)\.(\w+)$/.exec(key);
    if (m) (modules.get(Number(m[1])) ?? modules.set(Number(m[1]), {}).get(Number(m[1]))!)[m[2]!] = o;
    else project[key] = o;
  }
  return { project, modules };
}

/** Origins of a project's texts by key without the stored hashes (what the engine's record is built from). */
export function readOrigins(originsJson: string | null | undefined): TextOrigins {
  const stored = parse<Record<string, StoredOrigin>>(originsJson, {});
  return Object.fromEntries(Object.entries(stored).map(([k, { hash: _h, ...o }]) => [k, o]));
}
