import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Radio, Select, Skeleton, Tabs, Tag } from 'antd';
import { AppstoreOutlined, EyeOutlined, FolderOpenOutlined, FormOutlined, LoginOutlined } from '@ant-design/icons';
import { PLATFORMS, PLATFORM_IDS, platformOf, type Platform, type SoftwareCase } from '@mazhu/contracts';
import { useCases } from '@/api/content';
import { useProjectList } from '@/api/projects';
import { useAuthModal } from '@/stores/auth-modal';
import type { TryInput } from '../usePreviewWorkspace';

/** A trial renders at most 12 modules (ZRenderPreviewRequest). */
const TRY_MODULES_MAX = 12;

interface TryValues {
  name: string;
  version: string;
  platform: Platform;
  modules: string[];
}

const PLATFORM_OPTIONS = PLATFORM_IDS.map((id) => ({ value: id, label: PLATFORMS[id].label }));

/** A case's free-text platform as a screen frame; cases without a user interface are not offered. */
const caseInput = (c: SoftwareCase): TryInput | null => {
  const platform = platformOf(c.platform);
  if (platform === 'none') return null;
  return { name: c.name, version: c.version, platform, modules: c.modules.slice(0, TRY_MODULES_MAX).map((name) => ({ name })) };
};

function DescribeForm({ onOpen, busy }: { onOpen: (input: TryInput) => void; busy: boolean }) {
  const [form] = Form.useForm<TryValues>();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ name: '', version: 'V1.0', platform: 'web-admin', modules: [] }}
      onFinish={(v) => onOpen({ name: v.name.trim(), version: v.version.trim(), platform: v.platform, modules: v.modules.map((name) => ({ name: name.trim() })).filter((m) => m.name) })}
      className="pv-describe"
    >
      <div className="pv-describe-row">
        <Form.Item
          name="name"
          label="软件全称"
          rules={[
            { required: true, whitespace: true, message: '请填写软件名称' },
            { max: 60, message: '软件名称不能超过 60 个字符' },
          ]}
          style={{ flex: 2 }}
        >
          <Input placeholder="例如：智慧仓储管理系统" maxLength={60} data-testid="try-name" />
        </Form.Item>
        <Form.Item
          name="version"
          label="版本号"
          rules={[
            { required: true, whitespace: true, message: '请填写版本号' },
            { pattern: /^\s*[Vv]?\d+(\.\d+){0,3}\s*$/, message: '版本号格式应为 V数字，例如 V1.0' },
          ]}
          style={{ flex: 1 }}
        >
          <Input placeholder="V1.0" maxLength={20} data-testid="try-version" />
        </Form.Item>
      </div>
      <Form.Item name="platform" label="运行平台">
        <Radio.Group options={PLATFORM_OPTIONS} optionType="button" />
      </Form.Item>
      <Form.Item
        name="modules"
        label="功能模块"
        extra={`输入模块名称后按回车，最多 ${TRY_MODULES_MAX} 个；每个模块生成一张界面，另有登录界面和主界面。`}
        rules={[
          { type: 'array', min: 1, message: '请至少填写一个功能模块' },
          { type: 'array', max: TRY_MODULES_MAX, message: `试用时最多 ${TRY_MODULES_MAX} 个功能模块` },
          { validator: (_, v: string[] | undefined) => ((v ?? []).some((m) => m.trim().length > 30) ? Promise.reject(new Error('模块名称不能超过 30 个字符')) : Promise.resolve()) },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，', '、']} maxCount={TRY_MODULES_MAX} placeholder="例如：入库管理、出库管理、库存统计" data-testid="try-modules" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<EyeOutlined />} loading={busy} size="large" data-testid="try-render">
        生成界面预览
      </Button>
    </Form>
  );
}

