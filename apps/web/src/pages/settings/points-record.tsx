import { useState } from 'react';
import { Button, Select, Space, Table, Tag } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from '@/utils/dayjs';
import { LEDGER_KIND_LABELS, type IntegralRecord, type LedgerKind } from '@mazhu/contracts';
import { exportIntegralRecord, useIntegralRecord } from '@/api/points';
import { saveBlob } from '@/api/projects';

const KINDS = (Object.keys(LEDGER_KIND_LABELS) as LedgerKind[]).map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));
const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** 积分记录 (/settings/pointsRecord): every change of the balances, filtered by kind and date, exported as CSV. */
export default function PointsRecordPage() {
  const [kind, setKind] = useState<LedgerKind | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [exporting, setExporting] = useState(false);
  const filter = { kind, from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') };
  const records = useIntegralRecord({ page, pageSize, ...filter });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportIntegralRecord(filter, saveBlob);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <h2>积分记录</h2>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部类型"
          style={{ width: 140 }}
          options={KINDS}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          data-testid="record-kind"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="record-export">
          导出 CSV
        </Button>
      </Space>
      <Table<IntegralRecord>
        rowKey="id"
        loading={records.isLoading}
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: '暂无积分记录' }}
        pagination={{
          current: page,
          pageSize,
          total: records.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170, render: time },
          { title: '类型', dataIndex: 'kindLabel', width: 100 },
          {
            title: '变动',
            dataIndex: 'change',
            width: 90,
            align: 'right',
            render: (v: number) => <Tag color={v > 0 ? 'green' : 'red'} data-testid="record-change">{v > 0 ? `+${v}` : v}</Tag>,
          },
          { title: '变动后余额', dataIndex: 'balanceAfter', width: 100, align: 'right' },
          { title: '原因', dataIndex: 'reason' },
          { title: '关联', dataIndex: 'reference', render: (v: string) => v || '—' },
        ]}
      />
    </>
  );
}
