import { statSync } from 'node:fs';
import * as path from 'node:path';
import { DocgenError } from '../errors';
import { validateName, validateVersion } from '../form/names';
import { capture, parseCaptureUrl, type CaptureOptions } from './capture';

/** The options of `mazhu capture` as parsed by the CLI (util.parseArgs). */
export type CaptureValues = Record<string, string | boolean | string[] | undefined>;

const str = (v: CaptureValues[string]) => (typeof v === 'string' ? v : undefined);

/** Page routes of the code (no HTTP method, no parameter, no API path) and its menu titles, from `analyseCode`. */
async function codeHints(dir: string): Promise<{ routes: string[]; menuTitles: string[] }> {
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new DocgenError('INPUT_NOT_FOUND', `找不到代码目录：${dir}`);
  const [{ intakeDirectory }, { analyseCode }] = await Promise.all([import('../intake/intake'), import('../analysis/analyse')]);
  const intake = await intakeDirectory(dir);
  const { hints } = analyseCode(intake.files, intake.meta);
  const routes = hints.routes.filter((r) => r.startsWith('/') && !/[:*{}[\]]/.test(r) && !/^\/(api|rest|v\d+)\b/i.test(r));
  return { routes, menuTitles: hints.menuItems };
}

/**
 * `mazhu capture <url> --out pack.zip`: checks the options (exit 2 for a bad URL or option, with a Chinese message),
 * captures the pages and prints one line per page, the skipped pages and where the pack is. Returns the exit code:
 * 0 when a pack was written (pages that failed are listed), 1 for a missing browser, a failed sign-in or nothing
 * captured, 2 for bad options.
 */
export async function captureCommand(url: string | undefined, values: CaptureValues): Promise<number> {
  let opts: CaptureOptions;
  try {
    if (!url) throw new DocgenError('BAD_OPTION', '请指定要截图的网址，例如 mazhu capture https://example.com --out 截图包.zip');
    parseCaptureUrl(url);
    const out = str(values.out);
    if (!out) throw new DocgenError('BAD_OPTION', '请用 --out 指定截图包文件，例如 --out 截图包.zip');
    if (!/\.zip$/i.test(out)) throw new DocgenError('BAD_OPTION', '截图包文件名应以 .zip 结尾');
    const size = str(values.size) ?? '1440x900';
    const m = /^(\d{3,4})[x×*](\d{3,4})$/i.exec(size);
    if (!m || +m[1] < 320 || +m[2] < 320 || +m[1] > 3840 || +m[2] > 2400) throw new DocgenError('BAD_OPTION', '--size 应为 宽x高，例如 1440x900（320–3840 × 320–2400）');
    const maxPages = Number(str(values['max-pages']) ?? 30);
    if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > 200) throw new DocgenError('BAD_OPTION', '--max-pages 应为 1–200 的整数');
    if ((str(values.user) === undefined) !== (str(values.password) === undefined)) throw new DocgenError('BAD_OPTION', '登录需要同时给出 --user 和 --password');
    const loginUrl = str(values['login-url']);
    if (loginUrl) parseCaptureUrl(loginUrl);
    const name = str(values.name);
    const version = str(values.version);
    if (name) validateName(name);
    if (version) validateVersion(version);
    const browser = str(values.browser);
    if (browser) {
      try {
        statSync(browser);
      } catch {
        throw new DocgenError('BAD_OPTION', `找不到浏览器程序：${browser}`);
      }
    }
    opts = {
      url,
      out: path.resolve(out),
      browser,
      user: str(values.user),
      password: str(values.password),
      loginUrl,
      userSelector: str(values['user-selector']),
      passwordSelector: str(values['password-selector']),
      submitSelector: str(values['submit-selector']),
      maxPages,
      width: +m[1],
      height: +m[2],
      name,
      version,
      log: (line) => console.log(line),
    };
  } catch (e) {
    if (e instanceof DocgenError) {
      console.error(`错误：${e.message}`);
      return 2;
    }
    throw e;
  }
  try {
    const dir = str(values.code);
    if (dir) {
      opts.code = await codeHints(dir);
      console.log(`代码中找到 ${opts.code.routes.length} 个页面路由、${opts.code.menuTitles.length} 个菜单标题`);
    }
    const { manifest, bytes } = await capture(opts);
    console.log(`\n已截取 ${manifest.shots.length} 个页面，写入 ${opts.out}（${(bytes / 1024 / 1024).toFixed(1)} MB）`);
    if (manifest.failed.length) {
      console.log(`以下 ${manifest.failed.length} 个页面打开失败，已跳过：`);
      for (const f of manifest.failed) console.log(`  ${f.url}：${f.error}`);
    }
    return 0;
  } catch (e) {
    if (e instanceof DocgenError) {
      console.error(`错误：${e.message}`);
      return 1;
    }
    console.error(`内部错误：${(e as Error)?.message ?? String(e)}（请把此信息反馈给我们）`);
    return 70;
  }
}
