import { closeSync, fstatSync, openSync, promises as fsp, readdirSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import ignore, { type Ignore } from 'ignore';
import type { ReadEntry } from 'tar';
import { DocgenError } from '../errors';
import { decodeSource, iconvLite, type SourceEncoding } from './decode';
import { detectLanguage, type CommentStyle } from './languages';
import { countLines } from './lexer';
import { categoryOfReason, classifyPath, foreignLicensed, type SkipCategory } from './classify';
import { licenceBlocks } from '../source/licence';

/** One source file admitted into the program. Line counts are of the original text. */
export interface CodeFile {
  /** Path relative to the code base root, '/'-separated. */
  path: string;
  /** Language under its CPCC name (languages.ts). */
  language: string;
  comments: CommentStyle;
  /** Decoded text, line ends normalised to '\n'. */
  text: string;
  encoding: SourceEncoding;
  bytes: number;
  /** Total lines = code + comment + blank (a line with code and a comment counts as code). */
  lines: number;
  codeLines: number;
  commentLines: number;
  blankLines: number;
  /** The file looks like the program's start: 2 = main function or application class, 1 = bootstrap (createApp, listen…). */
  entrySignal?: 1 | 2;
  /**
   * Languages written inside the file besides its own: a .vue/.svelte file's `<style>` is CSS and its
   * `<template>` HTML (编程语言 must list them). Its lines stay counted under `language`.
   */
  embeddedLanguages?: string[];
}

/**
 * A small text file that is not printed but tells the truth about the program: README (usage
 * examples), LICENSE/COPYING/NOTICE (third-party code), build descriptors (package.json, pom.xml,
 * build.gradle, pyproject.toml, setup.cfg, AndroidManifest.xml, app.json…: name, version, form),
 * configuration (application.yml, .properties, .env: secrets). At most 256 KB each, 400 in all.
 */
export interface MetaFile {
  path: string;
  text: string;
}

export interface LanguageCount {
  files: number;
  lines: number;
  code: number;
  comment: number;
  blank: number;
}

export interface LanguageStats {
  byLanguage: Record<string, LanguageCount>;
  total: LanguageCount;
}

export interface SkippedFile {
  path: string;
  reason: string;
  /** Set when the file is not the applicant's program: a test, generated code, a build/CI file or third-party code (classify.ts). */
  category?: SkipCategory;
}

export interface IntakeResult {
  /** Admitted files, entry point first, then by path. */
  files: CodeFile[];
  stats: LanguageStats;
  skipped: SkippedFile[];
  /** Descriptors, READMEs, licences and configuration files (never printed); see MetaFile. */
  meta: MetaFile[];
}

export interface IntakeOptions {
  /** Honour .gitignore files (default true). */
  gitignore?: boolean;
  /** Refuse archives with more entries than this (default 50,000). Directories: stop reading after this many files. */
  maxFiles?: number;
  /**
   * Refuse archives whose content exceeds this many bytes uncompressed (default 512 MiB): the sizes a zip
   * declares for all its entries, the whole decompressed stream of a .tar.gz (read and discarded where skipped).
   */
  maxBytes?: number;
  /**
   * Refuse archives once the entries actually inflated and kept (possible source code, descriptors) exceed this
   * many bytes (default 128 MiB), counted while inflating: a bomb padded to a normal ratio stops here.
   */
  maxInflatedBytes?: number;
  /** Refuse archives once the entries inflated and kept hold more than this many lines (default 2,000,000), counted while inflating. */
  maxLines?: number;
  /** Skip single files larger than this (default 1 MiB: data or generated). */
  maxFileBytes?: number;
  /** Refuse archives whose uncompressed/compressed ratio exceeds this (default 200) once past 16 MiB. */
  maxRatio?: number;
  /** Path (relative) of the entry file to put first; default: detected. */
  entry?: string;
  /** Extra path prefixes or globs to exclude (gitignore syntax). */
  exclude?: string[];
  /**
   * Paths or globs (gitignore syntax) to admit although a default rule left them out: a folder
   * named like build output (`generated/`, `vendor/`), a data script, a build configuration file,
   * .gitignore'd files. Binary, empty, oversized and unreadable files stay out. `exclude` wins.
   */
  include?: string[];
  /**
   * Directories only: true (default) keeps every file's text in memory; false keeps none — `CodeFile.text` re-reads
   * and decodes the file on each access, so memory stays bounded by one file plus what is printed; a number keeps
   * the texts of the files read first up to that many characters in all and re-reads the others (the CLI: the
   * analysis reads each text several times, and a re-read costs a file read and a decode).
   */
  retainText?: boolean | number;
  /**
   * Called with each file as soon as it is admitted with its text in memory (files whose text is re-read from
   * disk are not passed), in reading order, before the final order is known; the result may leave some of them
   * out (build-output siblings). The CLI hands them to its PDF thread to prepare their printed lines.
   */
  onFile?: (file: CodeFile) => void;
}

const DEFAULTS = { maxFiles: 50_000, maxBytes: 512 * 1024 * 1024, maxInflatedBytes: 128 * 1024 * 1024, maxLines: 2_000_000, maxFileBytes: 1024 * 1024, maxRatio: 200 };

/**
 * Running totals of the bytes and lines inflated and kept from one archive; throws DocgenError ARCHIVE_TOO_LARGE
 * the moment either passes its limit (IntakeOptions.maxInflatedBytes / maxLines), so a bomb is stopped part-way.
 */
class InflateBudget {
  private bytes = 0;
  private lines = 0;
  constructor(
    private readonly maxBytes: number,
    private readonly maxLines: number,
  ) {}

  /** Throws when `n` more bytes would pass the byte limit (checked before inflating an entry of declared size n). */
  reserve(n: number): void {
    if (this.bytes + n > this.maxBytes) this.tooLarge();
  }

  /** Counts a chunk that was inflated and kept. */
  add(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) this.tooLarge();
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) {
      if (++this.lines > this.maxLines) {
        throw new DocgenError('ARCHIVE_TOO_LARGE', `压缩包中的源代码超过 ${this.maxLines.toLocaleString('en-US')} 行，已拒绝；请只打包本软件自己的源代码（不含数据、日志和第三方库）`);
      }
    }
  }

  private tooLarge(): never {
    throw new DocgenError('ARCHIVE_TOO_LARGE', `压缩包中的源代码解压后超过 ${bytesLabel(this.maxBytes)}，已拒绝；请只打包本软件自己的源代码（不含数据、日志和第三方库）`);
  }
}

function budgetOf(opts: IntakeOptions): InflateBudget {
  return new InflateBudget(opts.maxInflatedBytes ?? DEFAULTS.maxInflatedBytes, opts.maxLines ?? DEFAULTS.maxLines);
}

const TOO_LARGE_FILE = (bytes: number) => `文件过大（${Math.round(bytes / 1024)} KB），多为数据或生成文件`;

/** Directories that hold third-party, generated or build output (cpcc-materials.md, hygiene). */
export const SKIPPED_DIRS = new Set([
  'node_modules', 'bower_components', 'jspm_packages', 'vendor', 'vendors', 'third_party', 'third-party', 'thirdparty',
  'dist', 'build', 'target', 'out', 'output', 'release', 'coverage', '.nyc_output', 'obj', 'Pods', 'DerivedData',
  '.git', '.svn', '.hg', '.idea', '.vscode', '.vs', '.gradle', '.mvn', '.next', '.nuxt', '.output', '.svelte-kit', '.angular',
  '.turbo', '.cache', '.parcel-cache', '__pycache__', '.pytest_cache', '.mypy_cache', '.tox', '.venv', 'venv',
  'site-packages', '.dart_tool', 'unpackage', 'miniprogram_npm', 'generated', '__generated__', 'tmp', 'temp', 'logs',
  '.yarn', '.pnpm-store', 'storybook-static', 'bundle', 'bundles', 'lib-cov', 'cmake-build-debug', 'cmake-build-release',
]);

