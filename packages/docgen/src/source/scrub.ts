/** What was removed from the printed code, and where (file path and 1-based original line). */
import { authorOf } from '../intake/provenance';

export interface ScrubFinding {
  file: string;
  line: number;
  kind: ScrubKind;
  /** Chinese label of the kind, for reports. */
  label: string;
  /** For removed author/copyright lines: the name the line gave (another author's attribution is never dropped silently). */
  detail?: string;
}

export type ScrubKind = 'private-key' | 'api-key' | 'password' | 'hash' | 'ip' | 'email' | 'phone' | 'id-number' | 'author';

export const SCRUB_LABELS: Record<ScrubKind, string> = {
  'private-key': '私钥',
  'api-key': '密钥/令牌',
  password: '配置中的密码或密钥',
  hash: '密码哈希（bcrypt/argon2/sha-crypt）',
  ip: '内网或本机回环 IP 地址',
  email: '电子邮箱',
  phone: '电话号码',
  'id-number': '身份证号',
  author: '作者/版权声明行',
};

export interface ScrubReport {
  /** Findings in file order; capped at `limit` entries (counts are always complete). */
  findings: ScrubFinding[];
  counts: Partial<Record<ScrubKind, number>>;
  total: number;
  truncated: boolean;
}

/** Findings listed in a report (ScrubReport.findings); counts and total go on beyond. */
export const SCRUB_FINDINGS_LIMIT = 2000;

/**
 * Appends the report of the next file (in print order) to `into`, as if one Scrubber had read both: findings
 * listed up to `limit`, counts and total complete, `truncated` once a finding could not be listed.
 */
export function appendScrubReport(into: ScrubReport, next: ScrubReport, limit = SCRUB_FINDINGS_LIMIT): void {
  for (const f of next.findings) {
    if (into.findings.length < limit) into.findings.push(f);
    else into.truncated = true;
  }
  if (next.truncated) into.truncated = true;
  into.total += next.total;
  for (const [k, n] of Object.entries(next.counts) as [ScrubKind, number][]) into.counts[k] = (into.counts[k] ?? 0) + n;
}

const TOKEN_PATTERNS: RegExp[] = [
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bLTAI[0-9A-Za-z]{12,24}\b/g, // Aliyun AccessKey
  /\bAKID[0-9A-Za-z]{13,40}\b/g, // Tencent Cloud SecretId
  /\bsk-[A-Za-z0-9_-]{20,}\b/g, // OpenAI-style / DeepSeek keys
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, // GitHub tokens
  /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g, // Slack
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API key
  /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, // JWT
];

/**
 * One cheap test: a line matching none of these cannot hold anything to scrub. Each pattern below needs one: a hash
 * its $id$, credentials in a URL "://user:password@", an e-mail or @email/@contact an '@', an IPv4 address four
 * dotted numbers, a phone or ID number seven digits in a row, a secret assignment one of the names it looks for
 * (password, passwd, passphrase, pwd, secret, token, api/access/private/auth key, 密码, 口令, 密钥, 秘钥), an author
 * line one of its words.
 */
