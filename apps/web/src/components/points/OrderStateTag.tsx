import { Tag } from 'antd';
import { TOP_UP_STATE_LABELS, type TopUpState } from '@mazhu/contracts';

const COLOR: Record<TopUpState, string> = { pending_payment: 'gold', pending_review: 'processing', credited: 'success', rejected: 'error', cancelled: 'default' };

export default function OrderStateTag({ state }: { state: TopUpState }) {
  return (
    <Tag color={COLOR[state]} data-testid="order-state">
      {TOP_UP_STATE_LABELS[state]}
    </Tag>
  );
}
