import { useState } from 'react';
import { Alert, Checkbox, Descriptions, List, Modal, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { RECHARGE_URL, type BatchDetails, type BatchQuote } from '@mazhu/contracts';

/**
 * The order confirmation: what the batch costs and what it takes from the balances (free times first, then gifted,
 * then recharge points), every row's 需注意 items with a box to tick for each, and the reasons CPCC refuses them.
 * 确认下单 stays disabled until every row is acknowledged, no row has errors and the balance is enough.
 */
export default function OrderModal({
  open,
  batch,
  quote,
  ordering,
  onOrder,
  onClose,
}: {
  open: boolean;
  batch: BatchDetails;
  quote: BatchQuote;
  ordering: boolean;
  onOrder: (acknowledged: number[]) => void;
  onClose: () => void;
}) {
  const warned = batch.rows.filter((r) => r.warnings.length);
  const [ack, setAck] = useState<number[]>([]);
  const allAck = warned.every((r) => ack.includes(r.id));
  const canOrder = quote.invalidRows.length === 0 && quote.enough && allAck && quote.rows > 0;
  const c = quote.charge;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="确认批量下单"
      width={760}
      okText="确认下单并扣费"
      okButtonProps={{ disabled: !canOrder, loading: ordering, 'data-testid': 'order-confirm' } as never}
      onOk={() => onOrder(ack)}
      destroyOnHidden
    >
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} data-testid="order-quote">
        <Descriptions.Item label="软件数量">{quote.rows} 个</Descriptions.Item>
        <Descriptions.Item label="合计">{quote.points} 积分</Descriptions.Item>
        <Descriptions.Item label="本次扣除" span={2}>
          免费次数 {c.freeTimes} 次、赠送积分 {c.giftedPoints}、充值积分 {c.rechargePoints}
        </Descriptions.Item>
        <Descriptions.Item label="当前余额" span={2}>
          免费次数 {quote.balances.freeTimes} 次、赠送积分 {quote.balances.giftedPoints}、充值积分 {quote.balances.rechargePoints}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        扣费顺序：每个软件优先使用 1 次免费次数；没有免费次数时先扣赠送积分，不足部分再扣充值积分。整批一次扣费，余额不足则整批不扣费；某个软件生成失败时只退回该软件的费用。
      </Typography.Paragraph>
      {quote.invalidRows.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`第 ${quote.invalidRows.join('、')} 行有错误，请关闭此窗口修改后再下单`} />}
      {!quote.enough && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`余额不足，还差 ${quote.shortfall} 积分`}
          description={
            <>
              整批订单不会扣费。<Link to={RECHARGE_URL}>去充值</Link>
            </>
          }
          data-testid="order-shortfall"
        />
      )}
      {warned.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`${warned.length} 个软件有“需注意”事项，请逐条阅读并确认`}
            description="中国版权保护中心自 2026 年起重点打击非正常申请：同一软件换名称或版本号重复登记、没有真实开发的批量申请、模板代写等。请只为真实开发、彼此不同的软件申请登记。"
          />
          <List
            size="small"
            bordered
            dataSource={warned}
            data-testid="order-warnings"
            renderItem={(r) => (
              <List.Item>
                <div style={{ width: '100%' }}>
                  <div style={{ fontWeight: 600, marginBottom: 4 }}>
                    第 {r.rowNo} 行「{r.values.name} {r.values.version}」
                  </div>
                  {r.warnings.map((w, i) => (
                    <div key={i} style={{ marginBottom: 6 }}>
                      <Tag color="orange">需注意</Tag>
                      {w.message}
                      <div style={{ color: '#6b7280', fontSize: 12, marginTop: 2 }}>{w.reason}</div>
                    </div>
                  ))}
                  <Checkbox checked={ack.includes(r.id)} onChange={(e) => setAck((a) => (e.target.checked ? [...a, r.id] : a.filter((x) => x !== r.id)))} data-testid="order-ack">
                    我已核实：这是一个真实开发、与上述软件不同的软件，仍要申请
                  </Checkbox>
                </div>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
