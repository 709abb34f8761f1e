import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiCode, ownerLabel, type OwnerDetails } from '@mazhu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getOwnerDetails, ownerKeys, useOwnerList } from '@/api/owners';
import OwnerFormModal from '@/components/owner/OwnerFormModal';
import type { Rule } from 'antd/es/form';
import { Button, Checkbox, Col, Form, Input, Radio, Row, Select, Space, Tooltip, Typography } from 'antd';
import { DatePicker } from '@/components/DatePicker';
import { PlusOutlined, RobotOutlined, TranslationOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from '@/utils/dayjs';
import {
  ACQUISITION_WAYS,
  AI_PLATFORMS,
  DEVELOPMENT_MODES,
  PROJECT_LIMITS,
  PROJECT_NAME_RE,
  PROJECT_VERSION_RE,
  PUBLISH_STATUSES,
  RIGHTS_ACQUISITIONS,
  RIGHTS_ITEMS,
  RIGHTS_SCOPES,
  SOFTWARE_CATEGORIES,
  SOFTWARE_NATURES,
  ZProjectName,
} from '@mazhu/contracts';
import { usePlatformTypes } from '@/api/content';
import { getAiPolishDescription, getCnNameToEnName } from '@/api/projects';
import { notify } from '@/utils/notify';
import type { ProjectFormValues } from './form-values';
import { OriginLabel } from './OriginBadge';
import { useAiGate } from './useAiGate';
import './project.css';

/** Rules of 软件全称 (the contract's schema and limits). */
export const NAME_RULES: Rule[] = [
  { required: true, whitespace: true, message: '请输入软件全称' },
  { max: PROJECT_LIMITS.nameMax, message: `软件全称不能超过 ${PROJECT_LIMITS.nameMax} 个字符` },
  { pattern: PROJECT_NAME_RE, message: '软件全称须以“软件”“系统”或“平台”结尾' },
  {
    validator: (_, v: string | undefined) => {
      // What the rules above do not say (e.g. forbidden characters); they report their own problems.
      const t = (v ?? '').trim();
      if (!t || t.length > PROJECT_LIMITS.nameMax || !PROJECT_NAME_RE.test(t)) return Promise.resolve();
      const r = ZProjectName.safeParse(t);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message));
    },
  },
];

/** Rules of 版本号. */
export const VERSION_RULES: Rule[] = [
  { required: true, whitespace: true, message: '请输入版本号' },
  { pattern: PROJECT_VERSION_RE, message: '版本号格式应为 V数字，例如 V1.0' },
];

/**
 * A date of the form must be before the filing day (cpcc-materials.md: 开发完成日期 and 首次发表日期 precede the
 * application). A later date — picked or typed — gets this message; it is never dropped silently.
 */
const beforeToday = (label: string): Rule => ({
  validator: (_, v: dayjs.Dayjs | undefined) =>
    v && !v.isBefore(dayjs(), 'day') ? Promise.reject(new Error(`${label}须早于今天（申请日），现为 ${v.format('YYYY-MM-DD')}`)) : Promise.resolve(),
});

const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

/**
 * 基本信息: the R11 fields the user alone can answer (name, version, category, declarations, dates, rights),
 * plus the user's own description of the software that the AI writer reads. Lives inside the page's Form.
 */
