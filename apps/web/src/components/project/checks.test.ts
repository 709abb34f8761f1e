import { describe, expect, it } from 'vitest';
import { canGenerate, checkProjectDraft, splitLanguages, type ProjectDraft } from './checks';
import { downloadFileName, extensionOf, fileNameFromDisposition } from '@/api/projects';

const MODULES = ['用户管理', '仓库管理', '入库管理', '出库管理', '库存盘点'].map((name) => ({ name, description: `${name}模块的说明`, operations: ['新增'] }));

function buildDraft(over: Partial<ProjectDraft> = {}, form: Partial<ProjectDraft['form']> = {}): ProjectDraft {
  return {
    name: '仓库管理系统',
    version: 'V1.0',
    category: '应用软件',
    hasCode: true,
    modules: MODULES,
    form: {
      completionDate: '2025-01-10',
      devHardware: 'CPU 2.0GHz，内存 8GB',
      runHardware: 'CPU 2.0GHz，内存 4GB',
      devOs: 'Windows 11',
      devTools: 'VS Code',
      runPlatform: 'Linux',
      runSupport: 'Node.js 20',
      languages: ['TypeScript', 'HTML', 'CSS'],
      sourceLines: 12000,
      purpose: '提高仓库出入库管理效率',
      domain: '仓储物流',
      mainFunctions: `本软件包括${MODULES.map((m) => m.name).join('、')}。`.padEnd(600, '。'),
      techFeatures: '前后端分离，支持多仓库',
      techTags: ['大数据'],
      ownerIds: [1],
      ...form,
    },
    ...over,
  };
}

const failing = (d: ProjectDraft) => checkProjectDraft(d, '2026-05-01').filter((i) => !i.ok);

describe('checkProjectDraft', () => {
  it('passes a complete draft', () => {
    const items = checkProjectDraft(buildDraft(), '2026-05-01');
    expect(items.filter((i) => !i.ok)).toEqual([]);
    expect(canGenerate(items)).toBe(true);
  });

  it('keeps 主要功能 inside 500–1300 characters', () => {
    const short = failing(buildDraft({}, { mainFunctions: '太短' }));
    expect(short.find((i) => i.field === '软件的主要功能')?.message).toContain('申请表要求 500–1300 字');
    const long = failing(buildDraft({}, { mainFunctions: '用户管理、仓库管理、入库管理、出库管理、库存盘点'.padEnd(1301, '字') }));
    expect(long.find((i) => i.field === '软件的主要功能')?.message).toContain('不能超过 1300');
    expect(canGenerate(checkProjectDraft(buildDraft({}, { mainFunctions: '太短' })))).toBe(false);
  });

  it('asks for a name ending in 软件/系统/平台 and a V-number version', () => {
    const f = failing(buildDraft({ name: '仓库管理', version: 'V1.0 Beta' }));
    expect(f.map((i) => i.field)).toEqual(expect.arrayContaining(['软件全称', '版本号']));
  });

  it('orders the dates and needs the place of first publication', () => {
    const f = failing(buildDraft({}, { publishStatus: '已发表', publishDate: '2024-12-01' }));
    expect(f.find((i) => i.field === '首次发表日期')?.message).toBe('首次发表日期不能早于开发完成日期');
    expect(f.find((i) => i.field === '发表地点')).toBeTruthy();
  });

  it('limits the environment fields to 50 and the languages to 120 characters', () => {
    const f = failing(buildDraft({}, { devOs: 'W'.repeat(51), languages: ['X'.repeat(30), 'Y'.repeat(30), 'Z'.repeat(30), 'Q'.repeat(30)] }));
    expect(f.find((i) => i.field === '开发该软件的操作系统')?.message).toContain('50');
    expect(f.find((i) => i.field === '编程语言')?.message).toContain('120');
  });

  it('blocks a project without code and warns about modules missing from 主要功能', () => {
    const f = failing(buildDraft({ hasCode: false, modules: [...MODULES, { name: '报表中心', description: '报表', operations: [] }] }));
    expect(f.find((i) => i.field === '源代码')?.level).toBe('error');
    const cover = f.find((i) => i.field === '功能与文档一致');
    expect(cover?.level).toBe('warning');
    expect(cover?.message).toContain('报表中心');
  });

  it('lets a described project without code generate: the missing source-code document is 需注意, not blocking', () => {
    const d = buildDraft({ hasCode: false, codeOptional: true });
    const code = checkProjectDraft(d).find((i) => i.field === '源代码')!;
    expect(code).toMatchObject({ ok: false, level: 'warning' });
    expect(code.message).toContain('不生成源程序文档');
    expect(canGenerate(checkProjectDraft(buildDraft({ hasCode: true })))).toBe(true);
    expect(canGenerate(checkProjectDraft(d))).toBe(true);
    expect(canGenerate(checkProjectDraft(buildDraft({ hasCode: false })))).toBe(false);
  });
});

