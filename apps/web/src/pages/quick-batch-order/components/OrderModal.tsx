import { useState } from 'react';
import { Alert, Checkbox, Descriptions, List, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { BATCH_CHECK_LABELS, RECHARGE_URL, type BatchDetails, type BatchQuote, type BatchQuoteLine, type Charge } from '@mazhu/contracts';

/** What the user decides in the quote: rows left out, 未通过 rows confirmed one by one, 需注意 rows acknowledged. */
export interface OrderChoices {
  exclude: number[];
  confirmFailed: number[];
  acknowledged: number[];
}

const CHECK_COLORS = { invalid: 'error', failed: 'error', warning: 'warning', passed: 'success' } as const;
const chargeText = (c: Charge) =>
  c.freeTimes ? '免费次数 1 次' : c.giftedPoints || c.rechargePoints ? [c.giftedPoints ? `赠送 ${c.giftedPoints}` : '', c.rechargePoints ? `充值 ${c.rechargePoints}` : ''].filter(Boolean).join('、') : '—';

/**
 * The order confirmation, row by row: each row's price, what it gets (with or without the source-code document), its
 * check (未通过 / 需注意 / 通过, 主要功能 characters) and what it takes; a row can be left out, a 未通过 row must be
 * confirmed on its own line to be ordered, every 需注意 item acknowledged. The totals are the server's quote for these
 * choices (asked again on every change): the shortfall is the points still to pay after free times minus the balance,
 * and nothing is charged while it is short. 确认下单 stays disabled until nothing blocks.
 */
export default function OrderModal({
  open,
  batch,
  quote,
  ordering,
  onChoices,
  onOrder,
  onClose,
}: {
  open: boolean;
  batch: BatchDetails;
  quote: BatchQuote;
  ordering: boolean;
  onChoices: (c: OrderChoices) => void;
  onOrder: (c: OrderChoices) => void;
  onClose: () => void;
}) {
  const [choices, setChoices] = useState<OrderChoices>(() => ({ exclude: batch.rows.filter((r) => r.state === 'invalid').map((r) => r.id), confirmFailed: [], acknowledged: [] }));
  const change = (f: (c: OrderChoices) => OrderChoices) => {
    const next = f(choices);
    setChoices(next);
    onChoices(next);
  };
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));
  const rowOf = new Map(batch.rows.map((r) => [r.id, r]));
  const warned = batch.rows.filter((r) => r.warnings.length && !choices.exclude.includes(r.id));
  const canOrder = quote.invalidRows.length === 0 && quote.unconfirmed.length === 0 && quote.unacknowledged.length === 0 && quote.enough && quote.rows > 0;
  const c = quote.charge;

  const columns: ColumnsType<BatchQuoteLine> = [
    { title: '行', dataIndex: 'rowNo', width: 48 },
    {
      title: '软件',
      key: 'name',
      render: (_, l) => (
        <div>
          <div style={{ fontWeight: 600 }}>
            {l.name || '（未填写名称）'} {l.version}
          </div>
          <div style={{ color: '#6b7280', fontSize: 12 }}>将生成：{l.gets}</div>
        </div>
      ),
    },
    {
      title: '检查',
      key: 'check',
      width: 150,
      render: (_, l) => {
        const check = rowOf.get(l.rowId)?.check;
        return (
          <div>
            <Tag color={CHECK_COLORS[l.check]} data-testid="quote-check" data-result={l.check}>
              {l.check === 'invalid' ? '有错误' : BATCH_CHECK_LABELS[l.check]}
            </Tag>
            {check && l.check !== 'invalid' && (
              <div style={{ fontSize: 12, color: l.chars < check.mainFunctions.min || l.chars > check.mainFunctions.max ? '#dc2626' : '#6b7280' }}>
                主要功能 {check.mainFunctions.written === 'writer' ? '约 ' : ''}
                {l.chars} / {check.mainFunctions.min}–{check.mainFunctions.max} 字
              </div>
            )}
          </div>
        );
      },
    },
    {
      title: '价格',
      key: 'points',
      width: 110,
      render: (_, l) => (
        <div>
          {l.points} 积分
          <div style={{ color: '#6b7280', fontSize: 12 }}>{l.priced === 'code' ? '按源程序量' : '仅描述项目'}</div>
        </div>
      ),
    },
    { title: '本行扣除', key: 'charge', width: 120, render: (_, l) => (l.included ? chargeText(l.charge) : '不扣费') },
    {
      title: '下单',
      key: 'choice',
      width: 190,
      render: (_, l) => (
        <div>
          <Checkbox
            checked={!choices.exclude.includes(l.rowId)}
            disabled={l.check === 'invalid'}
            onChange={(e) => change((x) => ({ ...x, exclude: toggle(x.exclude, l.rowId, !e.target.checked) }))}
            data-testid="quote-include"
          >
            {l.check === 'invalid' ? '有错误，不下单' : '下单'}
          </Checkbox>
          {l.check === 'failed' && l.included && (
            <div>
              <Checkbox
                checked={choices.confirmFailed.includes(l.rowId)}
                onChange={(e) => change((x) => ({ ...x, confirmFailed: toggle(x.confirmFailed, l.rowId, e.target.checked) }))}
                data-testid="quote-confirm-failed"
              >
                <span style={{ color: '#b91c1c' }}>检查未通过，仍要下单</span>
              </Checkbox>
            </div>
          )}
          {l.note && <div style={{ color: '#6b7280', fontSize: 12 }}>{l.note}</div>}
        </div>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="确认批量下单"
      width={980}
      okText="确认下单并扣费"
      okButtonProps={{ disabled: !canOrder, loading: ordering, 'data-testid': 'order-confirm' } as never}
      onOk={() => onOrder(choices)}
      destroyOnHidden
    >
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 12 }} data-testid="order-quote">
        <Descriptions.Item label="下单软件">
          {quote.rows} 个{quote.excludedRows.length ? `（第 ${quote.excludedRows.join('、')} 行不下单）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="合计">{quote.points} 积分</Descriptions.Item>
        <Descriptions.Item label="免费次数抵扣">{quote.freeTimesUsed} 个软件</Descriptions.Item>
        <Descriptions.Item label="还需支付">{quote.pointsNeeded} 积分</Descriptions.Item>
        <Descriptions.Item label="本次扣除" span={2}>
          <span data-testid="order-charge">{quote.enough ? `免费次数 ${c.freeTimes} 次、赠送积分 ${c.giftedPoints}、充值积分 ${c.rechargePoints}` : '余额不足，本次不扣费'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="当前余额" span={2}>
          免费次数 {quote.balances.freeTimes} 次、赠送积分 {quote.balances.giftedPoints}、充值积分 {quote.balances.rechargePoints}
        </Descriptions.Item>
      </Descriptions>
      {!quote.enough && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`余额不足，还差 ${quote.shortfall} 积分`}
          description={
            <>
              还需支付 {quote.pointsNeeded} 积分 − 赠送积分 {quote.balances.giftedPoints} − 充值积分 {quote.balances.rechargePoints} = 还差 {quote.shortfall} 积分。整批订单不会扣费，
              <Link to={RECHARGE_URL}>去充值</Link>，或取消部分行的“下单”。
            </>
          }
          data-testid="order-shortfall"
        />
      )}
      {quote.unconfirmed.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${quote.unconfirmed.length} 行检查未通过`}
          description="多为“软件的主要功能”字数不足：系统只按您提供的资料撰写，不会凑字。请关闭此窗口补充这些行的资料，或逐行勾选“仍要下单”（生成后检查报告仍为未通过），或取消这些行的“下单”。"
        />
      )}
      <Table<BatchQuoteLine> rowKey="rowId" size="small" columns={columns} dataSource={quote.lines} pagination={quote.lines.length > 20 ? { pageSize: 20, showSizeChanger: false } : false} style={{ marginBottom: 12 }} data-testid="order-lines" />
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        扣费顺序：按行的顺序，每个软件优先使用 1 次免费次数；没有免费次数时先扣赠送积分，不足部分再扣充值积分。整批一次扣费，余额不足则整批不扣费；某个软件生成失败时只退回该软件的费用。未附源代码的行按仅描述项目计价，不生成源程序文档。
      </Typography.Paragraph>
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
                  <Checkbox
                    checked={choices.acknowledged.includes(r.id)}
                    onChange={(e) => change((x) => ({ ...x, acknowledged: toggle(x.acknowledged, r.id, e.target.checked) }))}
                    data-testid="order-ack"
                  >
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
