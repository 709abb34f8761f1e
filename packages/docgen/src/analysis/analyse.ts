import { findCodeNotes, type CodeNote } from './code-notes';
import { handlerRoutesOf, readCodeStructure, sharingHandlerRoutes, type CodeStructure } from './code-structure';
import { computeStats, type CodeFile, type LanguageStats, type MetaFile } from '../intake/intake';
import { UNLISTED_LANGUAGES } from '../intake/languages';
import { findProvenance, type Provenance } from '../intake/provenance';
import { fileHas } from '../intake/text-scan';
import { detectSoftwareForm, type SoftwareFormGuess } from './software-form';
import { loadGrammarsFor } from './parse/grammars';
import type { PageFacts } from './pages/model';
import { findUiNames, findVersions, type FoundValue } from './versions';

export interface StructureHints {
  /** URL routes found in router definitions, controllers and page configs. */
  routes: string[];
  /** Pages / views / screens / components by name. */
  pages: string[];
  controllers: string[];
  /** Entities, models, tables. */
  entities: string[];
  /** Menu titles and headings written in Chinese in the code (best effort). */
  menuItems: string[];
}

export interface CodeAnalysis {
  /** 编程语言 as written on the form, e.g. "JavaScript、TypeScript、HTML、CSS" (most lines first). */
  languages: string;
  languageList: string[];
  /** 源程序量: total lines of the whole program. */
  sourceLines: number;
  stats: LanguageStats;
  entryFile: string | undefined;
  fileCount: number;
  hints: StructureHints;
  /** The software's form as detected from the code (the user confirms or changes it). */
  form: SoftwareFormGuess;
  /** Business units, public interface and README examples, each with its file and symbol. */
  structure: CodeStructure;
  /** Versions the code declares for itself, with their places. */
  versions: FoundValue[];
  /** Software names shown in the user interface (titles), with their places. */
  uiNames: FoundValue[];
  /** Licences, SPDX headers, authors and well-known projects found in the upload. */
  provenance: Provenance;
  /**
   * Validation messages and confirmation prompts of the code (the manual's 注意事项); absent in analyses stored before
   * they were read. In an analysis from analyseCode an enumerable accessor: read from the files on first use (only a
   * manual needs them), then kept; assigning replaces the value.
   */
  notes?: CodeNote[];
  /**
   * What each user-interface page of the code shows and does (analysis/pages: fields, columns, buttons, tabs,
   * prompts, calls, each with its line), attached to its unit. Absent until `readPageFacts` is run (it loads the
   * parser's grammars, so it is asynchronous): generateAll fills it before the manual is written.
   */
  pages?: PageFacts[];
}

const LIMIT = 60;

function addUnique(set: Set<string>, v: string | undefined): void {
  if (v && set.size < LIMIT) set.add(v.trim());
}

/**
 * Loads the parsers the analysis of `files` needs (web-tree-sitter grammars, once per process). analyseCode reads
 * symbols, annotations, doc comments, commands and router titles only from files whose grammar is loaded: await this
 * before it.
 */
export function prepareAnalysis(files: Iterable<Pick<CodeFile, 'path' | 'language'>>): Promise<void> {
  return loadGrammarsFor(files);
}

/**
 * Summarises a code base for the form and for the AI writer: 编程语言 (every language used,
 * HTML/CSS included — omitting them is a known correction item), 源程序量 (total lines of the
 * whole program, cpcc-materials.md R11), per-language counts, the entry file, and best-effort
 * structure hints found by regular expressions (routes, pages, controllers, entities, Chinese
 * menu titles); with the descriptors and READMEs (`meta`, from intake) also the software's form,
 * its business units and public interface, declared versions, UI names and provenance signs.
 * Linear in the size of the code; pure (callable from a worker thread). `notes` is read on first use from the
 * files as given here (the array is copied; the files themselves must not be changed meanwhile).
 */
export function analyseCode(files: CodeFile[], meta: MetaFile[] = []): CodeAnalysis {
  return sharingHandlerRoutes(() => analyse(files, meta));
}

