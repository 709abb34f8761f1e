import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../src/analysis/analyse';
import { readCodeStructure } from '../src/analysis/code-structure';
import { codeFile } from './fixtures-code';

const router = `import Layout from '@/views/layout/Layout'
export default [
  {
    path: '/testing',
    component: Layout,
    meta: { title: 'Continuous Testing' },
    children: [
      { path: 'usage', component: () => import('@/views/automation-usage/index'), meta: { title: 'Automation Usage' } },
      { path: 'crf', component: () => import('@/views/crf/index'), meta: { title: 'CRF Approval' } },
      { path: 'orders', component: () => import('@/views/order/index'), meta: { title: 'orderList' } },
    ]
  }
]
`;
const page = (name: string) => codeFile(`src/views/${name}/index.vue`, `<template>\n  <div class="${name}">\n    <el-table :data="rows" />\n  </div>\n</template>\n`, 'Vue', 'markup');

describe('menu titles of the router', () => {
  it('name a page by the title the interface displays, in whatever language it is written, but never by an i18n key', async () => {
    const files = [codeFile('src/router/index.js', router), page('automation-usage'), page('crf'), page('order')];
    await prepareAnalysis(files);
    const s = readCodeStructure(files);
    const label = (key: string) => s.units.find((u) => u.key === key)?.label;
    expect(label('page automation usage')).toBe('Automation Usage');
    expect(label('page crf')).toBe('CRF Approval');
    // "orderList" is a key of a translation file the code base does not have: no label, the writer asks the user.
    expect(label('page order')).toBeUndefined();
  });
});
