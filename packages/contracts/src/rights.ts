import * as z from 'zod';
import { plainNumber } from './validation';

/**
 * Whose code an upload is: the signs of another holder found in it (licence holders, copyright and @author lines,
 * package authors, the coordinates of a published project), compared with the project's 著作权人.
 *
 * The rule (cpcc-materials.md): only the copyright holder — who acquired the rights originally, or by 受让 / 承受 /
 * 继承 (权利取得方式) — may register a software, and a real correction notice reads 「提交的源程序有自由源代码或别人的
 * 开发信息、版权声明等，应提交自己独立开发部分的源程序」. A project whose code names another holder is therefore
 * 未通过 before anything is charged, until the user excludes those parts or types a declaration that the owners
 * hold the rights (recorded with its time and printed in the check report).
 */

/**
 * What a sign is: `license` a licence file naming its holder; `copyright` a copyright line in the code; `author` an
 * @author / 作者 line; `package` an author or developer named by a descriptor (package.json, pom.xml, pyproject…);
 * `published` a descriptor pointing at a public repository or registry coordinate (go.mod on github.com, a
 * package.json repository, a pom url…); `known-project` the package or group name of a well-known public project.
 */
export const RIGHTS_SIGN_KINDS = ['license', 'copyright', 'author', 'package', 'published', 'known-project'] as const;
export type RightsSignKind = (typeof RIGHTS_SIGN_KINDS)[number];

export const RIGHTS_SIGN_LABELS: Record<RightsSignKind, string> = {
  license: '许可证文件的版权人',
  copyright: '代码中的版权声明',
  author: '代码中的作者署名',
  package: '项目描述文件中的作者',
  published: '已公开发布的项目',
  'known-project': '知名公开项目',
};

export const ZRightsSign = z.object({
  kind: z.enum(RIGHTS_SIGN_KINDS),
  /** The holder, author or project named ("RuoYi", "Evan You", "github.com/gin-gonic/gin"). */
  name: z.string(),
  /** Where: "LICENSE:3", "package.json：repository https://github.com/…", up to 5 places. */
  evidence: z.array(z.string()),
  /** Comment lines naming it (copyright / author signs). */
  lines: z.number().int().optional(),
  /** Names a public coordinate may belong to (the account of github.com/<account>/…), compared with the owners. */
  account: z.string().optional(),
});
export type RightsSign = z.infer<typeof ZRightsSign>;

/** The typed declaration of a project, as recorded. */
export const ZRightsDeclaration = z.object({
  /** What the user typed. */
  text: z.string(),
  /** The 著作权人 names the declaration was made for, in form order. */
  owners: z.array(z.string()),
  /** The foreign names listed when it was made (a later upload naming others needs a new declaration). */
  holders: z.array(z.string()),
  /** ISO time of the declaration. */
  declaredAt: z.string(),
});
export type RightsDeclaration = z.infer<typeof ZRightsDeclaration>;

/** The check shown at the upload and before paying: `flagged` blocks the generation (未通过), `declared` lets it go on. */
export const ZRightsCheck = z.object({
  state: z.enum(['clear', 'flagged', 'declared']),
  /** Signs naming someone other than the owners. */
  foreign: z.array(ZRightsSign),
  /** Signs naming the owners themselves (a licence of one's own, one's own @author lines). */
  own: z.array(ZRightsSign),
  /** The 著作权人 compared against (names, form order). */
  owners: z.array(z.string()),
  /** The sentence the declaration must contain (names the owners). */
  sentence: z.string(),
  /** The recorded declaration when it still covers the owners and the foreign names. */
  declaration: ZRightsDeclaration.nullable(),
  /** The rule and what to do, in Chinese. */
  message: z.string(),
});
export type RightsCheck = z.infer<typeof ZRightsCheck>;

/** POST /api/checkCodeRights — the check of an upload against chosen owners (a project not yet created), or of a project. */
export const ZCheckRightsRequest = z
  .object({
    id: plainNumber(z.number().int().positive('项目编号无效')).optional(),
    uploadId: plainNumber(z.number().int().positive('上传编号无效')).optional(),
    ownerIds: z.array(plainNumber(z.number().int().positive())).max(20, '著作权人最多 20 个').optional(),
  })
  .refine((v) => v.id !== undefined || v.uploadId !== undefined, { error: '请指定项目或上传的代码' });