function analyse(files: CodeFile[], meta: MetaFile[]): CodeAnalysis {
  const stats = computeStats(files);
  const languageList = Object.entries(stats.byLanguage)
    .filter(([name]) => !UNLISTED_LANGUAGES.has(name))
    .sort((a, b) => b[1].lines - a[1].lines)
    .map(([name]) => name);
  // Languages written inside .vue/.svelte files (template HTML, style CSS) are languages of the program too.
  for (const f of files) for (const l of f.embeddedLanguages ?? []) if (!languageList.includes(l)) languageList.push(l);
  const routes = new Set<string>();
  const pages = new Set<string>();
  const controllers = new Set<string>();
  const entities = new Set<string>();
  const menus = new Set<string>();
  for (const f of files) {
    const base = f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
    if (/(^|\/)(pages|views|screens|page|view)\//i.test(f.path) && !/^(index|_app|_document)$/i.test(base)) addUnique(pages, base);
    if (/controller$/i.test(base)) addUnique(controllers, base);
    if (/(^|\/)(entity|entities|model|models|domain|pojo)\//i.test(f.path)) addUnique(entities, base);
    if (routes.size >= LIMIT && controllers.size >= LIMIT && entities.size >= LIMIT && menus.size >= LIMIT) continue;
    const text = f.text; // read once: may be a lazy getter (IntakeOptions.retainText)
    if (text.length > 400_000) continue;
    // Each regular expression below runs only where the text holds a literal every match contains (a search for a
    // literal is several times cheaper than a scan by the expression), and only while its set has room.
    if (routes.size < LIMIT) {
      if (fileHas(f, text, 'pathKey')) for (const m of text.matchAll(/\bpath\s*:\s*['"`](\/[\w\-/:.]*)['"`]/g)) addUnique(routes, m[1]);
      if (fileHas(f, text, 'mapping')) for (const m of text.matchAll(/@(?:Get|Post|Put|Delete|Patch|Request)Mapping\(\s*(?:value\s*=\s*)?"([^"]+)"/g)) addUnique(routes, m[1]);
      if (fileHas(f, text, 'routeCall')) {
        for (const m of text.matchAll(/\b(?:app|router|server|fastify)\.(?:get|post|put|delete|patch|route)\(\s*['"`](\/[^'"`]*)['"`]/g)) addUnique(routes, m[1]);
        if (text.includes('@')) for (const m of text.matchAll(/@(?:app|bp|router)\.(?:route|get|post|put|delete)\(\s*['"](\/[^'"]*)['"]/g)) addUnique(routes, m[1]);
      }
      if (f.language === 'Python') for (const r of handlerRoutesOf(text)) addUnique(routes, `${r.methods[0] && r.methods[0] !== 'WS' ? r.methods[0] + ' ' : ''}${r.path}`);
    }
    if (controllers.size < LIMIT && text.includes('Contro')) for (const m of text.matchAll(/\bclass\s+(\w+Controller)\b/g)) addUnique(controllers, m[1]);
    if (entities.size < LIMIT && (text.includes('@Ent') || text.includes('@Tab'))) for (const m of text.matchAll(/@(?:Entity|Table)\b[^\n]*\n(?:[^\n]*\n){0,3}?\s*(?:public\s+)?class\s+(\w+)/g)) addUnique(entities, m[1]);
    if (menus.size < LIMIT && fileHas(f, text, 'han')) for (const m of text.matchAll(/\b(?:title|label|name|text|meta\.title)\s*:\s*['"`]([\u4e00-\u9fff][\u4e00-\u9fff\w（）()、/]{1,15})['"`]/g)) addUnique(menus, m[1]);
  }
  let notesFrom: CodeFile[] | undefined = files.slice();
  let notes: CodeNote[] | undefined;
  return {
    languages: languageList.join('、'),
    languageList,
    sourceLines: stats.total.lines,
    stats,
    entryFile: files[0]?.path,
    fileCount: files.length,
    hints: { routes: [...routes], pages: [...pages], controllers: [...controllers], entities: [...entities], menuItems: [...menus] },
    form: detectSoftwareForm(files, meta),
    structure: readCodeStructure(files, meta),
    versions: findVersions(files, meta),
    uiNames: findUiNames(files, meta),
    provenance: findProvenance(files, meta),
    get notes(): CodeNote[] | undefined {
      if (notesFrom) {
        notes = findCodeNotes(notesFrom);
        notesFrom = undefined;
      }
      return notes;
    },
    set notes(value: CodeNote[] | undefined) {
      notes = value;
      notesFrom = undefined;
    },
  };
}
