import { Tag, Tooltip } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { BATCH_CHECK_LABELS, type BatchRowCheck } from '@mazhu/contracts';

const LOOK = {
  failed: { color: 'error', icon: <CloseCircleFilled /> },
  warning: { color: 'warning', icon: <WarningFilled /> },
  passed: { color: 'success', icon: <CheckCircleFilled /> },
} as const;

/** A row's check result as it is (未通过 / 需注意 / 通过; a warning is never shown as passed), its items on hover. */
export function RowCheckTag({ check }: { check: BatchRowCheck }) {
  const look = LOOK[check.result];
  const tag = (
    <Tag icon={look.icon} color={look.color} data-testid="row-check" data-result={check.result}>
      {BATCH_CHECK_LABELS[check.result]}
      {check.items.length > 0 && ` ${check.items.length}`}
    </Tag>
  );
  if (!check.items.length) return tag;
  return (
    <Tooltip
      title={
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {check.items.map((i, k) => (
            <li key={k}>
              {i.level === 'error' ? '未通过：' : '需注意：'}
              {i.message}
            </li>
          ))}
        </ul>
      }
      styles={{ root: { maxWidth: 520 } }}
    >
      {tag}
    </Tooltip>
  );
}

/** 软件的主要功能's characters against the form's limits ("约 212 / 500–1300 字" for the writer's estimate). */
export function MainFunctionsChars({ check }: { check: BatchRowCheck }) {
  const m = check.mainFunctions;
  const ok = m.chars >= m.min && m.chars <= m.max;
  return (
    <Tooltip title={m.written === 'writer' ? '此项留空，由 AI 依据本行资料撰写；字数是按现有资料估算的结果，资料不足时不会凑字' : '本行填写的主要功能'}>
      <Tag color={ok ? 'blue' : 'red'} data-testid="row-chars">
        {m.written === 'writer' ? 'AI 约 ' : ''}
        {m.chars} / {m.min}–{m.max} 字
      </Tag>
    </Tooltip>
  );
}