describe('download names and languages', () => {
  it('takes the new name plus the original extension', () => {
    expect(downloadFileName('仓库管理系统_V1.0_软著材料.zip', 'materials-12.zip')).toBe('仓库管理系统_V1.0_软著材料.zip');
    expect(downloadFileName('a', 'x.tar.gz')).toBe('a.tar.gz');
    expect(extensionOf('README')).toBe('');
  });

  it('reads RFC 5987 and plain Content-Disposition names', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.zip"; filename*=UTF-8''%E4%BB%93%E5%BA%93.zip`)).toBe('仓库.zip');
    expect(fileNameFromDisposition('attachment; filename="b.zip"')).toBe('b.zip');
    expect(fileNameFromDisposition(undefined)).toBeNull();
  });

  it('splits 编程语言 typed in one box', () => {
    expect(splitLanguages('Java、Vue, HTML，CSS')).toEqual(['Java', 'Vue', 'HTML', 'CSS']);
  });
});

describe('stale module counts and names (staleModuleMentions)', () => {
  const eight = [...MODULES, ...['报表统计', '系统日志', '消息通知'].map((name) => ({ name, description: `${name}的说明`, operations: ['查看'] }))];
  const stale = (d: ProjectDraft) => checkProjectDraft(d, '2026-05-01').filter((i) => !i.ok && /功能模块：请改正数量|已不是功能模块/.test(i.message));

  it('flags a count of modules the texts still state after modules were added', () => {
    const d = buildDraft({ modules: eight }, {
      mainFunctions: `本软件共5个功能模块：${eight.map((m) => m.name).join('、')}。`.padEnd(600, '。'),
      techFeatures: '采用前后端分离架构，六个模块相互独立',
    });
    expect(stale(d).map((i) => `${i.field}：${i.message}`)).toEqual([
      '软件的主要功能：写的是“5个功能模块”，现在有 8 个功能模块：请改正数量',
      '软件的技术特点：写的是“六个模块”，现在有 8 个功能模块：请改正数量',
    ]);
    expect(stale(buildDraft({ modules: eight }, { mainFunctions: `本软件共八个功能模块：${eight.map((m) => m.name).join('、')}。`.padEnd(600, '。') }))).toEqual([]);
  });

  it('flags a numbered entry of 主要功能 and a former AI module that are no longer modules', () => {
    const text = `本软件包括${MODULES.map((m) => m.name).join('、')}。\n（1）用户管理：维护账号。\n（2）排班管理：安排班次。`.padEnd(600, '。');
    const items = stale(buildDraft({ formerModuleNames: ['爽约登记', '用户管理'] }, { mainFunctions: text, purpose: '减少爽约登记的手工工作' }));
    expect(items.map((i) => i.field)).toEqual(['软件的主要功能', '开发目的']);
    expect(items[0].message).toMatch(/^提到的“排班管理”已不是功能模块（现有：用户管理、仓库管理/);
    expect(items[1].message).toMatch(/^提到的“爽约登记”已不是功能模块/);
    // A warning: it never blocks generation, and is never shown as passed.
    expect(items.every((i) => i.level === 'warning')).toBe(true);
  });
});

describe('a 主要功能 shorter than the form needs', () => {
  it('is 未通过 with what to add, and the user may accept it explicitly to generate (never padded)', () => {
    const d = buildDraft({ hasCode: false, codeOptional: true, modules: [{ name: '会议室管理', description: '', operations: [] }] }, { mainFunctions: '会议室预约管理系统包括会议室管理。' });
    const items = checkProjectDraft(d);
    const short = items.find((i) => i.field === '软件的主要功能')!;
    expect(short).toMatchObject({ ok: false, level: 'error', confirmable: true });
    expect(short.message).toMatch(/^软件的主要功能只有 \d+ 字，申请表要求 500–1300 字；现有资料只支持这么多，没有凑字。请补充：会议室管理功能模块各自的具体操作和用途/);
    const onlyShort = [short, ...items.filter((i) => i.ok || i.level !== 'error')];
    expect(canGenerate(onlyShort)).toBe(false);
    expect(canGenerate(onlyShort, true)).toBe(true);
  });
});
