import type { CorrectionState, DocumentKind, FixKind } from '@mazhu/contracts';

export const STATE_COLORS: Record<CorrectionState, string> = {
  pending: 'default',
  processing: 'processing',
  generated: 'processing',
  submitted: 'success',
  cancelled: 'default',
  overdue: 'error',
};

export const FIX_KIND_LABELS: Record<FixKind, string> = {
  field: '修改申请表',
  source: '重新生成源程序',
  manual: '重新生成操作手册',
  screenshots: '更换截图',
  contract: '补充合同',
  todo: '线下办理',
};

/** A fix kind's tag for a project whose document is `doc`: a 设计说明书 or 使用说明 has figures, not screenshots. */
export const fixKindLabel = (kind: FixKind, doc: DocumentKind): string =>
  doc === '操作手册' ? FIX_KIND_LABELS[kind] : kind === 'manual' ? `重新生成${doc}` : kind === 'screenshots' ? '插图' : FIX_KIND_LABELS[kind];
