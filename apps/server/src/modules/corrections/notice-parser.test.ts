import { describe, expect, it } from 'vitest';
import { NOTICE_EXAMPLES } from './notice-examples';
import { describeFix, findDates, findSerialNo, fixOf, normaliseNotice, parseNotice } from './notice-parser';
import { NOTICE_RULES } from './notice-rules.data';

describe('notice parser on the example set', () => {
  it('splits every example into its items and matches the expected reasons (recognition figure printed)', () => {
    expect(NOTICE_EXAMPLES.length).toBeGreaterThanOrEqual(15);
    let items = 0;
    let recognised = 0;
    let unrecognised = 0;
    let exact = 0;
    let expectedUnrecognisedKept = 0;
    const misses: string[] = [];
    for (const ex of NOTICE_EXAMPLES) {
      const parsed = parseNotice(ex.text);
      expect(parsed.items.length, `${ex.title}: 条目数`).toBe(ex.expected.length);
      parsed.items.forEach((item, i) => {
        items++;
        if (item.recognised) recognised++;
        else unrecognised++;
        const got = item.fixes.map((f) => f.reason).sort();
        const want = [...(ex.expected[i] ?? [])].sort();
        if (JSON.stringify(got) === JSON.stringify(want)) exact++;
        else misses.push(`${ex.title} 第${i + 1}项：期望 ${want.join('+') || '未识别'}，得到 ${got.join('+') || '未识别'}「${item.text}」`);
        if (want.length === 0 && !item.recognised) expectedUnrecognisedKept++;
        // Nothing is dropped: the item's text is a part of the notice.
        expect(item.text.length).toBeGreaterThan(0);
      });
    }
    const knownItems = NOTICE_EXAMPLES.flatMap((e) => e.expected).filter((x) => x.length > 0).length;
    console.log(
      `[notice recognition] ${NOTICE_EXAMPLES.length} notices, ${items} items: recognised ${recognised}, unrecognised ${unrecognised} ` +
        `(kept verbatim); exact reason match ${exact}/${items}; items with a known reason ${knownItems}, unknown items kept as unrecognised ${expectedUnrecognisedKept}`,
    );
    if (misses.length) console.log(misses.join('\n'));
    expect(misses).toEqual([]);
  });

  it('keeps the verbatim notice items word for word', () => {
    const parsed = parseNotice(NOTICE_EXAMPLES[0]!.text);
    expect(parsed.items.map((i) => i.text)).toEqual([
      '申请表中软件全称请以软件、系统、或平台结尾。其他材料中的软件名称做相应修改。',
      '提交的源程序不足60页，应提交前30、后30共计60页源程序。每页不少于50行。并应有页眉（与软件名称一致）及页码（按1~60编排）。纵向、单面打印。',
      '文档截图中的软件版本号与申请表中不一致。',
      '请同步上传电子版文档',
    ]);
  });

  it('separates the preamble and the closing, and reads the serial number and the date', () => {
    const parsed = parseNotice(NOTICE_EXAMPLES[1]!.text);
    expect(parsed.preamble).toContain('经审查');
    expect(parsed.closing).toMatch(/^请于收到本通知之日起30日内/);
    expect(parsed.closing).toContain('2026年3月5日');
    expect(parsed.items[2]!.text).toBe('签章页未签字，请由著作权人签字后上传。');
    expect(parsed.serialNo).toBe('2026R11L2045817');
    expect(parsed.dates).toEqual(['2026-03-05']);
  });

  it('keeps an item no rule knows as unrecognised, with its text', () => {
    const parsed = parseNotice('1、请补充软件的运行环境截图以外的硬件配置清单。2、签章页未签字。');
    expect(parsed.items[0]).toMatchObject({ no: 1, recognised: false, fixes: [], text: '请补充软件的运行环境截图以外的硬件配置清单。' });
    expect(parsed.items[1]!.fixes.map((f) => f.reason)).toEqual(['signature']);
    expect(parsed).toMatchObject({ recognised: 1, unrecognised: 1 });
  });

  it('does not take 前30、后30 or V1.0 for item numbers', () => {
    const parsed = parseNotice('1、版本号应为V1.0。2、应提交前30、后30共计60页。');
    expect(parsed.items.map((i) => i.text)).toEqual(['版本号应为V1.0。', '应提交前30、后30共计60页。']);
  });

  it('normalises OCR spacing and full-width digits but keeps Chinese punctuation', () => {
    expect(normaliseNotice('１、 申 请 表 中 软件 全 称 ， V 1.0')).toBe('1、申请表中软件全称，V 1.0');
    expect(findDates('发文日期：2026年3月5日；回复 2026/04/04')).toEqual(['2026-03-05', '2026-04-04']);
    expect(findDates('2026年2月30日')).toEqual([]);
    expect(findSerialNo('流水号 2025r11l0012345')).toBe('2025R11L0012345');
  });

  it('tells every fix for the project\'s document: no screenshots or 操作手册 for a 设计说明书 or 使用说明', () => {
    for (const doc of ['设计说明书', '使用说明'] as const) {
      for (const rule of NOTICE_RULES) expect(describeFix(fixOf(rule), doc).description, `${doc} ${rule.reason}`).not.toMatch(/操作手册|界面截图|上传截图包|截取屏幕/);
    }
    const shots = NOTICE_RULES.filter((r) => r.kind === 'screenshots');
    expect(shots.map((r) => r.reason)).toEqual(['screenshot_version', 'screenshots_missing']);
    // With a user interface, every screenshot item points at the screenshot tools, none at a feature to come.
    for (const rule of shots) expect(describeFix(fixOf(rule), '操作手册').description).toMatch(/上传截图包.*截取屏幕|截取屏幕.*上传截图包/);
    expect(JSON.stringify(NOTICE_RULES)).not.toContain('上线后');
  });
});