function CasePicker({ onOpen, busy }: { onOpen: (input: TryInput) => void; busy: boolean }) {
  const cases = useCases({ page: 1, pageSize: 50 });
  const [picked, setPicked] = useState<number>();
  if (cases.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (cases.isError) return <Alert type="error" showIcon title="案例加载失败" action={<a onClick={() => void cases.refetch()}>重试</a>} />;
  const list = (cases.data?.list ?? []).map((c) => ({ c, input: caseInput(c) })).filter((x): x is { c: SoftwareCase; input: TryInput } => Boolean(x.input));
  if (!list.length) return <Empty description="暂无可预览的案例" />;
  return (
    <div className="pv-cases">
      {list.map(({ c, input }) => (
        <div className="pv-case" key={c.id} data-testid="pv-case">
          <div className="pv-case-bar" style={{ background: /^#[0-9a-f]{6}$/i.test(c.coverColor) ? c.coverColor : undefined }} />
          <div className="pv-case-name">{c.name}</div>
          <div className="muted pv-case-meta">
            {c.version} · {PLATFORMS[input.platform].label} · {input.modules.length}&nbsp;个模块
          </div>
          <div className="pv-case-tags">
            {c.modules.slice(0, 4).map((m) => (
              <Tag key={m}>{m}</Tag>
            ))}
            {c.modules.length > 4 && <Tag>…</Tag>}
          </div>
          <Button
            block
            loading={busy && picked === c.id}
            disabled={busy && picked !== c.id}
            onClick={() => {
              setPicked(c.id);
              onOpen(input);
            }}
          >
            预览此案例
          </Button>
        </div>
      ))}
    </div>
  );
}

function SignInPrompt() {
  const show = useAuthModal((s) => s.show);
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="登录后可以打开自己的项目，调整界面并保存到项目，操作手册将使用保存的界面。">
      <Button type="primary" icon={<LoginOutlined />} onClick={() => show('login')}>
        登录/注册
      </Button>
    </Empty>
  );
}

/** The signed-in user's projects (only mounted when signed in: the list call needs a session). */
function ProjectPicker({ onOpen, busy }: { onOpen: (id: number) => void; busy: boolean }) {
  const [id, setId] = useState<number>();
  const list = useProjectList({ type: 'all', page: 1, pageSize: 100 });
  const projects = list.data?.list ?? [];
  if (!list.isLoading && !projects.length) return <Empty description="还没有项目，先去创建一个项目吧" />;
  return (
    <div className="pv-project-pick">
      <Select
        showSearch
        optionFilterProp="label"
        loading={list.isLoading}
        value={id}
        onChange={setId}
        placeholder="选择一个项目"
        options={projects.map((p) => ({ value: p.id, label: `${p.name} ${p.version}` }))}
        style={{ flex: 1 }}
        data-testid="pv-project-select"
      />
      <Button type="primary" icon={<FolderOpenOutlined />} disabled={!id} loading={busy} onClick={() => id && onOpen(id)} data-testid="pv-project-open">
        打开项目界面
      </Button>
    </div>
  );
}

/** Where the screens come from: a described software, a prototype case, or (signed in) one of the user's projects. */
export default function SourcePicker(props: { signedIn: boolean; busy: boolean; onTry: (input: TryInput) => void; onProject: (id: number) => void }) {
  const { signedIn, busy, onTry, onProject } = props;
  return (
    <Tabs
      defaultActiveKey={signedIn ? 'project' : 'describe'}
      items={[
        { key: 'describe', label: <span data-testid="tab-describe"><FormOutlined /> 描述软件</span>, children: <DescribeForm onOpen={onTry} busy={busy} /> },
        { key: 'case', label: <span data-testid="tab-case"><AppstoreOutlined /> 原型案例</span>, children: <CasePicker onOpen={onTry} busy={busy} /> },
        { key: 'project', label: <span data-testid="tab-project"><FolderOpenOutlined /> 我的项目</span>, children: signedIn ? <ProjectPicker onOpen={onProject} busy={busy} /> : <SignInPrompt /> },
      ]}
    />
  );
}
