import type { CorrectionState, FixKind } from '@mazhu/contracts';

export const STATE_COLORS: Record<CorrectionState, string> = {
  pending: 'default',
  processing: 'processing',
  generated: 'success',
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