/** A folder named like a vendored library release: tinymce4.7.5, jquery-3.6.0, echarts_5.4. */
const VERSIONED_DIR = /^[A-Za-z][\w]*?[-_.]?v?\d+\.\d+(\.\d+)?$/;

const LOCK_FILES = new Set([
  'package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'npm-shrinkwrap.json', 'composer.lock', 'gemfile.lock', 'cargo.lock',
  'poetry.lock', 'pipfile.lock', 'go.sum', 'bun.lockb', 'podfile.lock', 'packages.lock.json', 'mix.lock', 'pubspec.lock',
]);

const BINARY_EXT = new Set(
  ('png jpg jpeg gif bmp ico webp svgz tif tiff psd ai eps heic avif ttf otf woff woff2 eot ' +
    'mp3 mp4 wav ogg flac avi mov mkv webm m4a aac zip tar gz tgz bz2 xz 7z rar jar war ear aar apk ipa dmg iso ' +
    'exe dll so dylib a lib o obj class pyc pyo wasm bin dat db sqlite sqlite3 mdb pdf doc docx xls xlsx ppt pptx ' +
    'keystore jks p12 pfx der cer crt pem key').split(' '),
);


const META_NAME =
  /^(readme|license|licence|copying|notice|authors|contributors)(\.[\w.-]+)?$|^(package\.json|pom\.xml|build\.gradle|build\.gradle\.kts|settings\.gradle|setup\.py|setup\.cfg|pyproject\.toml|androidmanifest\.xml|app\.json|project\.config\.json|pages\.json|manifest\.json|cargo\.toml|go\.mod|composer\.json|pubspec\.yaml|version|version\.txt|\.env(\.[\w-]+)?|application(-[\w-]+)?\.(yml|yaml|properties)|bootstrap(-[\w-]+)?\.(yml|yaml|properties)|config\.(yml|yaml|ini|toml)|[\w-]+\.csproj|[\w-]+\.podspec|info\.plist|module\.json5|app\.json5)$/i;
const META_MAX_BYTES = 256 * 1024;
const META_MAX_FILES = 400;
const META_REASON = '说明、许可证或配置文件（不印入源程序，用于核对名称、版本、许可证和密钥）';

/**
 * Files a page is described by without being program text: a mini-program page's .json (its title,
 * navigationBarTitleText) and an Android app's layouts and string resources (the screens' buttons, hints and texts).
 */
const PAGE_META = /(^|\/)(pages|subpages|subpackages?)\/(?:[^/]+\/)*[^/]+\.json$|(^|\/)res\/(layout[\w-]*|values(-zh[\w-]*)?)\/[^/]+\.xml$/i;

