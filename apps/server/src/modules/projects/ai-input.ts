import type { AiCodeAnalysis, AiInformation, AiProjectInput, ApplicationForm } from '@mazhu/contracts';
import { isLoneJoiningWord } from '@mazhu/docgen';
import type { ModuleRow, ProjectRow, UploadRow } from './projects.repo';

interface StoredAnalysis {
  languages?: string[];
  sourceLines?: number;
  files?: number;
  entry?: string;
  hints?: {
    routes?: string[];
    pages?: unknown[];
    controllers?: string[];
    entities?: string[];
    menuItems?: string[];
    form?: { form?: string };
    units?: { key: string; label?: string; labelFrom?: string; words: string[]; kind: string; evidence: { file: string; symbol?: string }[] }[];
  };
}

type UnitShows = NonNullable<NonNullable<AiCodeAnalysis['units']>[number]['shows']>;

/**
 * What each code unit's pages show, from the stored page facts (docgen PageFacts: `unit`, and `{ text }` items in
 * columns, search, fields, tabs, texts): unit key → up to 6 distinct texts per kind, in page order.
 */
function showsByUnit(pages: unknown[] | undefined): Map<string, UnitShows> {
  const out = new Map<string, Record<keyof UnitShows, string[]>>();
  const kinds = ['columns', 'search', 'fields', 'tabs', 'texts'] as const;
  for (const p of (pages ?? []).slice(0, 2000)) {
    if (typeof p !== 'object' || p === null) continue;
    const page = p as Record<string, unknown>;
    if (typeof page.unit !== 'string') continue;
    let acc = out.get(page.unit);
    if (!acc) out.set(page.unit, (acc = { columns: [], search: [], fields: [], tabs: [], texts: [] }));
    for (const k of kinds) {
      const items = Array.isArray(page[k]) ? (page[k] as unknown[]) : [];
      for (const it of items) {
        const t = typeof it === 'object' && it !== null ? (it as { text?: unknown }).text : undefined;
        const x = typeof t === 'string' ? t.trim() : '';
        // Page facts stored before pages dropped lone joining words may still hold them.
        if (!x || x.length > 40 || isLoneJoiningWord(x) || acc[k].length >= 6 || acc[k].some((y) => y.toLowerCase() === x.toLowerCase())) continue;
        acc[k].push(x);
      }
    }
  }
  const res = new Map<string, UnitShows>();
  for (const [unit, acc] of out) {
    const s = Object.fromEntries(kinds.filter((k) => acc[k].length).map((k) => [k, acc[k]])) as UnitShows;
    if (Object.keys(s).length) res.set(unit, s);
  }
  return res;
}

/** The code analysis of an upload as the AI writer reads it (languages, lines and the structure hints). */
export function aiCodeAnalysis(upload: Pick<UploadRow, 'analysis_json'> | undefined): AiCodeAnalysis | undefined {
  if (!upload) return undefined;
  let a: StoredAnalysis;
  try {
    a = JSON.parse(upload.analysis_json) as StoredAnalysis;
  } catch {
    return undefined;
  }
  // Stored hints hold strings; `pages` holds the page facts (file, title…) since pages are read from the code.
  const text = (s: unknown): string => (typeof s === 'string' ? s : typeof s === 'object' && s !== null ? String((s as { title?: { text?: string } }).title?.text ?? (s as { file?: string }).file ?? '') : '');
  const cut = (v: unknown[] | undefined) => (v ?? []).slice(0, 2000).map((s) => text(s).slice(0, 300)).filter(Boolean);
  const shows = showsByUnit(a.hints?.pages);
  return {
    languages: (a.languages ?? []).slice(0, 40),
    sourceLines: a.sourceLines ?? 0,
    files: a.files,
    entry: a.entry ? a.entry.slice(0, 300) : undefined,
    routes: cut(a.hints?.routes),
    pages: cut(a.hints?.pages),
    controllers: cut(a.hints?.controllers),
    entities: cut(a.hints?.entities),
    menuItems: cut(a.hints?.menuItems),
    form: a.hints?.form?.form,
    units: (a.hints?.units ?? []).slice(0, 200).map((u) => ({
      key: u.key.slice(0, 100),
      label: u.label?.slice(0, 60),
      labelFrom: u.labelFrom?.slice(0, 20),
      words: u.words.slice(0, 10).map((w) => w.slice(0, 40)),
      kind: u.kind.slice(0, 20),
      evidence: u.evidence.slice(0, 40).map((e) => `${e.file}${e.symbol ? '#' + e.symbol : ''}`.slice(0, 300)),
      ...(shows.has(u.key) ? { shows: shows.get(u.key) } : {}),
    })),
  };
}

/** What the AI writer is told about a project: its own fields, its modules as keywords and its code analysis. */
export function aiInputOf(p: ProjectRow, modules: Pick<ModuleRow, 'name'>[], upload: UploadRow | undefined): AiProjectInput {
  return {
    name: p.name.slice(0, 60),
    shortName: p.short_name ? p.short_name.slice(0, 30) : undefined,
    version: p.version,
    category: p.category,
    platform: p.platform ? p.platform.slice(0, 30) : undefined,
    description: p.description ? p.description.slice(0, 2000) : undefined,
    keywords: modules.length ? modules.slice(0, 20).map((m) => m.name.slice(0, 30)) : undefined,
    codeAnalysis: aiCodeAnalysis(upload),
  };
}

/** Form fields the AI information can fill; only the ones the user left empty are taken. */
export function fillForm(form: ApplicationForm, ai: AiInformation): ApplicationForm {
  const pick = <K extends keyof ApplicationForm>(k: K, v: ApplicationForm[K]) => (form[k] === undefined || form[k] === '' ? v : form[k]);
  return {
    ...form,
    purpose: pick('purpose', ai.purpose),
    domain: pick('domain', ai.domain),
    mainFunctions: pick('mainFunctions', ai.mainFunctions),
    techFeatures: pick('techFeatures', ai.techFeatures),
    techTags: form.techTags?.length ? form.techTags : (ai.techTags as ApplicationForm['techTags']),
    devHardware: pick('devHardware', ai.devHardware),
    runHardware: pick('runHardware', ai.runHardware),
    devOs: pick('devOs', ai.devOs),
    devTools: pick('devTools', ai.devTools),
    runPlatform: pick('runPlatform', ai.runPlatform),
    runSupport: pick('runSupport', ai.runSupport),
  };
}
