import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { deadlineInfo } from '@mazhu/contracts';

/**
 * The answer deadline of a correction notice as a countdown (notice date + 30 days, 《计算机软件著作权登记办法》
 * 第二十二条): blue while more than 7 days are left, orange with a warning in the last 7 days, red once overdue.
 * Computed in the browser from the deadline (Beijing days), so it stays right on a page left open overnight.
 */
export default function DeadlineCountdown({ deadline, done }: { deadline: string; done?: boolean }) {
  const d = deadlineInfo(deadline);
  if (done) return <Tag data-testid="deadline">截止 {deadline}</Tag>;
  const color = d.level === 'overdue' ? 'error' : d.level === 'warning' ? 'warning' : 'processing';
  const icon = d.level === 'ok' ? <ClockCircleOutlined /> : <WarningOutlined />;
  const tip =
    d.level === 'overdue'
      ? '已超过补正期限：逾期未补正的，申请视为撤回（登记办法第二十二条）'
      : d.level === 'warning'
        ? '补正期限不足 7 天，请尽快提交补正材料；逾期视为撤回申请'
        : '自通知书日期起 30 日内答复（登记办法第二十二条）';
  return (
    <Tooltip title={tip}>
      <Tag color={color} icon={icon} data-testid="deadline" data-level={d.level}>
        {d.text}
      </Tag>
    </Tooltip>
  );
}
