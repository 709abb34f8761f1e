import type { PersonalDataSeen, ScreenCheck } from '@mazhu/contracts';

export interface CheckInput {
  /** 软件全称, 简称 and 版本号 as on the form. */
  name: string;
  shortName?: string;
  version: string;
  /** What is drawn on the screen: the renderer's text record, or the OCR lines of a screenshot. */
  texts: string[];
  width: number;
  height: number;
  source: 'prototype' | 'upload';
  /** Diagrams (software without UI) carry the name and version in their title; the frame rule does not apply. */
  diagram?: boolean;
  /** The picture is (almost) one flat colour (uploads: `screenFindings`). */
  blank?: boolean;
  /** Personal data read on the screen and not masked (uploads). */
  personal?: PersonalDataSeen[];
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
/** OCR reads `V1.0` as `v1.0`, `V1,0` or `V1. 0`; normalise before comparing. */
const normVersion = (s: string) => squash(s).replace(/[,，。]/g, '.').replace(/^v/, '');

/** Words of trial/sample overlays (试用版, 样张, 水印, DEMO, 未激活 …) that must not be in a filed screenshot. */
const WATERMARK_WORDS = /(水印|样张|样例|样稿|仅供|试用版|未注册|未激活|激活\s*windows|watermark|sample|demo\b|trial|evaluation|preview\s*only|版权所有)/i;

/**
 * The screenshot checks of one figure (cpcc-materials.md, screenshots; 「文档截图中的软件版本号与申请表中不一致」 is a real
 * correction reason): the software's name (or short name) and version visible and equal to the form; a complete
 * frame, not a thin crop; nothing like a watermark (trial/sample words, a word tiled over the picture). A failed
 * check is advice (需注意), never an error that blocks generation. Pure.
 */
export function checkScreen(i: CheckInput): ScreenCheck[] {
  const all = squash(i.texts.join('\n'));
  const out: ScreenCheck[] = [];
  const version = normVersion(i.version);
  const nameSeen = all.includes(squash(i.name)) || Boolean(i.shortName && all.includes(squash(i.shortName)));
  const versions = [...i.texts.join(' ').matchAll(/(?:^|[^A-Za-z0-9.])[Vv]\s?(\d{1,3}(?:\s?[.,]\s?\d{1,3}){1,3})(?![\d.])/g)].map((m) => normVersion(m[1]));
  const otherVersion = versions.find((v) => v !== version);
  const versionSeen = versions.includes(version) || all.includes(`版本${version}`) || all.includes(`版本v${version}`);
  if (otherVersion && !versionSeen) {
    out.push({ code: 'identity', ok: false, message: `截图中的版本号 V${otherVersion} 与申请表中的 ${i.version} 不一致` });
  } else if (!nameSeen || !versionSeen) {
    const missing = [!nameSeen ? `软件名称“${i.name}”` : '', !versionSeen ? `版本号“${i.version}”` : ''].filter(Boolean).join('和');
    out.push({
      code: 'identity',
      ok: false,
      message:
        i.source === 'upload'
          ? `未能在截图中识别到${missing}：请在软件的标题栏、左上角标志旁或页脚（如“${i.name} ${i.version}”）显示软件名称和版本号后重新截图，截取包含该处的完整界面`
          : `界面中没有显示${missing}`,
    });
  } else out.push({ code: 'identity', ok: true, message: '界面显示的软件名称和版本号与申请表一致' });

  if (i.diagram) out.push({ code: 'frame', ok: true, message: '结构图完整' });
  else {
    const ratio = i.width / i.height;
    const thin = ratio > 2.6 || ratio < 0.38;
    const small = Math.min(i.width, i.height) < 320 || Math.max(i.width, i.height) < 560;
    out.push(
      thin || small
        ? { code: 'frame', ok: false, message: `截图尺寸 ${i.width}×${i.height} ${thin ? '过于狭长' : '过小'}，可能只截取了局部：请提供包含标题栏（或顶部导航）的完整界面` }
        : { code: 'frame', ok: true, message: `完整界面（${i.width}×${i.height}）` },
    );
  }

  if (i.source === 'upload') {
    out.push(i.blank ? { code: 'blank', ok: false, message: '截图几乎是一片空白（单一颜色），请在界面内容加载完成后重新截图' } : { code: 'blank', ok: true, message: '截图有内容' });
    const p = i.personal ?? [];
    out.push(
      p.length
        ? { code: 'privacy', ok: false, message: `截图中有个人信息（${p.map((x) => `${x.label} ${x.text}`).join('、')}）：请遮盖后使用，或换用不含真实个人信息的测试数据重新截图` }
        : { code: 'privacy', ok: true, message: '未发现手机号、身份证号或邮箱' },
    );
  }

  const word = i.texts.join(' ').match(WATERMARK_WORDS)?.[0];
  const counts = new Map<string, number>();
  for (const t of i.texts.map(squash)) if (t.length >= 2 && t.length <= 12 && !/^[\d.:\-/]+$/.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const tiled = i.source === 'prototype' ? undefined : [...counts.entries()].find(([t, n]) => n >= 6 && !/^(查看|编辑|删除|启用|停用|已完成|处理中|待审核|正常)/.test(t))?.[0];
  out.push(
    word || tiled
      ? { code: 'watermark', ok: false, message: word ? `截图中有疑似水印或试用标记“${word}”，请使用无水印的正式版本截图` : `截图中“${tiled}”重复出现多次，疑似平铺水印` }
      : { code: 'watermark', ok: true, message: '未发现水印' },
  );
  return out;
}
