import { PROJECT_LIMITS } from './projects';

/**
 * 软件的主要功能 against the 2026 form's limits (500–1300 characters, spec/cpcc-materials.md R11): when the facts
 * support less, the text is kept as it is (never padded) and the user is told what to add. Shared by the batch
 * quote, the check report and the wizards.
 */
export interface MainFunctionsFacts {
  /** Characters of the text (code points of the trimmed text). */
  chars: number;
  /** The modules the text is written from, with what is known of each. */
  modules: { name: string; described: boolean; operations: number }[];
  hasCode: boolean;
  /** The user's own description (软件描述) is given. */
  hasDescription: boolean;
}

export type MainFunctionsVerdict = { ok: true; chars: number } | { ok: false; chars: number; message: string; missing: string[] };

/** Characters as the form counts them (code points of the trimmed text). */
export const mainFunctionsChars = (text: string | undefined | null): number => [...(text ?? '').trim()].length;

const list = (names: string[]) => (names.length > 4 ? `${names.slice(0, 4).join('、')} 等 ${names.length} 个` : names.join('、'));

/**
 * The verdict on 主要功能: within the limits, or what is wrong and what the user can add — modules without any
 * operation or description (named), fewer modules than a manual needs, no description, no code to read functions
 * from. Example: `{ ok: false, message: '软件的主要功能只有 212 字，申请表要求 500–1300 字；现有资料只支持这么多，没有凑字。请补充：…' }`.
 */
export function judgeMainFunctions(f: MainFunctionsFacts): MainFunctionsVerdict {
  const { mainFunctionsMin: min, mainFunctionsMax: max } = PROJECT_LIMITS;
  if (f.chars > max) return { ok: false, chars: f.chars, message: `软件的主要功能 ${f.chars} 字，超过申请表上限 ${max} 字，请删减`, missing: [] };
  if (f.chars >= min) return { ok: true, chars: f.chars };
  const missing: string[] = [];
  const bare = f.modules.filter((m) => !m.described && m.operations === 0).map((m) => m.name);
  if (bare.length) missing.push(`${list(bare)}功能模块各自的具体操作和用途（现在只有名称）`);
  if (f.modules.length < 5) missing.push(f.modules.length ? `更多功能模块（现只有 ${f.modules.length} 个，建议 5–12 个）` : '软件有哪些功能模块（每个模块的名称和用途）');
  if (!f.hasDescription) missing.push('软件描述：软件给谁用、解决什么问题、各功能怎样使用');
  if (!f.hasCode) missing.push('或上传源代码，以便从代码中读出全部功能');
  if (!missing.length) missing.push('每个功能模块更具体的操作、处理的数据和结果');
  return {
    ok: false,
    chars: f.chars,
    missing,
    message: `软件的主要功能只有 ${f.chars} 字，申请表要求 ${min}–${max} 字；现有资料只支持这么多，没有凑字。请补充：${missing.join('；')}`,
  };
}