const TRIGGER =
  /\$(2[abxy]?|argon2(?:id|i|d)?|[156])\$|:\/\/[^\s:/@'"`]+:[^\s@/'"`]+@|@|\d\.\d+\.\d+\.\d|\d{3}[- ]?\d{4}|PRIVATE KEY|AKIA|LTAI|AKID|sk-|gh[pousr]_|xox|AIza|eyJ|pass(?:w(?:or)?d|phrase)|pwd|secret|token|(?:api|access|private|auth)[_-]?key|copyright|\(c\)|©|author|rights reserved|[密口作版联秘]/i;

const TRIGGER_AT = new RegExp(TRIGGER.source, 'gi');

/**
 * Where in `text` the next match of the scrubber's pre-test starts, at or after `from` (text.length when none): a
 * line of `text` before it, tabs and invisible characters aside, is returned unchanged by Scrubber.line while no key
 * block is open (keyBlockOpen). No match spans a line break, so a whole text is searched once instead of each line.
 */
export function nextScrubTrigger(text: string, from: number): number {
  TRIGGER_AT.lastIndex = from;
  for (let m = TRIGGER_AT.exec(text); m; m = TRIGGER_AT.exec(text)) {
    const i = m.index;
    // An '@' matters only after a character of an e-mail address's local part (EMAIL_AT) or as @email / @contact
    // (AUTHOR_LINE; @author is found by "author"): "@param", "{@link …}", "@Override" change nothing.
    if (text.charCodeAt(i) !== 64 || EMAIL_LOCAL.test(text.charAt(i - 1)) || AT_AUTHOR.test(text.slice(i, i + 8))) return i;
    TRIGGER_AT.lastIndex = i + 1;
  }
  return text.length;
}
const EMAIL_LOCAL = /^[\w.%+-]$/;
const AT_AUTHOR = /^@(?:email|contact)/i;

/** Cheap pre-test: only lines containing one of these prefixes can hold a known token. */
const TOKEN_HINT = /AKIA|LTAI|AKID|sk-|gh[pousr]_|xox[abprs]-|AIza|eyJ/;
const SECRET_HINT = /pass|pwd|secret|token|key|密码|口令|密钥|秘钥/i;

const SECRET_ASSIGN =
  /((?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|client[_-]?secret|private[_-]?key|app[_-]?secret|auth[_-]?key|密码|口令|秘钥|密钥)[\w-]*["']?\s*(?::|=|:=|=>)\s*)(["'`])([^"'`\r\n]{3,})\2/gi;

const IPV4 = /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\w.])/g;
/**
 * The addresses masked: loopback (127/8), private (10/8, 172.16/12, 192.168/16, RFC 1918) and link-local
 * (169.254/16) — where a deployment's machines are. A public address, an example address and a dotted version
 * ("Chrome/102.0.0.0") are printed as they are.
 */
const PRIVATE_IP = /^(?:127\.|10\.|192\.168\.|169\.254\.|172\.(?:1[6-9]|2\d|3[01])\.)/;
/** E-mail domains reserved for examples and tests (RFC 2606, RFC 6761): an address there is nobody's. */
const EXAMPLE_DOMAIN = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$/i;
/** Password hashes: bcrypt ($2a$10$ + 53), argon2 ($argon2id$v=19$m=…,t=…,p=…$salt$hash), sha-crypt ($5$ / $6$), MD5-crypt ($1$). */
const HASHES = /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}|\$argon2(?:id|i|d)\$v=\d+\$[^\s'"`;)]+|\$[56]\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}|\$1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}/g;
/** Credentials inside a URL: scheme://user:password@host (JDBC, Redis, MongoDB, AMQP…). */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"`]+:)([^\s@/'"`]+)(@)/gi;
/** password=… inside a query string or a connection string: jdbc:…?user=root&password=123456, Password=…; */
const QUERY_SECRET = /([?&;]\s*(?:password|passwd|pwd|secret|token|access_?key|secret_?key)\s*=\s*)([^&;'"`\s]+)/gi;
/** An unquoted key = value / key: value assignment of a secret (properties, YAML, .env, shell, Dockerfile ENV). */
const UNQUOTED_SECRET = /^(\s*(?:export\s+|ENV\s+|set\s+)?[\w.-]*(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key)[\w.-]*\s*(?:=|:)\s*)([^\s'"`#;,]{3,})\s*$/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})\b/g;
const EMAIL_AT = /[A-Za-z0-9._%+-]@[A-Za-z0-9-]/;
const NOT_TLD = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'js', 'ts', 'css', 'vue', 'json', 'map']);
const MOBILE = /(?<![\dA-Za-z])(?:\+?86[- ]?)?1[3-9]\d(?:[- ]?\d{4}){2}(?![\dA-Za-z])/g;
const FOUR_DIGITS = /\d{4}/;
const LANDLINE = /(?<![\dA-Za-z])0\d{2,3}-\d{7,8}(?![\dA-Za-z])/g;
const ID18 = /(?<![\dA-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])/g;
const AUTHOR_LINE = /(copyright|\(c\)\s*\d{4}|©|@author\b|\bauthor\s*[:：]|作\s*者\s*[:：]|版权所有|all rights reserved|@email|@contact|联系(方式|电话|邮箱))/i;
const COMMENT_LEAD = /^\s*(\/\/|\/\*|\*|#|--|<!--|'''|"""|;|%|rem\b)/i;

/** GB 11643-1999 check digit of an 18-character resident identity number. */
export function isValidChineseId(id: string): boolean {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += (id.charCodeAt(i) - 48) * w[i];
  return '10X98765432'[s % 11] === id[17].toUpperCase();
}

/** Personal data found in a text: a mobile number, a resident identity number (valid check digit) or an e-mail address. */
export interface PersonalData {
  kind: 'phone' | 'id-number' | 'email';
  /** As found in the text. */
  text: string;
}

/**
 * The mobile numbers, 18-character identity numbers (GB 11643-1999 check digit) and e-mail addresses in `text` (the
 * patterns the source scrubber masks), in order of appearance. For screen text read by OCR. Pure.
 */
export function findPersonalData(text: string): PersonalData[] {
  const out: (PersonalData & { at: number })[] = [];
  for (const m of text.matchAll(MOBILE)) out.push({ kind: 'phone', text: m[0], at: m.index });
  for (const m of text.matchAll(ID18)) if (isValidChineseId(m[0])) out.push({ kind: 'id-number', text: m[0], at: m.index });
  for (const m of text.matchAll(EMAIL)) out.push({ kind: 'email', text: m[0], at: m.index });
  return out.sort((a, b) => a.at - b.at).map(({ kind, text: t }) => ({ kind, text: t }));
}

/**
 * Scrubs one file's lines in place (cpcc-materials.md, hygiene: no personal names,
 * e-mails, phone numbers, copyright lines; secrets — keys, passwords, private and loopback IPs — must not
 * appear). Only those are masked: version strings, public and example addresses, constants stay as written. Values are masked with '*' (or x.x.x.x for IPs) so the code keeps its shape;
 * author/copyright comment lines are dropped. Private-key blocks are masked line by line.
 * Returns the indexes of lines to drop.
 */
export class Scrubber {
  readonly report: ScrubReport = { findings: [], counts: {}, total: 0, truncated: false };
  private inKey = false;
  /**
   * `limit`: findings listed in the report. `pretest: false` runs every pattern on every line instead of only on
   * lines that pass the pre-test (TRIGGER): the same result, slower — tests hold the pre-test to it.
   */
  constructor(
    private readonly limit = SCRUB_FINDINGS_LIMIT,
    private readonly opts: { pretest?: boolean } = {},
  ) {}

  /** True while scrubbing a file whose unquoted `key = value` lines are data (SQL, XML, shell, Dockerfile, Makefile). */
  private configLike = false;

  private add(file: string, line: number, kind: ScrubKind, detail?: string): void {
    this.report.total++;
    this.report.counts[kind] = (this.report.counts[kind] ?? 0) + 1;
    if (this.report.findings.length < this.limit) this.report.findings.push({ file, line, kind, label: SCRUB_LABELS[kind], ...(detail ? { detail } : {}) });
    else this.report.truncated = true;
  }

  /** Starts a file: `language` (intake's name) decides whether unquoted secret assignments are values (config-like text). */
  beginFile(language: string): void {
    this.configLike = /^(Shell|Dockerfile|Makefile|SQL|XML|PowerShell|CMake)$/.test(language);
  }

  /** True between the BEGIN and END lines of a private key: every line is then masked. */
  get keyBlockOpen(): boolean {
    return this.inKey;
  }

  /** Returns the scrubbed line, or null when the whole line must be dropped. */
  line(file: string, lineNo: number, text: string): string | null {
    if (!this.inKey && this.opts.pretest !== false && !TRIGGER.test(text)) return text;
    if (this.inKey || text.includes('PRIVATE KEY-----')) {
      if (/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(text)) {
        this.inKey = true;
        this.add(file, lineNo, 'private-key');
      }
      if (/-----END [A-Z0-9 ]*PRIVATE KEY-----/.test(text)) this.inKey = false;
      return text.replace(/[A-Za-z0-9+/=-]{8,}[^"'`,;)\s]*/g, (m) => '*'.repeat(Math.min(m.length, 16)));
    }
    if (COMMENT_LEAD.test(text) && AUTHOR_LINE.test(text)) {
      this.add(file, lineNo, 'author', authorOf(text) ?? text.trim().slice(0, 80));
      return null;
    }
    let out = text;
    if (out.includes('$')) {
      out = out.replace(HASHES, (m) => {
        this.add(file, lineNo, 'hash');
        return m.slice(0, m.indexOf('$', 1) + 1) + '*'.repeat(12);
      });
    }
    if (out.includes('://')) {
      out = out.replace(URL_CREDENTIALS, (m, lead: string, pass: string, at: string) => {
        if (/^\$\{|^\{\{|^\*+$/.test(pass)) return m;
        this.add(file, lineNo, 'password');
        return `${lead}${'*'.repeat(Math.min(pass.length, 12))}${at}`;
      });
    }
    if (/[?&;]/.test(out) && SECRET_HINT.test(out)) {
      out = out.replace(QUERY_SECRET, (m, lead: string, value: string) => {
        if (/^\$\{|^\{\{|^\*+$/.test(value)) return m;
        this.add(file, lineNo, 'password');
        return `${lead}${'*'.repeat(Math.min(value.length, 12))}`;
      });
    }
    if (this.configLike && SECRET_HINT.test(out)) {
      const u = UNQUOTED_SECRET.exec(out);
      if (u && !/^(\$\{|\{\{|<|\*+$|true$|false$|null$|none$)/i.test(u[2]) && !/[()[\]]/.test(u[2])) {
        this.add(file, lineNo, 'password');
        out = `${u[1]}${'*'.repeat(Math.min(u[2].length, 12))}`;
      }
    }
    let hasDigit = false;
    for (let i = 0; i < out.length; i++) {
      const c = out.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        hasDigit = true;
        break;
      }
    }
    if (out.length >= 16 && TOKEN_HINT.test(out)) {
      for (const re of TOKEN_PATTERNS) {
        re.lastIndex = 0;
        if (re.test(out)) {
          re.lastIndex = 0;
          out = out.replace(re, (m) => {
            this.add(file, lineNo, 'api-key');
            return m.slice(0, 3) + '*'.repeat(Math.min(m.length - 3, 16));
          });
        }
      }
    }
    if (SECRET_HINT.test(out)) {
      out = out.replace(SECRET_ASSIGN, (m, lead: string, q: string, value: string) => {
        if (/^\$\{|^\{\{|^<.*>$|^\*+$|^(true|false|null|none|undefined|string|number)$/i.test(value)) return m;
        if (/^#[0-9a-f]{3,8}$/i.test(value) || /^(bold|italic|underline|noinherit|bg:|border:)/i.test(value)) return m; // colours and styles
        if (/^[a-z][a-z0-9]*([_.-][a-z0-9]+)+$/i.test(value) && !/\d/.test(value)) return m; // a key name, not a value
        if (value.includes(' ') && !/\d/.test(value)) return m; // a message
        if (/^\p{Lu}\p{Ll}+$/u.test(value)) return m; // a label (password: 'Password', 'Contraseña' in a translation file)
        this.add(file, lineNo, 'password');
        return `${lead}${q}${'*'.repeat(Math.min(value.length, 12))}${q}`;
      });
    }
    // An address needs a local-part character right before '@' and a domain character right after it (not "@param").
    if (out.includes('@') && EMAIL_AT.test(out)) {
      out = out.replace(EMAIL, (m, tld: string) => {
        if (NOT_TLD.has(tld.toLowerCase()) || EXAMPLE_DOMAIN.test(m.slice(m.indexOf('@') + 1))) return m;
        this.add(file, lineNo, 'email');
        return '***@***.***';
      });
    }
    if (hasDigit) {
      if (out.includes('.')) {
        out = out.replace(IPV4, (m, offset: number, whole: string) => {
          if (!PRIVATE_IP.test(m)) return m;
          // "Hyperspec 2.4.8.19", "version 1.2.3.4": a dotted number after a plain word is a section or version number.
          const before = /([A-Za-z\u4e00-\u9fff]+)\s+$/.exec(whole.slice(Math.max(0, offset - 24), offset));
          if (before && !/^(ip|host|hostname|server|addr|address|ping|connect|to|at|from|地址|服务器)$/i.test(before[1])) return m;
          this.add(file, lineNo, 'ip');
          return 'x.x.x.x';
        });
      }
      // An ID number, a mobile and a landline number each hold a run of at least four digits.
      if (FOUR_DIGITS.test(out)) {
        out = out.replace(ID18, (m) => {
          if (!isValidChineseId(m)) return m;
          this.add(file, lineNo, 'id-number');
          return m.slice(0, 6) + '*'.repeat(12);
        });
        out = out.replace(MOBILE, (m) => {
          this.add(file, lineNo, 'phone');
          return m.replace(/\d/g, '*');
        });
        out = out.replace(LANDLINE, (m) => {
          this.add(file, lineNo, 'phone');
          return m.replace(/\d/g, '*');
        });
      }
    }
    return out;
  }

  endFile(): void {
    this.inKey = false;
  }
}