/** True for a file kept as MetaFile (see there). */
export function isMetaFile(rel: string): boolean {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  return META_NAME.test(base) || META_PATH.test(rel) || (PAGE_META.test(rel) && !/(^|\/)node_modules\//.test(rel));
}

/**
 * Files that name the software's screens in its own words (analysis/vocabulary.ts): Chinese gettext catalogues, a
 * mini-program page's own .json (its title) and Android string resources.
 */
const META_PATH = /(^|\/)(locale|locales|i18n|translations)\/zh([_-](hans|cn|sg))?\/(LC_MESSAGES\/)?[^/]+\.po$|(^|\/)pages\/.+\.json$|(^|\/)res\/values(-zh[^/]*)?\/strings\.xml$/i;

/**
 * Program text written in a language that is not mainstream but belongs to the program: MyBatis /
 * iBatis mapper XML (SQL mapped to code). Other XML (Maven, Android resources, data) is not 源程序.
 */
function programXml(text: string): boolean {
  const head = text.slice(0, 3000);
  return /<!DOCTYPE\s+(mapper|sqlMap)\b|<mapper\s+namespace=|<sqlMap\b/i.test(head);
}

/**
 * A SQL script that is data rather than program: mostly INSERT statements (seed data, dumps).
 * Returns the share of INSERT statements (0–1) when it dominates (≥ 50 % of statements), else undefined.
 */
export function sqlDataShare(text: string): number | undefined {
  let insert = 0;
  let statements = 0;
  for (const m of text.matchAll(/^\s*(insert|create|alter|drop|update|delete|select|replace|set|begin|declare|grant|comment|truncate|lock|unlock|use)\b/gim)) {
    statements++;
    if (m[1].toLowerCase() === 'insert' || m[1].toLowerCase() === 'replace') insert++;
  }
  if (statements >= 5 && insert / statements >= 0.5) return insert / statements;
  return undefined;
}

function skipReasonByName(rel: string): string | undefined {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  const lower = base.toLowerCase();
  if (LOCK_FILES.has(lower) || lower.endsWith('.lock')) return '锁文件';
  const dot = lower.lastIndexOf('.');
  const ext = dot >= 0 ? lower.slice(dot + 1) : '';
  if (BINARY_EXT.has(ext)) return '二进制或资源文件（图片、字体、压缩包等）';
  if (/[.-]min\.[a-z]+$/.test(lower) || /\.(bundle|chunk|umd|prod)\.[cm]?js$/.test(lower)) return '压缩或打包产物';
  if (ext === 'map') return '源码映射文件';
  if (/\.(pb\.go|pb\.cc|pb\.h|g\.dart|freezed\.dart|designer\.cs|generated\.[a-z]+)$/.test(lower) || /_pb2(_grpc)?\.py$/.test(lower)) return '自动生成的代码';
  if (lower === 'r.java' || lower === 'buildconfig.java') return '自动生成的代码';
  if (/^(vite|vitest|webpack|rollup|jest|babel|eslint|prettier|postcss|tailwind|karma|playwright|tsup|commitlint|stylelint|lint-staged|vue|next|nuxt|astro|svelte|metro|craco|uno|windi)\.config\.[cm]?[jt]s$/.test(lower) || /^\.[\w-]+rc\.[cm]?[jt]s$/.test(lower)) {
    return '构建或工具配置文件';
  }
  return undefined;
}

/**
 * Why a decoded text is not program source although its name says so: generated (header markers), compiled or
 * bundled output (sourceMappingURL, Babel/TypeScript/webpack markers), minified (very long lines); undefined for
 * ordinary source.
 */
export function skipReasonByContent(text: string): string | undefined {
  const head = text.slice(0, 1500);
  if (/@generated|DO NOT EDIT|Code generated .* DO NOT EDIT|auto-generated|autogenerated by|此文件由.*自动生成/i.test(head)) return '自动生成的代码';
  // Compiler / bundler output: source maps, Babel/TypeScript CommonJS interop, webpack bootstrap.
  if (/\n\/\/[#@] sourceMappingURL=\S+\s*$/.test(text.slice(-300))) return '编译或打包产物（含 sourceMappingURL）';
  // Every alternative of COMPILED_OUTPUT holds one of these strings: when none occurs the expression cannot match.
  if ((head.includes('__esModule') || head.includes('_interopRequireDefault(') || head.includes('@babel/runtime/helpers/') || head.includes('/******/') || head.includes('__webpack_require__')) && COMPILED_OUTPUT.test(head)) {
    return '编译或打包产物（Babel/TypeScript/webpack 输出）';
  }
  // Minified: very long lines dominate.
  const len = text.length;
  if (len > 2000) {
    let lines = 1;
    let longest = 0;
    let start = 0; // start of the current line
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
      // Once there are len / 300 lines, lines average 300 characters or fewer: not minified, whatever the rest holds.
      if (++lines >= len / 300) return undefined;
      if (nl - start > longest) longest = nl - start;
      start = nl + 1;
    }
    if (len - start > longest) longest = len - start;
    if (longest > 1000 && len / lines > 300) return '压缩或打包产物（超长行）';
  }
  return undefined;
}

/** Babel/TypeScript CommonJS interop, Babel runtime helpers, webpack bootstrap (see skipReasonByContent). */
export const COMPILED_OUTPUT =
  /exports\.__esModule\s*=\s*true|Object\.defineProperty\(exports,\s*["']__esModule["']|\b_interopRequireDefault\(|from\s+["']@babel\/runtime\/helpers\/|require\(["']@babel\/runtime\/helpers\/|^\/\*{6}\/|__webpack_require__/m;

interface RawEntry {
  path: string;
  data: Uint8Array;
}

const OVERRIDABLE = new Set(['构建或工具配置文件', '自动生成的代码']);

/**
 * Applies the per-file filters (name, language, size, binary, generated, minified, data, empty)
 * and decodes. `forced` (IntakeOptions.include) admits files that only a default rule left out:
 * build configuration, generated-looking code, data scripts; never binary, empty or oversized ones.
 */
function admitOne(e: RawEntry, maxFileBytes: number, skipped: SkippedFile[], forced = false): CodeFile | undefined {
  const byName = skipReasonByName(e.path);
  if (byName && !(forced && OVERRIDABLE.has(byName))) {
    skipped.push({ path: e.path, reason: byName });
    return undefined;
  }
  const firstNl = e.data.indexOf(10);
  const firstLine = e.data[0] === 0x23 ? Buffer.from(e.data.subarray(0, firstNl < 0 ? Math.min(e.data.length, 200) : firstNl)).toString('latin1') : undefined;
  let lang = detectLanguage(e.path, firstLine);
  const isXml = /\.xml$/i.test(e.path);
  if (!lang && !isXml) {
    skipped.push({ path: e.path, reason: '非源代码文件（文档、数据或配置）' });
    return undefined;
  }
  if (e.data.length > maxFileBytes) {
    skipped.push({ path: e.path, reason: TOO_LARGE_FILE(e.data.length) });
    return undefined;
  }
  const decoded = decodeSource(e.data);
  if (!decoded) {
    skipped.push({ path: e.path, reason: '二进制文件' });
    return undefined;
  }
  if (!lang) {
    if (!programXml(decoded.text)) {
      skipped.push({ path: e.path, reason: '非源代码文件（XML 配置或资源）' });
      return undefined;
    }
    lang = { name: 'XML', comments: 'markup' };
  }
  const byContent = skipReasonByContent(decoded.text);
  if (byContent && !(forced && byContent === '自动生成的代码')) {
    skipped.push({ path: e.path, reason: byContent });
    return undefined;
  }
  if (decoded.text.trim() === '') {
    skipped.push({ path: e.path, reason: '空文件' });
    return undefined;
  }
  if (lang.name === 'SQL' && !forced) {
    const share = sqlDataShare(decoded.text);
    if (share !== undefined) {
      skipped.push({ path: e.path, reason: `数据脚本（${Math.round(share * 100)}% 的语句是 INSERT 初始数据），不是程序` });
      return undefined;
    }
  }
  let language = lang.name;
  if (language === 'C' && e.path.endsWith('.h')) {
    // A .h header is C++ or Objective-C when its content says so.
    if (/@interface\b|@implementation\b|#import\s/.test(decoded.text)) language = 'Objective-C';
    else if (/\bnamespace\s+\w+|\btemplate\s*<|\bclass\s+\w+\s*[:{]|\bstd::|\bpublic:|\bprivate:/.test(decoded.text)) language = 'C++';
  }
  let embeddedLanguages: string[] | undefined;
  if (language === 'Vue' || language === 'Svelte') {
    embeddedLanguages = [];
    if (/^<template[\s>]/m.test(decoded.text) || language === 'Svelte') embeddedLanguages.push('HTML');
    if (/^<style[\s>]/m.test(decoded.text)) embeddedLanguages.push('CSS');
    if (embeddedLanguages.length === 0) embeddedLanguages = undefined;
  }
  const head = decoded.text.length > 20_000 ? decoded.text.slice(0, 20_000) : decoded.text;
  const entrySignal = entrySignalOf(head);
  return { path: e.path, language, comments: lang.comments, text: decoded.text, encoding: decoded.encoding, bytes: e.data.length, ...countLines(decoded.text, lang.comments), entrySignal, embeddedLanguages };
}

/** Collects a MetaFile from raw bytes (UTF-8 / GBK decoded), within the size and count limits. */
function collectMeta(meta: MetaFile[], rel: string, data: Uint8Array): void {
  if (meta.length >= META_MAX_FILES || data.length > META_MAX_BYTES || !isMetaFile(rel)) return;
  const d = decodeSource(data);
  if (d) meta.push({ path: rel, text: d.text });
}

/** Turns raw (path, bytes) entries into CodeFiles, applying every filter. */
function admit(raw: RawEntry[], opts: IntakeOptions, skipped: SkippedFile[], preFiltered: boolean): IntakeResult {
  const maxFileBytes = opts.maxFileBytes ?? DEFAULTS.maxFileBytes;
  const meta: MetaFile[] = [];
  const forced = opts.include?.length ? ignore().add(opts.include) : undefined;
  for (const e of raw) collectMeta(meta, e.path, e.data);
  let candidates = raw;
  if (!preFiltered) {
    // Archives: apply directory skips and .gitignore files found in the archive.
    const ignores = opts.gitignore === false ? new Map<string, Ignore>() : collectIgnores(raw);
    const extra = opts.exclude?.length ? ignore().add(opts.exclude) : undefined;
    candidates = [];
    const seenDirs = new Set<string>();
    for (const e of raw) {
      if (extra?.ignores(e.path)) {
        skipped.push({ path: e.path, reason: '按你的选择排除' });
        continue;
      }
      if (forced?.ignores(e.path)) {
        candidates.push(e);
        continue;
      }
      const parts = e.path.split('/');
      const bad = parts.slice(0, -1).findIndex((p) => SKIPPED_DIRS.has(p) || VERSIONED_DIR.test(p));
      if (bad >= 0) {
        const dir = parts.slice(0, bad + 1).join('/') + '/';
        if (!seenDirs.has(dir)) {
          seenDirs.add(dir);
          skipped.push({ path: dir, reason: VERSIONED_DIR.test(parts[bad]) ? `第三方库目录 ${parts[bad]}/（目录名带版本号）` : `第三方或构建输出目录 ${parts[bad]}/` });
        }
        continue;
      }
      if (isIgnored(e.path, ignores)) {
        skipped.push({ path: e.path, reason: '被 .gitignore 忽略' });
        continue;
      }
      const cls = classifyPath(e.path);
      if (cls) {
        skipped.push({ path: e.path, ...cls });
        continue;
      }
      candidates.push(e);
    }
  }
  const files: CodeFile[] = [];
  for (const e of candidates) {
    if (isMetaFile(e.path) && !detectLanguage(e.path)) {
      skipped.push({ path: e.path, reason: META_REASON });
      continue;
    }
    const f = admitOne(e, maxFileBytes, skipped, forced?.ignores(e.path) ?? false);
    if (f) {
      files.push(f);
      opts.onFile?.(f);
    }
  }
  const kept = dropForeignLicensed(dropBuildSiblings(files, skipped, forced), skipped, forced);
  categorise(skipped);
  const ordered = orderFiles(kept, opts.entry, raw);
  return { files: ordered, stats: computeStats(ordered), skipped, meta };
}

/** Gives each skipped entry left out by the older rules (third-party folders, bundles, lock files…) its category. */
function categorise(skipped: SkippedFile[]): void {
  for (const s of skipped) if (!s.category) {
    const c = categoryOfReason(s.reason);
    if (c) s.category = c;
  }
}

/** Holder words looked for in a file's first characters before its licence header is read (licenceBlocks). */
const HOLDER_HINT = /copyright|©|版权所有/i;

/**
 * Drops files whose licence header names a holder few files of the code base name (classify.ts foreignLicensed):
 * copies of someone else's code. Only files whose text is in memory are read (a re-read costs a file read).
 */
function dropForeignLicensed(files: CodeFile[], skipped: SkippedFile[], forced?: Ignore): CodeFile[] {
  const holders = new Map<string, string>();
  for (const f of files) {
    if (typeof Object.getOwnPropertyDescriptor(f, 'text')?.get === 'function') continue;
    const head = f.text.length > 4000 ? f.text.slice(0, 4000) : f.text;
    if (!HOLDER_HINT.test(head)) continue;
    const holder = licenceBlocks(head, f.comments).find((b) => b.holder)?.holder;
    if (holder) holders.set(f.path, holder);
  }
  const foreign = foreignLicensed(holders, files.length);
  if (foreign.size === 0) return files;
  return files.filter((f) => {
    const reason = foreign.get(f.path);
    if (!reason || forced?.ignores(f.path)) return true;
    skipped.push({ path: f.path, reason, category: 'vendored' });
    return false;
  });
}

const OUTPUT_SIBLINGS = new Set(['lib', 'es', 'esm', 'cjs', 'umd', 'types', 'typings']);

/**
 * A `lib/` (or es, esm, cjs, umd, types) directory next to a `src/` directory holding the same
 * language is the compiled output of that `src/`: drop it (third-party/build output is not 源程序).
 */
function dropBuildSiblings(files: CodeFile[], skipped: SkippedFile[], forced?: Ignore): CodeFile[] {
  const srcDirs = new Set<string>();
  for (const f of files) {
    const m = /^(.*?)(?:^|\/)src\//.exec(f.path);
    if (m) srcDirs.add(m[1]);
  }
  if (srcDirs.size === 0) return files;
  return files.filter((f) => {
    if (forced?.ignores(f.path)) return true;
    const parts = f.path.split('/');
    for (let i = 0; i < parts.length - 1; i++) {
      if (OUTPUT_SIBLINGS.has(parts[i]) && srcDirs.has(parts.slice(0, i).join('/'))) {
        skipped.push({ path: f.path, reason: `与 src/ 并列的 ${parts[i]}/ 目录是编译输出` });
        return false;
      }
    }
    return true;
  });
}

/** Aggregates line counts per language (源程序量 = total.lines). */
export function computeStats(files: CodeFile[]): LanguageStats {
  const byLanguage: Record<string, LanguageCount> = {};
  const total: LanguageCount = { files: 0, lines: 0, code: 0, comment: 0, blank: 0 };
  for (const f of files) {
    const c = (byLanguage[f.language] ??= { files: 0, lines: 0, code: 0, comment: 0, blank: 0 });
    for (const t of [c, total]) {
      t.files++;
      t.lines += f.lines;
      t.code += f.codeLines;
      t.comment += f.commentLines;
      t.blank += f.blankLines;
    }
  }
  return { byLanguage, total };
}

const MAIN_CALL = /ain\s*\(/;

/** Code that starts a program: a main function or an application class (strong signal). */
export const ENTRY_STRONG =
  /@SpringBootApplication|\bpublic\s+static\s+void\s+main\s*\(|^func\s+main\s*\(\s*\)|^\s*(?:int|void)\s+main\s*\(|\bstatic\s+(?:async\s+)?(?:void|Task|int)\s+Main\s*\(|^fun\s+main\s*\(|^void\s+main\s*\(|UIApplicationMain|^@main\b/m;
/** Front-end and server bootstraps (weak signal: they may also appear in samples). */
export const ENTRY_WEAK =
  /if\s+__name__\s*==\s*['"]__main__['"]|\bcreateApp\s*\(|\b(?:createRoot|hydrateRoot)\s*\(|\bReactDOM\.render\s*\(|\bnew\s+Vue\s*\(\s*\{|^App\s*\(\s*\{|\.listen\s*\(|\bbootstrapApplication\s*\(|platformBrowserDynamic\(\)/m;

/**
 * 2 when `head` matches ENTRY_STRONG, else 1 when it matches ENTRY_WEAK, else undefined. Each alternative of either
 * expression holds one of the strings looked for first, so a text holding none of them is not searched.
 */
export function entrySignalOf(head: string): 2 | 1 | undefined {
  // Every ENTRY_STRONG match holds "main(" or "Main(" (spaces allowed before the parenthesis), @SpringBootApplication,
  // UIApplicationMain or @main: a text with none of them is not searched ("domain", "remaining" are not enough).
  if ((MAIN_CALL.test(head) || head.includes('@SpringBootApplication') || head.includes('UIApplicationMain') || head.includes('@main')) && ENTRY_STRONG.test(head)) return 2;
  if (
    (head.includes('App') ||
      head.includes('Root') ||
      head.includes('Vue') ||
      head.includes('.listen') ||
      head.includes('__name__') ||
      head.includes('ReactDOM.render') ||
      head.includes('platformBrowserDynamic')) &&
    ENTRY_WEAK.test(head)
  ) {
    return 1;
  }
  return undefined;
}

const ENTRY_NAMES = ['__main__', 'main', 'index', 'app', 'application', 'program', 'server', 'login', 'start', 'bootstrap', 'startup', 'manage', 'run', 'cli', 'wsgi', 'asgi', 'urls'];

/**
 * Orders files for printing: the entry point first (CPCC practice: page 1 starts at the
 * program's beginning — main, index, app, login), then every other file by path, SQL scripts in the middle
 * (see middleOut).
 * The entry is `entry` when given, else package.json "main"/"bin" when present, else the
 * shallowest file whose base name is in ENTRY_NAMES (earlier names win).
 */
export function orderFiles(files: CodeFile[], entry?: string, raw?: RawEntry[]): CodeFile[] {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let idx = -1;
  if (entry) {
    const norm = entry.replace(/\\/g, '/').replace(/^\.\//, '');
    idx = sorted.findIndex((f) => f.path === norm);
  }
  if (idx < 0 && raw) {
    const pkg = raw.find((r) => r.path === 'package.json');
    if (pkg) {
      try {
        const j = JSON.parse(Buffer.from(pkg.data).toString('utf8')) as { main?: string; module?: string; bin?: string | Record<string, string> };
        const cands = [j.main, j.module, typeof j.bin === 'string' ? j.bin : j.bin ? Object.values(j.bin)[0] : undefined];
        for (const c of cands) {
          if (!c) continue;
          const n = c.replace(/^\.\//, '');
          idx = sorted.findIndex((f) => f.path === n || f.path === `${n}.js` || f.path === `${n}/index.js`);
          if (idx >= 0) break;
        }
      } catch {
        /* not JSON: ignore */
      }
    }
  }
  if (idx < 0) {
    let best = Infinity;
    sorted.forEach((f, i) => {
      const base = f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '').toLowerCase();
      const rank = ENTRY_NAMES.indexOf(base);
      const signal = f.entrySignal ?? 0;
      if ((rank < 0 && !signal) || /(^|\/)(test|tests|__tests__|spec|docs?|scripts?|tools?|benchmarks?)\//i.test(f.path) || /\.(test|spec)\./.test(f.path)) return;
      const depth = f.path.split('/').length;
      // A main function / application class wins outright; otherwise shallower paths, earlier
      // names and a bootstrap (createApp, createRoot, listen) win; markup pages and private
      // (_underscored) modules come after code.
      const markup = f.comments === 'markup' && f.language !== 'Vue' ? 100 : 0;
      const privateFile = base.startsWith('_') && rank < 0 ? 50 : 0;
      const score = depth * 100 + (rank < 0 ? 60 : rank) + markup + privateFile - (signal === 2 ? 10_000 : signal === 1 ? 50 : 0);
      if (score < best) {
        best = score;
        idx = i;
      }
    });
  }
  if (idx > 0) {
    const [e] = sorted.splice(idx, 1);
    sorted.unshift(e);
  }
  const entryFile = sorted[0];
  return middleOut(middleOut(sorted, (f) => f !== entryFile && supporting(f)), (f) => f.language === 'SQL');
}

/**
 * Folders of code that supports the business rather than being it: configuration, utilities, styles, types, i18n,
 * shared UI components and page layouts, mock data.
 */
const SUPPORT_DIR =
  /(^|\/)(config|configs|conf|settings|utils?|helpers?|common|commons|constants?|consts|styles?|css|less|scss|sass|themes?|i18n|locales?|lang|langs|types|typings|interfaces|enums?|assets|static|public|plugins?|directives?|filters|middlewares?|interceptors?|exceptions?|errors|templatetags|management|icons?|fonts?|components|layouts?|mocks?|mocking)\//i;
const SUPPORT_FILE = /(^|[._-])(config|settings|constants?|consts|utils?|helpers?|types?|typings|enums?|exceptions?|errors|styles?|theme|variables|mixins|polyfills?|shims?|env|apps|admin)\.[\w.]+$|^__init__\.py$|\.d\.ts$/i;
/** Style sheet languages: never what fills the printed pages of a long program. */
export const STYLE_LANGUAGES: ReadonlySet<string> = new Set(['CSS', 'SCSS', 'Less', 'Sass', 'Stylus', 'WXSS']);

/**
 * A file that supports the business rather than being it: style sheets, configuration, utilities, constants,
 * types, i18n, shared components, layouts (by folder or name). Placed in the middle of the program (middleOut), so
 * that the first and the last 30 pages — all that is printed of a long program — show the controllers, services,
 * views and pages of its modules; the document's modules are placed by source/print-order.ts.
 */
export function supporting(f: Pick<CodeFile, 'path' | 'language'>): boolean {
  return STYLE_LANGUAGES.has(f.language) || SUPPORT_DIR.test(f.path) || SUPPORT_FILE.test(f.path.slice(f.path.lastIndexOf('/') + 1));
}

/**
 * Moves the files `isData` picks (SQL scripts, supporting files) to the middle of the program, where
 * the line count of the other files reaches half, keeping every other file's order. When a program has more than
 * 60 pages only the first and last 30 are printed (登记办法 第十条), so a schema script that sorts last (sql/…
 * after src/…) would otherwise fill the tail pages with CREATE TABLE and INSERT instead of program logic.
 */
function middleOut(files: CodeFile[], isData: (f: CodeFile) => boolean): CodeFile[] {
  const data = files.filter(isData);
  if (data.length === 0 || data.length === files.length) return files;
  const rest = files.filter((f) => !isData(f));
  const total = rest.reduce((a, f) => a + f.lines, 0);
  let at = 0;
  // The entry point (first file) always stays first.
  for (let seen = 0; at < rest.length && (at === 0 || seen + rest[at].lines / 2 <= total / 2); at++) seen += rest[at].lines;
  return [...rest.slice(0, at), ...data, ...rest.slice(at)];
}

function collectIgnores(raw: RawEntry[]): Map<string, Ignore> {
  const m = new Map<string, Ignore>();
  for (const e of raw) {
    if (e.path === '.gitignore' || e.path.endsWith('/.gitignore')) {
      const dir = e.path.slice(0, -'.gitignore'.length).replace(/\/$/, '');
      m.set(dir, ignore().add(Buffer.from(e.data).toString('utf8')));
    }
  }
  return m;
}

function isIgnored(rel: string, ignores: Map<string, Ignore>): boolean {
  if (ignores.size === 0) return false;
  for (const [dir, ig] of ignores) {
    if (dir === '') {
      if (ig.ignores(rel)) return true;
    } else if (rel.startsWith(dir + '/')) {
      if (ig.ignores(rel.slice(dir.length + 1))) return true;
    }
  }
  return false;
}

/**
 * Reads a code base from a directory. Skips third-party, generated, binary, minified,
 * lock and build-output files, honours nested .gitignore files, and never follows
 * symbolic links. The file system is read synchronously, one file at a time (a command-line
 * run has nothing else to do meanwhile; the server takes archives). Throws DocgenError
 * INPUT_NOT_FOUND / EMPTY_CODEBASE.
 */
export async function intakeDirectory(dir: string, opts: IntakeOptions = {}): Promise<IntakeResult> {
  const root = path.resolve(dir);
  const st = statOrUndefined(root);
  if (!st) throw new DocgenError('INPUT_NOT_FOUND', `找不到代码目录：${dir}`);
  if (!st.isDirectory()) throw new DocgenError('INPUT_NOT_FOUND', `不是目录：${dir}`);
  const maxFiles = opts.maxFiles ?? DEFAULTS.maxFiles;
  const skipped: SkippedFile[] = [];
  const files: CodeFile[] = [];
  let seen = 0;
  const maxFileBytes = opts.maxFileBytes ?? DEFAULTS.maxFileBytes;
  const extra = opts.exclude?.length ? ignore().add(opts.exclude) : undefined;
  const forced = opts.include?.length ? ignore().add(opts.include) : undefined;
  const useGit = opts.gitignore !== false;
  const ignores = new Map<string, Ignore>();
  const meta: MetaFile[] = [];
  let pkgJson: RawEntry | undefined;
  /** A forced pattern may name a file inside a folder skipped by default: walk such folders too. */
  const forcedBelow = (dirRel: string) => !!forced && (opts.include ?? []).some((p) => p.replace(/^\//, '').startsWith(dirRel + '/') || forced.ignores(dirRel + '/'));

  const scratch: ReadBuffer = { buf: Buffer.allocUnsafe(READ_BUFFER_BYTES) };
  let textBudget = opts.retainText === false ? 0 : opts.retainText === true || opts.retainText === undefined ? Infinity : opts.retainText;

  const walk = (abs: string, rel: string, forcedDir: boolean): void => {
    const ents = readdirSync(abs, { withFileTypes: true });
    if (useGit && ents.some((e) => e.name === '.gitignore' && e.isFile())) {
      ignores.set(rel, ignore().add(readFileSync(path.join(abs, '.gitignore'), 'utf8')));
    }
    ents.sort((a, b) => (a.name < b.name ? -1 : 1));
    const base = abs.endsWith(path.sep) ? abs : abs + path.sep;
    for (const e of ents) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      const absFile = base + e.name; // an entry name never holds a separator: no path.join needed
      if (e.isSymbolicLink()) {
        skipped.push({ path: r, reason: '符号链接（不跟随）' });
        continue;
      }
      if (e.isDirectory()) {
        if (extra?.ignores(r + '/')) {
          skipped.push({ path: r + '/', reason: '按你的选择排除' });
          continue;
        }
        const force = forcedDir || forcedBelow(r);
        if (!force && (SKIPPED_DIRS.has(e.name) || VERSIONED_DIR.test(e.name))) {
          skipped.push({ path: r + '/', reason: VERSIONED_DIR.test(e.name) ? `第三方库目录 ${e.name}/（目录名带版本号）` : `第三方或构建输出目录 ${e.name}/` });
          continue;
        }
        if (!force && isIgnored(r + '/', ignores)) {
          skipped.push({ path: r + '/', reason: '被 .gitignore 忽略' });
          continue;
        }
        walk(absFile, r, forcedDir || (forced?.ignores(r + '/') ?? false));
        continue;
      }
      if (!e.isFile()) continue;
      if (r === 'package.json') pkgJson = { path: r, data: readFileSync(absFile) };
      const isMeta = isMetaFile(r);
      if (isMeta) {
        const data = readUpTo(absFile, META_MAX_BYTES, scratch);
        if (typeof data !== 'number') collectMeta(meta, r, data);
      }
      if (extra?.ignores(r)) {
        skipped.push({ path: r, reason: '按你的选择排除' });
        continue;
      }
      const isForced = forcedDir || (forced?.ignores(r) ?? false);
      if (!isForced && isIgnored(r, ignores)) {
        skipped.push({ path: r, reason: '被 .gitignore 忽略' });
        continue;
      }
      if (isMeta && !detectLanguage(r)) {
        skipped.push({ path: r, reason: META_REASON });
        continue;
      }
      const byName = skipReasonByName(r);
      if (byName && !(isForced && OVERRIDABLE.has(byName))) {
        skipped.push({ path: r, reason: byName });
        continue;
      }
      const cls = isForced ? undefined : classifyPath(r);
      if (cls) {
        skipped.push({ path: r, ...cls });
        continue;
      }
      const firstLineProbe = detectLanguage(r) ?? (e.name.includes('.') ? (/\.xml$/i.test(e.name) ? 'xml' : undefined) : 'maybe');
      if (!firstLineProbe) {
        skipped.push({ path: r, reason: '非源代码文件（文档、数据或配置）' });
        continue;
      }
      if (++seen > maxFiles) throw new DocgenError('ARCHIVE_TOO_LARGE', `源文件数量超过上限（${maxFiles} 个），请只上传本软件自己的源代码`);
      const data = readUpTo(absFile, maxFileBytes, scratch);
      if (typeof data === 'number') {
        skipped.push({ path: r, reason: `文件过大（${Math.round(data / 1024)} KB），多为数据或生成文件` });
        continue;
      }
      // One file at a time: read, decode, count; the bytes are dropped right away.
      const f = admitOne({ path: r, data }, maxFileBytes, skipped, isForced);
      if (!f) continue;
      if (f.text.length <= textBudget) {
        textBudget -= f.text.length;
        files.push(f);
        opts.onFile?.(f);
      } else files.push(lazyText(f, absFile));
    }
  };
  walk(root, '', false);
  const kept = dropForeignLicensed(dropBuildSiblings(files, skipped, forced), skipped, forced);
  categorise(skipped);
  const ordered = orderFiles(kept, opts.entry, pkgJson ? [pkgJson] : undefined);
  const res: IntakeResult = { files: ordered, stats: computeStats(ordered), skipped, meta };
  if (res.files.length === 0) throw new DocgenError('EMPTY_CODEBASE', `目录中没有可识别的源代码文件：${dir}`);
  return res;
}

/** The buffer readUpTo reads into, replaced by a larger one when a file does not fit. */
interface ReadBuffer {
  buf: Buffer;
}

/** Initial size of a ReadBuffer: most source files fit. */
const READ_BUFFER_BYTES = 256 * 1024;

/**
 * A file's bytes, or its size in bytes (fstat) when larger than `max` (then at most max + 1 bytes are read).
 * The bytes returned are a view of `scratch.buf`: valid until the next call with the same buffer. Reads until
 * the end of the file (a read that returns nothing), so no fstat is needed for a file that fits.
 */
function readUpTo(file: string, max: number, scratch: ReadBuffer): Buffer | number {
  const fd = openSync(file, 'r');
  try {
    let buf = scratch.buf;
    let got = 0;
    for (;;) {
      if (got === buf.length) {
        // The buffer is full: the file's size decides whether it is read to the end.
        const size = fstatSync(fd).size;
        if (size > max) return size;
        const larger = Buffer.allocUnsafe(Math.min(Math.max(size + 1, buf.length * 2), max + 1));
        buf.copy(larger, 0, 0, got);
        buf = scratch.buf = larger;
      }
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
      if (got > max) return fstatSync(fd).size;
    }
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

function statOrUndefined(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/** Replaces `text` by a getter that re-reads and decodes the file (see IntakeOptions.retainText). */
function lazyText(f: CodeFile, abs: string): CodeFile {
  const { text: _drop, ...rest } = f;
  const out = rest as CodeFile;
  Object.defineProperty(out, 'text', {
    enumerable: true,
    get: () => decodeSource(readFileSync(abs))?.text ?? '',
  });
  return out;
}

/** Archive safety check of one entry name; returns the normalised relative path. */
function safeEntryPath(name: string): string {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[a-zA-Z]:/.test(n) || n.includes('\0')) {
    throw new DocgenError('ARCHIVE_UNSAFE', `压缩包含有绝对路径的条目，已拒绝：${name}`);
  }
  const parts = n.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) {
    throw new DocgenError('ARCHIVE_UNSAFE', `压缩包含有路径穿越（..）的条目，已拒绝：${name}`);
  }
  return parts.join('/');
}

function checkLinkTarget(entryPath: string, target: string): void {
  const t = target.replace(/\\/g, '/');
  if (t.startsWith('/') || /^[a-zA-Z]:/.test(t)) throw new DocgenError('ARCHIVE_UNSAFE', `压缩包中的链接 ${entryPath} 指向外部路径 ${target}，已拒绝`);
  const stack = entryPath.split('/').slice(0, -1);
  for (const p of t.split('/')) {
    if (p === '..') {
      if (stack.length === 0) throw new DocgenError('ARCHIVE_UNSAFE', `压缩包中的链接 ${entryPath} 指向压缩包之外（${target}），已拒绝`);
      stack.pop();
    } else if (p !== '.' && p !== '') stack.push(p);
  }
}

function bytesLabel(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(0)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/**
 * Entry names without the UTF-8 flag: UTF-8 when they decode as such (macOS, Linux tools), else
 * GBK/GB18030 — what Windows' built-in zip writes on a Chinese system. Never guessed per name:
 * short names fool encoding detectors.
 */
function decodeZipName(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconvLite().decode(Buffer.from(bytes), 'gb18030');
  }
}

const ZIP64_CORRUPT = 'zip 文件的 ZIP64 目录结构损坏，请重新压缩后上传';

/** An 8-byte little-endian count or offset of a ZIP64 record; beyond what a number holds exactly the file is refused. */
function uint64(dv: DataView, at: number): number {
  const v = dv.getBigUint64(at, true);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new DocgenError('ARCHIVE_CORRUPT', ZIP64_CORRUPT);
  return Number(v);
}

/**
 * Where the central directory of a zip is and how many entries it has: from the end record, or — when a field there
 * is saturated (0xffff entries, 0xffffffff size or offset) — from the ZIP64 end record the ZIP64 locator just
 * before it points to (APPNOTE.TXT 4.3.14–4.3.15).
 */
function zipDirectory(buf: Uint8Array, dv: DataView, eocd: number): { count: number; offset: number } {
  const count = dv.getUint16(eocd + 10, true);
  const size = dv.getUint32(eocd + 12, true);
  const offset = dv.getUint32(eocd + 16, true);
  if (count !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { count, offset };
  const locator = eocd - 20;
  if (locator < 0 || dv.getUint32(locator, true) !== 0x07064b50) throw new DocgenError('ARCHIVE_CORRUPT', ZIP64_CORRUPT);
  const record = uint64(dv, locator + 8);
  if (record + 56 > locator || dv.getUint32(record, true) !== 0x06064b50) throw new DocgenError('ARCHIVE_CORRUPT', ZIP64_CORRUPT);
  return { count: uint64(dv, record + 32), offset: uint64(dv, record + 48) };
}

/**
 * The 64-bit sizes and local header offset of a central directory entry whose 32-bit fields are saturated
 * (0xffffffff): read, in that order and only for the saturated ones, from its ZIP64 extra field (id 0x0001,
 * APPNOTE.TXT 4.5.3).
 */
function zip64Fields(dv: DataView, extraStart: number, extraLen: number, e: { usize: number; csize: number; local: number }): { usize: number; csize: number; local: number } {
  for (let q = extraStart; q + 4 <= extraStart + extraLen; ) {
    const id = dv.getUint16(q, true);
    const len = dv.getUint16(q + 2, true);
    if (id === 0x0001) {
      let at = q + 4;
      const next = (): number => {
        if (at + 8 > q + 4 + len) throw new DocgenError('ARCHIVE_CORRUPT', ZIP64_CORRUPT);
        at += 8;
        return uint64(dv, at - 8);
      };
      const usize = e.usize === 0xffffffff ? next() : e.usize;
      const csize = e.csize === 0xffffffff ? next() : e.csize;
      const local = e.local === 0xffffffff ? next() : e.local;
      return { usize, csize, local };
    }
    q += 4 + len;
  }
  throw new DocgenError('ARCHIVE_CORRUPT', ZIP64_CORRUPT);
}

/**
 * Reads the zip central directory (ZIP64 included: archives over 4 GB or 65,535 entries, or written with ZIP64
 * records anyway, e.g. `zip -fz`) and enforces the safety limits before inflating anything.
 */
function readZip(buf: Uint8Array, opts: IntakeOptions, skipped: SkippedFile[]): RawEntry[] {
  const maxFiles = opts.maxFiles ?? DEFAULTS.maxFiles;
  const maxBytes = opts.maxBytes ?? DEFAULTS.maxBytes;
  const maxRatio = opts.maxRatio ?? DEFAULTS.maxRatio;
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new DocgenError('ARCHIVE_CORRUPT', '无法读取 zip 文件：找不到目录结构，文件可能已损坏');
  const { count, offset: cdOffset } = zipDirectory(buf, dv, eocd);
  if (count > maxFiles) throw new DocgenError('ARCHIVE_TOO_LARGE', `压缩包内文件数量（${count}）超过上限 ${maxFiles}，请只打包本软件的源代码`);
  const wanted: { path: string; method: number; csize: number; usize: number; local: number }[] = [];
  let total = 0;
  let compressed = 0;
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > buf.length || dv.getUint32(p, true) !== 0x02014b50) throw new DocgenError('ARCHIVE_CORRUPT', 'zip 文件目录结构损坏');
    const madeBy = dv.getUint16(p + 4, true);
    const flags = dv.getUint16(p + 8, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    const ext = dv.getUint32(p + 38, true);
    const method = dv.getUint16(p + 10, true);
    const short = { csize: dv.getUint32(p + 20, true), usize: dv.getUint32(p + 24, true), local: dv.getUint32(p + 42, true) };
    const saturated = short.csize === 0xffffffff || short.usize === 0xffffffff || short.local === 0xffffffff;
    if (p + 46 + nameLen + extraLen > buf.length) throw new DocgenError('ARCHIVE_CORRUPT', 'zip 文件目录结构损坏');
    const { csize, usize, local: localOffset } = saturated ? zip64Fields(dv, p + 46 + nameLen, extraLen, short) : short;
    const nameBytes = buf.subarray(p + 46, p + 46 + nameLen);
    const rawName = flags & 0x800 ? new TextDecoder().decode(nameBytes) : decodeZipName(nameBytes);
    p += 46 + nameLen + extraLen + commentLen;
    const safe = safeEntryPath(rawName);
    const unixMode = madeBy >> 8 === 3 ? ext >>> 16 : 0;
    const isDir = rawName.endsWith('/') || (unixMode & 0o170000) === 0o040000;
    if ((unixMode & 0o170000) === 0o120000) {
      // Symbolic link: its target is the entry's content; check it without trusting it.
      throw new DocgenError('ARCHIVE_UNSAFE', `压缩包含有符号链接 ${rawName}，已拒绝（链接可能指向压缩包之外）`);
    }
    if (isDir) continue;
    total += usize;
    compressed += csize;
    if (total > maxBytes) throw new DocgenError('ARCHIVE_TOO_LARGE', `压缩包解压后超过上限 ${bytesLabel(maxBytes)}，已拒绝`);
    if (usize > 4 * 1024 * 1024 && csize > 0 && usize / csize > maxRatio) {
      throw new DocgenError('ARCHIVE_UNSAFE', `压缩包中的 ${rawName} 压缩比异常（${Math.round(usize / csize)}:1），疑似压缩炸弹，已拒绝`);
    }
    if (flags & 1) {
      skipped.push({ path: safe, reason: '加密条目' });
      continue;
    }
    wanted.push({ path: safe, method, csize, usize, local: localOffset });
  }
  if (total > 16 * 1024 * 1024 && compressed > 0 && total / compressed > maxRatio) {
    throw new DocgenError('ARCHIVE_UNSAFE', `压缩包整体压缩比异常（${Math.round(total / compressed)}:1），疑似压缩炸弹，已拒绝`);
  }
  const pre = prefilter(wanted.map((w) => w.path), opts, skipped);
  const maxFileBytes = opts.maxFileBytes ?? DEFAULTS.maxFileBytes;
  const budget = budgetOf(opts);
  const res: RawEntry[] = [];
  for (const w of wanted) {
    if (!pre.has(w.path)) continue;
    // Larger than any file that is read: never inflated (it is skipped with the same reason as after reading).
    if (w.usize > maxFileBytes) {
      skipped.push({ path: w.path, reason: TOO_LARGE_FILE(w.usize) });
      continue;
    }
    // Inflate natively, never beyond the size the directory declared (a lying entry cannot grow).
    if (w.local + 30 > buf.length || dv.getUint32(w.local, true) !== 0x04034b50) throw new DocgenError('ARCHIVE_CORRUPT', `zip 文件损坏：${w.path} 的本地文件头无效`);
    const start = w.local + 30 + dv.getUint16(w.local + 26, true) + dv.getUint16(w.local + 28, true);
    const raw = buf.subarray(start, start + w.csize);
    let data: Uint8Array;
    budget.reserve(w.usize);
    if (w.method === 0) data = raw;
    else if (w.method === 8) {
      try {
        data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, w.usize) });
      } catch {
        throw new DocgenError('ARCHIVE_CORRUPT', `zip 文件损坏，无法解压其中的 ${w.path}（数据不完整或与目录记录不符），请重新压缩后上传`);
      }
    } else {
      skipped.push({ path: w.path, reason: `不支持的压缩方式（${w.method}）` });
      continue;
    }
    if (data.length !== w.usize) throw new DocgenError('ARCHIVE_CORRUPT', `zip 文件损坏：${w.path} 的大小与目录记录不符`);
    budget.add(data);
    res.push({ path: w.path, data });
  }
  return res;
}

/** Drops entries whose name alone rules them out, before inflating them. Keeps .gitignore and package.json. */
function prefilter(paths: string[], opts: IntakeOptions, skipped: SkippedFile[]): Set<string> {
  const keep = new Set<string>();
  // Paths still carry the archive's common root here (e.g. "repo-main/"): match forced patterns without it.
  const root = commonRoot(paths);
  const inc = opts.include?.length ? ignore().add(opts.include) : undefined;
  const forced = inc ? { ignores: (p: string) => inc.ignores(root && p.startsWith(root) ? p.slice(root.length) : p) } : undefined;
  for (const p of paths) {
    const base = p.slice(p.lastIndexOf('/') + 1);
    if (base === '.gitignore' || base === 'package.json' || isMetaFile(p) || /\.xml$/i.test(base) || forced?.ignores(p)) {
      keep.add(p);
      continue;
    }
    const reason = skipReasonByName(p);
    if (reason) {
      skipped.push({ path: p, reason });
      continue;
    }
    const cls = classifyPath(root && p.startsWith(root) ? p.slice(root.length) : p);
    if (cls) {
      skipped.push({ path: p, ...cls });
      continue;
    }
    if (!detectLanguage(p) && base.includes('.')) {
      skipped.push({ path: p, reason: '非源代码文件（文档、数据或配置）' });
      continue;
    }
    keep.add(p);
  }
  return keep;
}

/** "root/" when every path starts with the same first folder, else ''. */
function commonRoot(paths: string[]): string {
  if (paths.length === 0) return '';
  const first = paths[0].split('/')[0];
  return paths.every((p) => p.startsWith(first + '/')) ? first + '/' : '';
}

/**
 * Streams a .tar.gz: decompressed bytes are counted as they come (size and ratio limits apply
 * before the archive is ever held whole), entries are checked for unsafe paths and links, and
 * only entries that can be source code (or .gitignore / package.json) are kept in memory —
 * a node_modules/ inside the archive is skipped without being buffered.
 */
async function readTarGz(buf: Uint8Array, opts: IntakeOptions, skipped: SkippedFile[]): Promise<RawEntry[]> {
  const maxFiles = opts.maxFiles ?? DEFAULTS.maxFiles;
  const maxBytes = opts.maxBytes ?? DEFAULTS.maxBytes;
  const maxRatio = opts.maxRatio ?? DEFAULTS.maxRatio;
  const maxFileBytes = opts.maxFileBytes ?? DEFAULTS.maxFileBytes;
  const budget = budgetOf(opts);
  const res: RawEntry[] = [];
  const skippedDirs = new Set<string>();
  const inc = opts.include?.length ? ignore().add(opts.include) : undefined;
  // Tar paths carry the archive's root folder (npm's "package/", GitHub's "repo-main/"): match without it too.
  const forcedTar = (p: string) => !!inc && (inc.ignores(p) || (p.includes('/') && inc.ignores(p.slice(p.indexOf('/') + 1))));
  let count = 0;
  let failure: DocgenError | undefined;
  let total = 0;
  const { Parser: TarParser } = await import('tar');
  await new Promise<void>((resolve, reject) => {
    const fail = (e: DocgenError) => {
      if (!failure) failure = e;
      gunzip.destroy();
      resolve();
    };
    const parser = new TarParser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        try {
          if (failure) {
            entry.resume();
            return;
          }
          count++;
          if (count > maxFiles) throw new DocgenError('ARCHIVE_TOO_LARGE', `压缩包内文件数量超过上限 ${maxFiles}，请只打包本软件的源代码`);
          const safe = safeEntryPath(entry.path);
          if (entry.type === 'SymbolicLink' || entry.type === 'Link') {
            checkLinkTarget(safe, entry.linkpath ?? '');
            skipped.push({ path: safe, reason: '链接文件（不跟随）' });
            entry.resume();
            return;
          }
          if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
            entry.resume();
            return;
          }
          const parts = safe.split('/');
          const bad = forcedTar(safe) ? -1 : parts.slice(1, -1).findIndex((p) => SKIPPED_DIRS.has(p) || VERSIONED_DIR.test(p));
          if (bad >= 0) {
            const dir = parts.slice(0, bad + 2).join('/') + '/';
            if (!skippedDirs.has(dir)) {
              skippedDirs.add(dir);
              skipped.push({ path: dir, reason: VERSIONED_DIR.test(parts[bad + 1]) ? `第三方库目录 ${parts[bad + 1]}/（目录名带版本号）` : `第三方或构建输出目录 ${parts[bad + 1]}/` });
            }
            entry.resume();
            return;
          }
          const base = parts[parts.length - 1];
          if (base !== '.gitignore' && base !== 'package.json' && !isMetaFile(safe) && !/\.xml$/i.test(base) && !forcedTar(safe)) {
            const reason = skipReasonByName(safe) ?? (!detectLanguage(safe) && base.includes('.') ? '非源代码文件（文档、数据或配置）' : undefined);
            if (reason) {
              skipped.push({ path: safe, reason });
              entry.resume();
              return;
            }
            // Without the archive's root folder (npm's "package/", GitHub's "repo-main/").
            const cls = classifyPath(safe.includes('/') ? safe.slice(safe.indexOf('/') + 1) : safe);
            if (cls) {
              skipped.push({ path: safe, ...cls });
              entry.resume();
              return;
            }
          }
          // Larger than any file that is read: streamed past, never buffered.
          if ((entry.size ?? 0) > maxFileBytes) {
            skipped.push({ path: safe, reason: TOO_LARGE_FILE(entry.size ?? 0) });
            entry.resume();
            return;
          }
          const chunks: Buffer[] = [];
          entry.on('data', (c: Buffer) => {
            if (failure) return;
            try {
              budget.add(c);
              chunks.push(c);
            } catch (e) {
              fail(e as DocgenError);
            }
          });
          entry.on('end', () => {
            if (!failure) res.push({ path: safe, data: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
          });
        } catch (e) {
          failure = e instanceof DocgenError ? e : new DocgenError('ARCHIVE_CORRUPT', 'tar 文件中有无法读取的条目，文件可能已损坏，请重新压缩后上传');
          entry.resume();
        }
      },
    });
    const gunzip = zlib.createGunzip();
    gunzip.on('data', (c: Buffer) => {
      if (failure) return;
      total += c.length;
      if (total > maxBytes) return fail(new DocgenError('ARCHIVE_TOO_LARGE', `压缩包解压后超过上限 ${bytesLabel(maxBytes)}，已拒绝`));
      if (total > 16 * 1024 * 1024 && total / buf.length > maxRatio) {
        return fail(new DocgenError('ARCHIVE_UNSAFE', `压缩包压缩比异常（超过 ${maxRatio}:1），疑似压缩炸弹，已拒绝`));
      }
      parser.write(c);
    });
    // zlib and tar speak English ("unexpected end of file", "invalid block type"): the user reads what it means.
    gunzip.on('error', () => {
      if (!failure) reject(new DocgenError('ARCHIVE_CORRUPT', 'tar.gz 文件不完整或已损坏，无法解压，请重新压缩后上传'));
    });
    gunzip.on('end', () => parser.end());
    parser.on('error', () => reject(new DocgenError('ARCHIVE_CORRUPT', 'tar 文件结构损坏，无法读取，请重新压缩后上传')));
    parser.on('end', () => resolve());
    gunzip.end(buf);
  });
  if (failure) throw failure;
  return res;
}

/** Strips one directory level shared by every entry (e.g. "package/" of npm tarballs, "repo-main/" of GitHub zips). */
function stripCommonRoot(entries: RawEntry[], skipped: SkippedFile[]): RawEntry[] {
  if (entries.length === 0) return entries;
  const first = entries[0].path.split('/')[0];
  if (!entries.every((e) => e.path.startsWith(first + '/'))) return entries;
  for (const s of skipped) if (s.path.startsWith(first + '/')) s.path = s.path.slice(first.length + 1);
  return entries.map((e) => ({ path: e.path.slice(first.length + 1), data: e.data }));
}

/**
 * Reads a code base from a .zip or .tar.gz (buffer or file path), entirely in memory:
 * nothing is ever written to disk. Refuses (DocgenError ARCHIVE_UNSAFE / ARCHIVE_TOO_LARGE)
 * entries with absolute paths or '..', links pointing outside the archive (zip: any link),
 * more than `maxFiles` entries, more than `maxBytes` uncompressed, more than `maxInflatedBytes` or
 * `maxLines` inflated and kept (counted while inflating), or a bomb-like compression ratio; then applies the
 * same filters as intakeDirectory. Every error is a DocgenError with a Chinese message (ARCHIVE_CORRUPT for a
 * damaged archive).
 */
export async function intakeArchive(input: Uint8Array | string, kind: 'zip' | 'tar.gz', opts: IntakeOptions = {}): Promise<IntakeResult> {
  let buf: Uint8Array;
  if (typeof input === 'string') {
    const st = await fsp.stat(input).catch(() => undefined);
    if (!st?.isFile()) throw new DocgenError('INPUT_NOT_FOUND', `找不到压缩包：${input}`);
    if (st.size > (opts.maxBytes ?? DEFAULTS.maxBytes)) throw new DocgenError('ARCHIVE_TOO_LARGE', '压缩包过大，已拒绝');
    buf = await fsp.readFile(input);
  } else buf = input;
  const skipped: SkippedFile[] = [];
  let raw: RawEntry[];
  try {
    if (kind === 'zip') {
      if (!(buf[0] === 0x50 && buf[1] === 0x4b)) throw new DocgenError('UNSUPPORTED_ARCHIVE', '文件不是有效的 zip 压缩包');
      raw = readZip(buf, opts, skipped);
    } else if (kind === 'tar.gz') {
      if (!(buf[0] === 0x1f && buf[1] === 0x8b)) throw new DocgenError('UNSUPPORTED_ARCHIVE', '文件不是有效的 .tar.gz 压缩包');
      raw = await readTarGz(buf, opts, skipped);
    } else {
      throw new DocgenError('UNSUPPORTED_ARCHIVE', `不支持的压缩格式：${String(kind)}，请上传 .zip 或 .tar.gz`);
    }
  } catch (e) {
    // A truncated or forged structure surfaces as RangeError and the like, in English: never shown as such.
    if (e instanceof DocgenError) throw e;
    throw new DocgenError('ARCHIVE_CORRUPT', '压缩包结构损坏或不完整，无法读取，请重新压缩后上传');
  }
  raw = stripCommonRoot(raw, skipped);
  const res = admit(raw, opts, skipped, false);
  if (res.files.length === 0) throw new DocgenError('EMPTY_CODEBASE', '压缩包中没有可识别的源代码文件');
  return res;
}

/** Guesses the archive kind from a file name; undefined when unsupported. */
export function archiveKindOf(file: string): 'zip' | 'tar.gz' | undefined {
  const l = file.toLowerCase();
  if (l.endsWith('.zip')) return 'zip';
  if (l.endsWith('.tar.gz') || l.endsWith('.tgz')) return 'tar.gz';
  return undefined;
}