export default function BasicInfoFields({ withDescription = true }: { withDescription?: boolean }) {
  const form = Form.useFormInstance<ProjectFormValues>();
  const nature = Form.useWatch('nature', form);
  const publishStatus = Form.useWatch('publishStatus', form);
  const rightsAcquisition = Form.useWatch('rightsAcquisition', form);
  const rightsScope = Form.useWatch('rightsScope', form);
  const devMode = Form.useWatch('developmentMode', form);
  const platforms = usePlatformTypes();
  const [polishing, setPolishing] = useState(false);
  const [beforePolish, setBeforePolish] = useState<string | null>(null);
  const [translating, setTranslating] = useState(false);
  const [enName, setEnName] = useState('');
  const gate = useAiGate();

  const platformOptions = platforms.data?.length
    ? platforms.data.map((p) => ({ value: p.id, label: p.name, title: p.description }))
    : AI_PLATFORMS.map((p, i) => ({ value: -(i + 1), label: p, title: p }));

  const polish = async () => {
    const { name, description, platform } = form.getFieldsValue(['name', 'description', 'platform']) as ProjectFormValues;
    if (!description?.trim()) {
      notify.warning('请先用几句话描述软件，再让 AI 润色');
      return;
    }
    if (!(await gate.ensure())) return;
    setPolishing(true);
    try {
      const res = await getAiPolishDescription({ name: name?.trim() || '本软件', description, platform, engine: 'ai' });
      const polished = res?.code === 200 ? res.data?.description?.trim() : '';
      if (polished) {
        setBeforePolish(description);
        form.setFieldValue('description', polished);
        notify.success(res?.data?.provider === 'openai' ? '已由 AI 润色：保存后标为“AI 撰写”，可撤销或继续修改' : '未配置 AI 模型，已按规则整理（规则草稿），可继续修改');
      }
    } catch (err) {
      console.error(err);
      notify.error('AI 润色失败，请稍后重试');
    } finally {
      setPolishing(false);
    }
  };

  const translate = async () => {
    const name = (form.getFieldValue('name') as string | undefined)?.trim();
    if (!name || !ZProjectName.safeParse(name).success) {
      notify.warning('请先填写正确的软件全称');
      return;
    }
    setTranslating(true);
    try {
      const res = await getCnNameToEnName(name);
      if (res?.code === 200 && res.data?.enName) setEnName(res.data.enName);
    } catch (err) {
      console.error(err);
      notify.error('翻译失败，请稍后重试');
    } finally {
      setTranslating(false);
    }
  };

  return (
    <>
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item
            name="name"
            label="软件全称"
            tooltip="须以“软件”“系统”或“平台”结尾，与源程序页眉、操作手册中的名称完全一致"
            rules={NAME_RULES}
            extra={
              enName ? (
                <span>
                  英文名参考：<Typography.Text copyable>{enName}</Typography.Text>
                </span>
              ) : undefined
            }
          >
            <Input
              placeholder="例如：智慧仓储管理系统"
              count={{ max: PROJECT_LIMITS.nameMax }}
              data-testid="field-name"
              suffix={
                <Tooltip title="AI 翻译英文名（供界面、安装包等参考，不写入申请表）">
                  <Button type="text" size="small" icon={<TranslationOutlined />} loading={translating} onClick={() => void translate()} aria-label="翻译英文名" />
                </Tooltip>
              }
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="shortName" label="软件简称" rules={[{ max: PROJECT_LIMITS.shortNameMax, message: `软件简称不能超过 ${PROJECT_LIMITS.shortNameMax} 个字符` }]}>
            <Input placeholder="可不填" count={{ max: PROJECT_LIMITS.shortNameMax }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="version"
            label="版本号"
            tooltip="首次登记通常为 V1.0；不能含 Beta 或中文"
            rules={VERSION_RULES}
          >
            <Input placeholder="V1.0" count={{ max: 20 }} data-testid="field-version" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item name="category" label="软件分类" rules={[{ required: true, message: '请选择软件分类' }]}>
            <Radio.Group options={options(SOFTWARE_CATEGORIES)} optionType="button" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="platformTypeId" label="软件形态" tooltip="AI 按软件形态撰写运行环境与操作手册">
            <Select
              placeholder="请选择"
              allowClear
              loading={platforms.isLoading}
              options={platformOptions}
              onChange={(v: number | undefined) => {
                const hit = platformOptions.find((o) => o.value === v);
                form.setFieldValue('platform', hit?.label);
                if (v !== undefined && v < 0) form.setFieldValue('platformTypeId', undefined);
              }}
            />
          </Form.Item>
          <Form.Item name="platform" hidden>
            <Input />
          </Form.Item>
        </Col>
      </Row>

      {withDescription && (
        <Form.Item
          label={
            <Space>
              <OriginLabel text="软件描述" field="description" />
              <span className="muted" style={{ fontWeight: 400 }}>
                用几句话说明软件给谁用、解决什么问题、有哪些主要功能，AI 据此撰写申请表文字
              </span>
            </Space>
          }
        >
          <Form.Item name="description" noStyle rules={[{ max: PROJECT_LIMITS.descriptionMax, message: `软件描述不能超过 ${PROJECT_LIMITS.descriptionMax} 个字符` }]}>
            <Input.TextArea
              rows={4}
              count={{ max: PROJECT_LIMITS.descriptionMax }}
              showCount
              placeholder="例如：面向中小型仓库的管理系统，管理员可以维护仓库和库位，仓管员扫码完成入库、出库和盘点，系统按库存下限预警并生成出入库报表。"
              data-testid="field-description"
            />
          </Form.Item>
          <Space style={{ marginTop: 8 }}>
            {!gate.noAi && (
              <Button icon={<RobotOutlined />} loading={polishing} onClick={() => void polish()}>
                {polishing ? 'AI 正在润色…' : 'AI 润色描述'}
              </Button>
            )}
            {beforePolish !== null && !polishing && (
              <Button
                type="link"
                icon={<UndoOutlined />}
                onClick={() => {
                  form.setFieldValue('description', beforePolish);
                  setBeforePolish(null);
                }}
              >
                撤销润色
              </Button>
            )}
          </Space>
        </Form.Item>
      )}

      <div className="form-section-title">申请表声明事项</div>
      <Row gutter={24}>
        <Col span={8}>
          <Form.Item name="nature" label="软件说明">
            <Radio.Group options={SOFTWARE_NATURES.map((v) => ({ value: v, label: v === '修改' ? '修改（含翻译、合成）' : v }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="completionDate"
            label="开发完成日期"
            tooltip="须早于首次发表日期和申请日"
            rules={[{ required: true, message: '请选择开发完成日期' }, beforeToday('开发完成日期')]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" data-testid="field-completion" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="developmentMode"
            label="开发方式"
            extra={
              devMode && devMode !== '单独开发' ? (
                <>
                  需另附{devMode === '合作开发' ? '合作开发协议' : '委托开发合同或任务书'}：项目保存后可在
                  <Link to="/settings/contract" target="_blank">
                    合同下载
                  </Link>
                  中按本项目生成
                </>
              ) : undefined
            }
          >
            <Select options={options(DEVELOPMENT_MODES)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col span={24}>
          <OwnersField />
        </Col>
      </Row>
      {nature === '修改' && (
        <Row gutter={24}>
          <Col span={8}>
            <Form.Item name="originalRegistrationNo" label="原登记号" rules={[{ required: true, whitespace: true, message: '修改的软件须填写原登记号' }, { max: 50 }]}>
              <Input placeholder="例如：2023SR0123456" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="modificationNote" label="修改说明" rules={[{ max: PROJECT_LIMITS.noteMax, message: `修改说明不能超过 ${PROJECT_LIMITS.noteMax} 个字符` }]}>
              <Input placeholder="说明本版本相对原登记版本的修改内容" count={{ max: PROJECT_LIMITS.noteMax }} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={24}>
        <Col span={8}>
          <Form.Item name="publishStatus" label="发表状态">
            <Radio.Group options={options(PUBLISH_STATUSES)} />
          </Form.Item>
        </Col>
        {publishStatus === '已发表' && (
          <>
            <Col span={6}>
              <Form.Item
                name="publishDate"
                label="首次发表日期"
                dependencies={['completionDate']}
                rules={[
                  { required: true, message: '请选择首次发表日期' },
                  beforeToday('首次发表日期'),
                  ({ getFieldValue }) => ({
                    validator: (_, v: dayjs.Dayjs | undefined) => {
                      const done = getFieldValue('completionDate') as dayjs.Dayjs | undefined;
                      return v && done && v.isBefore(done, 'day') ? Promise.reject(new Error('首次发表日期不能早于开发完成日期')) : Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker style={{ width: '100%' }} data-testid="field-publish-date" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="publishCountry" label="国家" rules={[{ required: true, whitespace: true, message: '请输入国家' }, { max: 30 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="publishCity" label="城市" rules={[{ required: true, whitespace: true, message: '请输入城市' }, { max: 30 }]}>
                <Input placeholder="例如：北京" />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <Row gutter={24}>
        <Col span={8}>
          <Form.Item name="rightsAcquisition" label="权利取得方式">
            <Radio.Group options={options(RIGHTS_ACQUISITIONS)} />
          </Form.Item>
        </Col>
        {rightsAcquisition === '继受取得' && (
          <Col span={8}>
            <Form.Item name="acquisitionWay" label="继受方式" rules={[{ required: true, message: '请选择继受方式' }]}>
              <Radio.Group options={options(ACQUISITION_WAYS)} />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item name="rightsScope" label="权利范围">
            <Radio.Group options={options(RIGHTS_SCOPES)} />
          </Form.Item>
        </Col>
      </Row>
      {rightsScope === '部分' && (
        <Form.Item name="rightsItems" label="拥有的权利" rules={[{ required: true, type: 'array', min: 1, message: '请勾选拥有的权利' }]}>
          <Checkbox.Group options={options(RIGHTS_ITEMS)} />
        </Form.Item>
      )}
    </>
  );
}

/**
 * 著作权人: one or more owners from the user's registry (/owner), in the order chosen (the order printed on the
 * application form), or a new one added here in the same modal as /owner — it is selected at once, after those
 * already chosen. 单独开发 needs one owner, 合作开发 two or more; the check report reports a missing owner.
 */
function OwnersField() {
  const form = Form.useFormInstance<ProjectFormValues>();
  const queryClient = useQueryClient();
  // The registry is searched on the server (name, or a whole 证件号码), so every owner can be found however many there are.
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);
  const owners = useOwnerList({ page: 1, pageSize: 50, keyword: keyword || undefined });
  const [adding, setAdding] = useState(false);
  /** Every owner seen so far (search results, owners added here, chosen owners read by id), so a chosen owner keeps its label. */
  const [known, setKnown] = useState(() => new Map<number, string>());
  const remember = (entries: { id: number; label: string }[]) =>
    setKnown((prev) => (entries.every((e) => prev.get(e.id) === e.label) ? prev : new Map([...prev, ...entries.map((e) => [e.id, e.label] as const)])));
  const found = owners.data?.list;
  useEffect(() => {
    if (found) remember(found.map((o) => ({ id: o.id, label: ownerLabel(o) })));
  }, [found]);
  const chosen = (Form.useWatch('ownerIds', form) ?? []) as number[];
  const unknownIds = chosen.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    if (!unknownIds) return;
    let live = true;
    void Promise.all(unknownIds.split(',').map((id) => getOwnerDetails(Number(id)))).then((rs) => {
      if (live) remember(rs.flatMap((r) => (r?.code === ApiCode.Ok && r.data ? [{ id: r.data.id, label: ownerLabel(r.data) }] : [])));
    });
    return () => {
      live = false;
    };
  }, [unknownIds]);
  const options = [...(found ?? []).map((o) => ({ value: o.id, label: ownerLabel(o) })), ...chosen.filter((id) => !found?.some((o) => o.id === id)).map((id) => ({ value: id, label: known.get(id) ?? '读取中…' }))];

  const onSaved = (o: OwnerDetails) => {
    setAdding(false);
    remember([{ id: o.id, label: ownerLabel(o) }]);
    form.setFieldValue('ownerIds', [...(form.getFieldValue('ownerIds') ?? []), o.id]);
    void queryClient.invalidateQueries({ queryKey: ownerKeys.all });
  };

  return (
    <>
      <Form.Item
        label="著作权人"
        extra={
          <>
            按申请表上的顺序选择，可输入名称或完整证件号码搜索；列表中没有的可直接添加，已登记的在<Link to="/owner" target="_blank">知识产权人</Link>页管理。
          </>
        }
      >
        <Space.Compact block>
          <Form.Item name="ownerIds" noStyle>
            <Select
              mode="multiple"
              loading={owners.isFetching}
              placeholder="选择著作权人"
              data-testid="field-owners"
              showSearch
              filterOption={false}
              searchValue={typed}
              onSearch={setTyped}
              onOpenChange={(open) => open && void owners.refetch()}
              notFoundContent={owners.isFetching ? '搜索中…' : keyword ? '没有找到，可点击“添加著作权人”' : '还没有著作权人'}
              options={options}
            />
          </Form.Item>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="owner-add-inline">
            添加著作权人
          </Button>
        </Space.Compact>
      </Form.Item>
      <OwnerFormModal open={adding} onClose={() => setAdding(false)} onSaved={onSaved} />
    </>
  );
}
