import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Empty, Select, Space, Spin, Tag } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import dayjs, { type Dayjs } from '@/utils/dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { ApiCode, BATCH_ROW_STATE_LABELS, BATCH_STATUS_LABELS, chinaToday, correctionDeadline, type BatchRow } from '@mazhu/contracts';
import { addProjectCorrections, correctionKeys, useBatchOrders, useBatchRows, useCorrectionList } from '@/api/corrections';
import DeadlineCountdown from '@/components/corrections/DeadlineCountdown';
import NoticeInput, { type NoticeSource } from '@/components/corrections/NoticeInput';
import { STATE_COLORS } from '@/components/corrections/labels';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';
import '@/components/corrections/corrections.css';

interface RowPick {
  text: string;
  source: NoticeSource;
  date: Dayjs;
  result?: { ok: boolean; msg: string; id?: number };
}

/**
 * 批量补正项目 (/settings/batchCorrection): corrections of the rows of a batch order — several rows at once, one
 * notice per row (each with its own date and deadline). Each ordered row is a project, so a row's correction is that
 * project's correction (fixed on the same fixing page); rows already under correction show their countdown.
 */
export default function BatchCorrectionPage() {
  const queryClient = useQueryClient();
  const batches = useBatchOrders();
  const ordered = (batches.data?.list ?? []).filter((b) => b.status !== 'draft');
  const [batchId, setBatchId] = useState<number | undefined>();
  const current = batchId ?? ordered[0]?.id;
  const rows = useBatchRows(current);
  const corrections = useCorrectionList({ page: 1, pageSize: 100 });
  const [picks, setPicks] = useState<Record<number, RowPick>>({});
  const [saving, setSaving] = useState(false);
  const openByProject = new Map((corrections.data?.list ?? []).filter((c) => c.state !== 'generated' && c.state !== 'cancelled').map((c) => [c.projectId, c]));
  const picked = Object.keys(picks).map(Number);

  const toggle = (r: BatchRow, on: boolean) =>
    setPicks((p) => {
      const next = { ...p };
      if (on && r.projectId) next[r.projectId] = { text: '', source: 'text', date: dayjs(chinaToday()) };
      else if (r.projectId) delete next[r.projectId];
      return next;
    });
  const patch = (projectId: number, v: Partial<RowPick>) => setPicks((p) => ({ ...p, [projectId]: { ...p[projectId]!, ...v } }));

  const submit = async () => {
    const todo = picked.filter((id) => !picks[id]?.result?.ok);
    if (todo.some((id) => (picks[id]?.text.trim().length ?? 0) < 4)) {
      notify.error('每个选中的行都要粘贴或上传它自己的补正通知书');
      return;
    }
    setSaving(true);
    let created = 0;
    try {
      for (const id of todo) {
        const p = picks[id]!;
        const res = await addProjectCorrections({ projectId: id, noticeText: p.text, noticeDate: p.date.format('YYYY-MM-DD'), source: p.source });
        const ok = res?.code === ApiCode.Ok;
        if (ok) created++;
        patch(id, { result: { ok, msg: ok ? `已创建：识别 ${res.data.recognised}/${res.data.items} 项` : (res?.msg ?? '创建失败'), id: ok ? res.data.id : undefined } });
      }
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: correctionKeys.all });
    }
    if (created) notify.success(`已创建 ${created} 个补正项目`);
  };

  return (
    <>
      <div className="list-head">
        <h2>批量补正项目</h2>
        <Button type="primary" disabled={picked.length === 0} loading={saving} onClick={() => void submit()} data-testid="batch-create">
          {picked.length ? `创建 ${picked.length} 个补正` : '创建补正'}
        </Button>
      </div>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="批量订单中的软件收到补正通知书时，选择订单，勾选对应的行，逐行粘贴或上传各自的通知书并填写通知书日期，一次创建。创建后在“补正项目”中逐项处理；每份通知书须在其日期起 30 日内答复。"
      />
      {batches.isLoading ? (
        <Spin />
      ) : ordered.length === 0 ? (
        <Empty description="还没有已下单的批量订单">
          <Link to="/quickBatchOrder">
            <Button>快速批量下单</Button>
          </Link>
        </Empty>
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            <span className="muted">批量订单</span>
            <Select
              style={{ width: 360 }}
              value={current}
              onChange={(v) => (setBatchId(v), setPicks({}))}
              options={ordered.map((b) => ({ value: b.id, label: `${b.name}（${BATCH_STATUS_LABELS[b.status]}，${b.counts.total} 个软件）` }))}
              data-testid="batch-select"
            />
          </Space>
          {rows.isLoading ? (
            <Spin />
          ) : (
            <div className="batch-rows" data-testid="batch-rows">
              {(rows.data?.rows ?? []).map((r) => {
                const pick = r.projectId ? picks[r.projectId] : undefined;
                const busy = r.projectId ? openByProject.get(r.projectId) : undefined;
                const ready = Boolean(r.projectId && r.downloadable);
                return (
                  <div key={r.id} className="batch-row">
                    <div className="batch-row-head">
                      <Checkbox checked={Boolean(pick)} disabled={!ready || Boolean(busy)} onChange={(e) => toggle(r, e.target.checked)} data-testid={`batch-pick-${r.rowNo}`}>
                        <span className="muted">第 {r.rowNo} 行</span> <strong>{r.values.name}</strong> <span className="muted">{r.values.version}</span>
                      </Checkbox>
                      {!ready && <Tag>{BATCH_ROW_STATE_LABELS[r.state]}，材料生成后可补正</Tag>}
                      {busy && (
                        <Space>
                          <Tag color={STATE_COLORS[busy.state]}>{busy.stateLabel}</Tag>
                          <DeadlineCountdown deadline={busy.deadline} />
                          <Link to={`/settings/correctionDetail?id=${busy.id}`}>去处理</Link>
                        </Space>
                      )}
                      {pick && r.projectId && (
                        <Space>
                          <span className="muted">通知书日期</span>
                          <DatePicker value={pick.date} allowClear={false} onChange={(d) => d && patch(r.projectId!, { date: d })} disabledDate={(d) => d.isAfter(dayjs(chinaToday()), 'day')} />
                          <DeadlineCountdown deadline={correctionDeadline(pick.date.format('YYYY-MM-DD'))} />
                        </Space>
                      )}
                    </div>
                    {pick && r.projectId && !pick.result?.ok && (
                      <NoticeInput compact value={pick} onChange={(v) => patch(r.projectId!, { text: v.text, source: v.source })} testId={`batch-notice-${r.rowNo}`} />
                    )}
                    {pick?.result && (
                      <Alert
                        type={pick.result.ok ? 'success' : 'error'}
                        showIcon
                        style={{ marginTop: 8 }}
                        title={pick.result.msg}
                        action={pick.result.id ? <Link to={`/settings/correctionDetail?id=${pick.result.id}`}>去处理</Link> : undefined}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </>
      )}
    </>
  );
}