/** POST /api/declareCodeRights — records the typed declaration on a project. */
export const ZDeclareRightsRequest = z.object({
  id: plainNumber(z.number({ error: '请指定项目' }).int().positive('项目编号无效')),
  text: z.string({ error: '请输入声明' }).trim().min(1, '请输入声明').max(500, '声明不能超过 500 个字'),
});
export type DeclareRightsRequest = z.input<typeof ZDeclareRightsRequest>;

/** The rule cited wherever the check is shown (cpcc-materials.md: 权利取得方式; a real correction notice). */
export const RIGHTS_RULE =
  '只有软件的著作权人（原始取得，或经受让、承受、继承取得权利的人）才能申请登记；真实补正通知：“提交的源程序有自由源代码或别人的开发信息、版权声明等，应提交自己独立开发部分的源程序”。';

/** The sentence a declaration must contain, naming the owners (all of them, in form order). */
export function rightsSentence(owners: string[]): string {
  return `本人确认${owners.length ? owners.join('、') : '著作权人'}对本软件享有著作权`;
}

const COMPANY_SUFFIX = /(有限责任公司|股份有限公司|有限公司|集团|公司|工作室|incorporated|corporation|company|limited|inc|ltd|llc|corp|co|gmbh)$/;
/** A name compared loosely: NFKC, lower case, no spaces or punctuation, no company suffix. */
export function holderKey(s: string): string {
  const t = s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
  return t.replace(COMPANY_SUFFIX, '') || t;
}

/**
 * True when `named` (a holder, author or account found in the code) is one of the owners: the same name once
 * spaces, punctuation, case and a company suffix are ignored, or one containing the other (≥ 2 characters), or one
 * of the owner's aliases (e.g. its pinyin "zhangsan", given by the server).
 */
export function namesOwner(named: string, owners: { name: string; aliases?: string[] }[]): boolean {
  const a = holderKey(named);
  if (a.length < 2) return false;
  return owners.some((o) =>
    [o.name, ...(o.aliases ?? [])].some((n) => {
      const b = holderKey(n);
      return b.length >= 2 && (a === b || a.includes(b) || b.includes(a));
    }),
  );
}

const normSentence = (s: string) => s.normalize('NFKC').replace(/[\s\p{P}\p{S}]+/gu, '');

/** True when the typed `text` contains the required sentence for these owners (spaces and punctuation ignored). */
export function declarationMatches(text: string, owners: string[]): boolean {
  return owners.length > 0 && normSentence(text).includes(normSentence(rightsSentence(owners)));
}

/**
 * Compares the signs of an upload with the owners. Foreign signs make the check `flagged`, unless `declaration`
 * was made for exactly these owners and lists every foreign name now found (then `declared`). A published
 * coordinate counts as the owners' when its account names an owner. Without owners every named holder is foreign.
 */
export function assessRights(signs: RightsSign[], owners: { name: string; aliases?: string[] }[], declaration?: RightsDeclaration | null): RightsCheck {
  const foreign: RightsSign[] = [];
  const own: RightsSign[] = [];
  for (const s of signs) {
    const mine = s.kind === 'published' ? namesOwner(s.account ?? s.name, owners) : s.kind !== 'known-project' && namesOwner(s.name, owners);
    (mine ? own : foreign).push(s);
  }
  const names = owners.map((o) => o.name);
  const sentence = rightsSentence(names);
  const foreignNames = [...new Set(foreign.map((s) => s.name))];
  const covers =
    !!declaration &&
    declaration.owners.join('、') === names.join('、') &&
    foreignNames.every((n) => declaration.holders.includes(n)) &&
    declarationMatches(declaration.text, names);
  const state = foreign.length === 0 ? 'clear' : covers ? 'declared' : 'flagged';
  const list = foreignNames.slice(0, 6).join('、') + (foreignNames.length > 6 ? ` 等 ${foreignNames.length} 个` : '');
  const message =
    state === 'clear'
      ? own.length
        ? `代码中的版权与署名均指向著作权人（${[...new Set(own.map((s) => s.name))].slice(0, 4).join('、')}）`
        : '代码中没有发现他人的版权、署名或公开项目信息'
      : state === 'declared'
        ? `代码中有他人的版权、署名或公开项目信息（${list}）；用户已于 ${declaration!.declaredAt.replace('T', ' ').slice(0, 19)} 声明：“${declaration!.text}”`
        : `代码中有他人的版权、署名或公开项目信息：${list}。${RIGHTS_RULE}请在“上传代码”步骤的文件选择中排除这些部分；如果著作权确属${names.length ? names.join('、') : '著作权人'}，请输入声明“${sentence}”后再生成。`;
  return { state, foreign, own, owners: names, sentence, declaration: covers ? declaration! : null, message };
}
