import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Col, Drawer, Form, Input, Popconfirm, Row, Select, Space, Spin, Table, Tag, Tooltip } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, FilePdfOutlined, FileWordOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from '@/utils/dayjs';
import { ApiCode, CONTRACT_LIMITS, CONTRACT_TYPE_META, CONTRACT_TYPES, ownerLabel, type ContractListItem, type ContractTemplateQuery, type ContractType, type ContractWarnings } from '@mazhu/contracts';
import { addContract, contractKeys, delContract, downloadContract, useContractList, useContractTemplate } from '@/api/contracts';
import { useOwnerList } from '@/api/owners';
import { useProjectDetails, useProjectList } from '@/api/projects';
import RichHtml from '@/components/RichHtml';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';

interface Values {
  type: ContractType;
  projectId?: number;
  partyA: number[];
  partyB: number[];
  signDate?: Dayjs;
  signPlace?: string;
  devRange?: [Dayjs, Dayjs];
  fee?: string;
  terms?: string;
}

const day = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : undefined);
/** The party fields hold owner ids as an array, also behind the single select of a 码著服务协议. */
const asIds = (v: unknown): number[] => (Array.isArray(v) ? (v as number[]) : typeof v === 'number' ? [v] : []);

/** 合同下载 (/settings/contract): generated contracts with their downloads, and a drawer to create one from a project. */
export default function ContractPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const list = useContractList({ page, pageSize: 10 });

  const remove = async (c: ContractListItem) => {
    if ((await delContract(c.id))?.code !== 200) return;
    notify.success('合同已删除');
    await queryClient.invalidateQueries({ queryKey: contractKeys.all });
  };

  const columns: ColumnsType<ContractListItem> = [
    {
      title: '合同',
      key: 'title',
      render: (_, c) => (
        <div>
          <div style={{ fontWeight: 500 }} data-testid="contract-title">
            {c.title}
          </div>
          <div className="pt-sub">
            <span>
              {c.softwareName} {c.softwareVersion}
            </span>
          </div>
        </div>
      ),
    },
    {
      title: '当事人',
      key: 'parties',
      render: (_, c) => (
        <div>
          <div>{c.partyNames.join('、')}</div>
          {c.confirmedWarnings.length > 0 && (
            <Tooltip title={c.confirmedWarnings.join('；')}>
              <Tag color="warning" data-testid="contract-confirmed-warnings" style={{ marginTop: 4 }}>
                已确认 {c.confirmedWarnings.length} 条当事人提示
              </Tag>
            </Tooltip>
          )}
        </div>
      ),
    },
    { title: '签订日期', dataIndex: 'signDate', width: 120 },
    {
      title: '下载',
      key: 'actions',
      width: 230,
      render: (_, c) => (
        <Space size={4}>
          <Button size="small" icon={<FilePdfOutlined />} onClick={() => void downloadContract(c, 'pdf')}>
            PDF
          </Button>
          <Button size="small" icon={<FileWordOutlined />} onClick={() => void downloadContract(c, 'docx')}>
            Word
          </Button>
          <Popconfirm title="删除合同" description="删除后需要重新生成，确定吗？" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(c)}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="list-head">
        <h2>合同下载</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          生成合同
        </Button>
      </div>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="合作开发、委托开发、下达任务开发和继受取得（受让）须随申请提交合同；合同按项目和著作权人填写，生成后再生成一次材料，合同会放进材料压缩包，检查报告也会核对当事人与签订日期。"
      />
      {list.isError && <Alert type="error" showIcon title="合同列表加载失败" action={<a onClick={() => void list.refetch()}>重试</a>} style={{ marginBottom: 16 }} />}
      <Table<ContractListItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isLoading}
        locale={{ emptyText: '还没有合同：点击“生成合同”，按项目填写合作开发协议、委托开发合同等' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 份` }}
      />
      <CreateContractDrawer
        open={open}
        onClose={() => setOpen(false)}
        onCreated={() => {
          setOpen(false);
          setPage(1);
          void queryClient.invalidateQueries({ queryKey: contractKeys.all });
        }}
      />
    </>
  );
}

/**
 * The create form beside a live preview of the filled template (identity numbers masked in the preview). Parties
 * that disagree with the project's owners or 开发方式 are listed as warnings the user confirms with a checkbox
 * before generating; a contract that cannot be made yet (a 码著服务协议 before the operator set its company) says
 * why and cannot be submitted.
 */
function CreateContractDrawer({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const projects = useProjectList({ type: 'all', page: 1, pageSize: 100 });
  const owners = useOwnerList({ page: 1, pageSize: 100 });
  const values = Form.useWatch([], form) as Values | undefined;
  const type = values?.type ?? 'cooperation';
  const meta = CONTRACT_TYPE_META[type];
  const [debounced, setDebounced] = useState<ContractTemplateQuery>();
  /** Warnings of a refused submission (409), shown until the form changes. */
  const [refused, setRefused] = useState<string[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    setRefused([]);
    const t = setTimeout(() => {
      setDebounced({
        type,
        projectId: values?.projectId,
        partyA: asIds(values?.partyA).join(','),
        partyB: asIds(values?.partyB).join(','),
        signDate: day(values?.signDate),
        signPlace: values?.signPlace,
        devStart: day(values?.devRange?.[0]),
        devEnd: day(values?.devRange?.[1]),
        fee: values?.fee,
        terms: values?.terms,
      });
    }, 300);
    return () => clearTimeout(t);
  }, [type, values]);
  const preview = useContractTemplate(open ? debounced : undefined);
  const warnings = refused.length ? refused : (preview.data?.warnings ?? []);
  const blocked = preview.data?.type === type ? preview.data.blocked : null;
  const warningKey = warnings.join('\n');
  useEffect(() => setConfirmed(false), [warningKey]);
  const ownerOptions = useMemo(() => (owners.data?.list ?? []).map((o) => ({ value: o.id, label: ownerLabel(o) })), [owners.data]);
  const projectOptions = (projects.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} ${p.version}` }));
  const completionDate = useProjectDetails(values?.projectId).data?.form.completionDate;
  /** The server's signing-date rule against the chosen project's 开发完成日期, checked as the user picks the date. */
  const signDateProblem = (d?: Dayjs): string | undefined => {
    const sign = day(d);
    if (!sign || !completionDate || !meta.dateRule) return undefined;
    if (meta.dateRule === 'before-completion' && sign >= completionDate) return `须早于开发完成日期（${completionDate}）`;
    if (meta.dateRule === 'after-completion' && sign < completionDate) return `不能早于开发完成日期（${completionDate}）`;
    return undefined;
  };

  const submit = async () => {
    // A failed validation shows under the fields and rejects: nothing to send.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setSaving(true);
    try {
      // A refusal (a signing date after completion …) is shown as a toast; party warnings (409) above the form.
      const res = await addContract({
        type: v.type,
        projectId: v.projectId!,
        partyA: asIds(v.partyA),
        partyB: asIds(v.partyB),
        signDate: day(v.signDate)!,
        signPlace: v.signPlace,
        devStart: day(v.devRange?.[0]),
        devEnd: day(v.devRange?.[1]),
        fee: v.fee,
        terms: v.terms,
        confirmWarnings: confirmed && warnings.length > 0,
      });
      if (res?.code === ApiCode.Conflict && (res.data as ContractWarnings | null)?.warnings?.length) {
        setRefused((res.data as ContractWarnings).warnings);
        return;
      }
      if (res && res.code !== ApiCode.Ok && res.msg) notify.error(res.msg);
      const created = res?.code === ApiCode.Ok ? (res.data as ContractListItem) : undefined;
      if (created) {
        notify.success(`${created.title}已生成`);
        form.resetFields();
        onCreated();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="生成合同"
      size="large"
      width={1180}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} disabled={Boolean(blocked) || (warnings.length > 0 && !confirmed)} onClick={() => void submit()} data-testid="contract-submit">
          生成 PDF 和 Word
        </Button>
      }
    >
      <Row gutter={24}>
        <Col span={10}>
          {blocked && <Alert type="error" showIcon title={blocked} style={{ marginBottom: 16 }} data-testid="contract-blocked" />}
          {warnings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="contract-warnings"
              title="当事人与项目不相符，请核对"
              description={
                <>
                  <ul style={{ paddingLeft: 18, margin: '4px 0 8px' }}>
                    {warnings.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                  <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} data-testid="contract-confirm">
                    我已核对以上提示，仍按所选当事人生成合同
                  </Checkbox>
                </>
              }
            />
          )}
          <Form form={form} layout="vertical" initialValues={{ type: 'cooperation', partyA: [], partyB: [] }}>
            <Form.Item name="type" label="合同类型" extra={meta.description}>
              <Select options={CONTRACT_TYPES.map((t) => ({ value: t, label: CONTRACT_TYPE_META[t].title }))} onChange={() => form.setFieldsValue({ partyA: [], partyB: [] })} />
            </Form.Item>
            <Form.Item name="projectId" label="项目" rules={[{ required: true, message: '请选择项目' }]} extra="软件全称、版本号和开发完成日期取自项目">
              <Select showSearch optionFilterProp="label" placeholder="选择项目" options={projectOptions} loading={projects.isLoading} notFoundContent="还没有项目" />
            </Form.Item>
            <Form.Item
              name="partyA"
              label={meta.sideB ? `${meta.sideA}（甲方）` : `${meta.sideA}（按著作权人顺序）`}
              rules={[{ required: true, type: 'array', min: meta.minSideA, message: `请选择至少 ${meta.minSideA} 个${meta.sideA}` }]}
              normalize={asIds}
              getValueProps={(v: unknown) => ({ value: type === 'service' ? asIds(v)[0] : asIds(v) })}
              extra={type === 'commission' ? '委托方即著作权人：合同约定著作权归委托方' : type === 'cooperation' ? '当事人及顺序应与申请表的著作权人一致' : undefined}
            >
              <Select mode={type === 'service' ? undefined : 'multiple'} placeholder="从知识产权人中选择" options={ownerOptions} notFoundContent="请先在“知识产权人”中添加" />
            </Form.Item>
            {meta.sideB && type !== 'service' && (
              <Form.Item name="partyB" label={`${meta.sideB}（乙方）`} rules={[{ required: true, type: 'array', min: 1, message: `请选择${meta.sideB}` }]} extra={type === 'transfer' ? '受让方即著作权人' : undefined}>
                <Select mode="multiple" placeholder="从知识产权人中选择" options={ownerOptions} />
              </Form.Item>
            )}
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item
                  name="signDate"
                  label="签订日期"
                  dependencies={['projectId', 'type']}
                  rules={[
                    { required: true, message: '请选择签订日期' },
                    {
                      validator: (_, d?: Dayjs) => {
                        const problem = signDateProblem(d);
                        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                      },
                    },
                  ]}
                  extra={
                    meta.dateRule && !signDateProblem(values?.signDate)
                      ? `${meta.dateRule === 'before-completion' ? '须早于' : '不能早于'}开发完成日期${completionDate ? `（${completionDate}）` : ''}`
                      : undefined
                  }
                >
                  <DatePicker style={{ width: '100%' }} maxDate={dayjs().add(1, 'year')} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="signPlace" label="签订地点">
                  <Input maxLength={50} placeholder="例如：杭州" />
                </Form.Item>
              </Col>
            </Row>
            {(type === 'cooperation' || type === 'commission') && (
              <Form.Item name="devRange" label="开发期间（可选）">
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            )}
            {(type === 'commission' || type === 'transfer') && (
              <Form.Item name="fee" label={type === 'commission' ? '开发费用（可选）' : '转让价款（可选）'} extra="不填写则写明“由双方另行书面约定”">
                <Input maxLength={CONTRACT_LIMITS.feeMax} placeholder="例如：人民币伍万元整" />
              </Form.Item>
            )}
            <Form.Item name="terms" label="其他约定（可选）">
              <Input.TextArea rows={4} maxLength={CONTRACT_LIMITS.termsMax} showCount />
            </Form.Item>
          </Form>
        </Col>
        <Col span={14}>
          <div className="contract-preview" data-testid="contract-preview">
            {preview.isLoading && !preview.data ? <Spin /> : preview.data ? <RichHtml html={preview.data.html} /> : null}
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
