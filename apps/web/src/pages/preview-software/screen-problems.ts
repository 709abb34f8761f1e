import { ZScreenSpec, type ScreenSpec } from '@mazhu/contracts';

/** One thing wrong with a screen description: where (`stats.1.label`, `chart.values.2`, …) and what, in Chinese. */
export interface ScreenProblem {
  path: string;
  message: string;
}

type Key = string | number;

/** What the element at `path` is called in the side panel (rows name the cell by its column). */
function subject(path: Key[], spec: ScreenSpec): string {
  const [list, i, part] = path;
  const n = typeof i === 'number' ? i + 1 : 0;
  switch (list) {
    case 'title':
      return '页面标题';
    case 'fields':
      if (!n) return '字段';
      return part === 'value' ? `第 ${n} 项的示例内容` : `第 ${n} 项的名称`;
    case 'columns':
      return n ? `第 ${n} 列的名称` : '表格列';
    case 'rows':
      if (!n) return '表格';
      return typeof part === 'number' ? `第 ${n} 行的“${spec.columns[part] || `第 ${part + 1} 格`}”` : `第 ${n} 行`;
    case 'buttons':
      return n ? `第 ${n} 个按钮` : '按钮';
    case 'stats':
      if (!n) return '统计卡片';
      return part === 'value' ? `第 ${n} 个统计卡片的数值` : `第 ${n} 个统计卡片的名称`;
    case 'chart': {
      // path: ['chart', 'labels' | 'values', index]
      const k = typeof part === 'number' ? part + 1 : 0;
      if (!k) return '图表';
      return i === 'values' ? `图表第 ${k} 个数据点的数值` : `图表第 ${k} 个数据点的名称`;
    }
    default:
      return '界面描述';
  }
}

/** The unit a list of `path` is counted in, for "最多 N 行/列/个". */
function unit(path: Key[]): string {
  if (path[0] === 'rows') return path.length > 1 ? '格' : '行';
  if (path[0] === 'columns') return '列';
  if (path[0] === 'fields') return '项';
  return '个';
}

interface Issue {
  code: string;
  path: Key[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
}

function messageOf(issue: Issue, spec: ScreenSpec): string {
  const what = subject(issue.path, spec);
  const isText = issue.origin === 'string';
  switch (issue.code) {
    case 'too_small':
      if (isText) return `${what}不能为空`;
      if (issue.origin === 'number') return `${what}不能小于 ${issue.minimum}`;
      return `${what}至少 ${issue.minimum} ${unit(issue.path)}`;
    case 'too_big':
      if (isText) return `${what}不能超过 ${issue.maximum} 个字`;
      if (issue.origin === 'number') return `${what}不能超过 ${issue.maximum}`;
      return `${what}最多 ${issue.maximum} ${unit(issue.path)}`;
    case 'invalid_type':
      return issue.expected === 'number' ? `${what}请填写数字` : `${what}格式不正确`;
    default:
      return `${what}不符合要求`;
  }
}

/**
 * Everything in a screen description that ZScreenSpec (packages/contracts/src/preview.ts) refuses, as the side panel
 * shows it: empty names, texts over their length, negative or missing chart values, lists over their bounds.
 * Empty when the screen can be drawn and saved.
 */
export function screenProblems(spec: ScreenSpec): ScreenProblem[] {
  const parsed = ZScreenSpec.safeParse(spec);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: messageOf(issue as Issue, spec) }));
}
