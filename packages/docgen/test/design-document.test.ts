import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAll, intakeArchive } from '../src/index';
import { CACHE } from './global-setup';

// 设计说明书 of real code bases (fetched with `npm pack`, test/global-setup.ts): lodash 4.17.21 has 478 public functions
// (one per file), node-gyp 10.2.0's README installs the published package. The interface chapter must never be cut
// without saying where the rest is, the appendix must hold every item, and an example that installs someone else's
// published project must be flagged rather than printed.

async function design(spec: string, name: string) {
  const r = await intakeArchive(readFileSync(path.join(CACHE, spec)), 'tar.gz');
  const g = await generateAll({ name, version: 'V1.0', files: r.files, meta: r.meta, skipped: r.skipped, audience: 'web', project: { name, version: 'V1.0', modules: [] }, today: '2026-01-01' });
  const body = g.manual!.pages.filter((p) => p.kind === 'text').flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text : '')));
  return { g, body, text: body.join('\n') };
}

describe('a long interface (lodash 4.17.21)', async () => {
  const { g, body, text } = await design('lodash-4.17.21.tgz', '工具函数库软件');
  const api = g.analysis.structure.api;

  it('says how many items there are and where the rest is, and lists every item in the appendix', () => {
    expect(api.length).toBeGreaterThan(160);
    expect(text).toContain(`共 ${api.length} 项`);
    expect(text).toContain(`全部 ${api.length} 项见附录“接口清单”`);
    const appendixAt = body.findIndex((l) => /^第\d+章 附录 接口清单$/.test(l));
    expect(appendixAt).toBeGreaterThan(0);
    const appendix = body.slice(appendixAt).join('\n').replace(/\n(?=\S)/g, '\n');
    const missing = api.filter((a) => !appendix.includes(a.signature.slice(0, 40)));
    expect(missing.map((a) => a.signature)).toEqual([]);
  });

  it('keeps the appendix’s per-file headings out of the table of contents, which matches the headings', () => {
    const toc = g.manual!.toc;
    expect(toc.some((e) => e.title.includes('附录 接口清单'))).toBe(true);
    const appendixPage = toc.find((e) => e.title.includes('附录 接口清单'))!.page;
    expect(toc.filter((e) => e.page > appendixPage && e.level === 2)).toEqual([]);
    const headings = body.filter((l) => /^第\d+章 /.test(l));
    expect(toc.filter((e) => e.level === 1).map((e) => e.title)).toEqual(headings);
    // Chapters are numbered without gaps.
    expect(headings.map((h) => Number(/^第(\d+)章/.exec(h)![1]))).toEqual(headings.map((_, i) => i + 1));
  });
});

describe('README examples that install a published project (node-gyp 10.2.0)', async () => {
  const { g, text } = await design('node-gyp-10.2.0.tgz', '原生模块构建工具软件');

  it('flags them in the warnings instead of printing them', () => {
    expect(text).not.toMatch(/npm install -g node-gyp/);
    expect(g.manual!.warnings.some((w) => /示例含有其他项目的地址或安装命令（npm install -g node-gyp/.test(w))).toBe(true);
  });
});
