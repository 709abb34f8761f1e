import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { PROJECT_LIMITS, TECH_TAGS } from '@mazhu/contracts';
import CountedTextArea from './CountedTextArea';
import { OriginLabel } from './OriginBadge';
import { ENVIRONMENT_FIELDS, splitLanguages } from './checks';
import './project.css';

const PLACEHOLDERS: Record<(typeof ENVIRONMENT_FIELDS)[number][0], string> = {
  devHardware: '例如：CPU 2.0GHz 以上，内存 8GB，硬盘 256GB',
  runHardware: '例如：CPU 2.0GHz 以上，内存 4GB，硬盘 100GB',
  devOs: '例如：Windows 11',
  devTools: '例如：IntelliJ IDEA 2024、VS Code',
  runPlatform: '例如：Linux CentOS 7 / Windows Server 2019',
  runSupport: '例如：JDK 17、MySQL 8.0、Nginx 1.24',
};

/**
 * The R11 texts (all editable), each label followed by the badge of its saved origin (OriginsContext): 开发目的, 面向领域, 主要功能 (500–1300, live counter), 技术特点,
 * the environment fields (≤ 50 each) and 编程语言 (≤ 120). Lives inside the page's Form.
 */
export default function ApplicationFormFields({ disabled = false, languagesFromCode = false }: { disabled?: boolean; languagesFromCode?: boolean }) {
  const len = (max: number, label: string) => ({ max, message: `${label}不能超过 ${max} 个字符` });
  return (
    <fieldset disabled={disabled} className="plain-fieldset">
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item
            name="purpose"
            label={<OriginLabel text="开发目的" field="form.purpose" />}
            tooltip="不超过 50 字，写清为什么开发，不能只写软件名称"
            rules={[{ required: true, whitespace: true, message: '请填写开发目的' }, len(PROJECT_LIMITS.environmentMax, '开发目的')]}
          >
            <Input count={{ show: true, max: PROJECT_LIMITS.environmentMax }} data-testid="field-purpose" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="domain" label={<OriginLabel text="面向领域/行业" field="form.domain" />} rules={[{ required: true, whitespace: true, message: '请填写面向领域/行业' }, len(PROJECT_LIMITS.environmentMax, '面向领域/行业')]}>
            <Input count={{ show: true, max: PROJECT_LIMITS.environmentMax }} />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item
        name="mainFunctions"
        label={<OriginLabel text="软件的主要功能" field="form.mainFunctions" />}
        tooltip="2026 年新版申请表要求 500–1300 字；应覆盖每个功能模块，并与操作手册、源代码一致"
        rules={[
          { required: true, whitespace: true, message: '请填写软件的主要功能' },
          {
            validator: (_, v: string | undefined) => {
              const n = (v ?? '').trim().length;
              if (n && n < PROJECT_LIMITS.mainFunctionsMin) return Promise.reject(new Error(`软件的主要功能至少 ${PROJECT_LIMITS.mainFunctionsMin} 字（现 ${n} 字）`));
              if (n > PROJECT_LIMITS.mainFunctionsMax) return Promise.reject(new Error(`软件的主要功能不能超过 ${PROJECT_LIMITS.mainFunctionsMax} 字（现 ${n} 字）`));
              return Promise.resolve();
            },
          },
        ]}
      >
        <CountedTextArea min={PROJECT_LIMITS.mainFunctionsMin} max={PROJECT_LIMITS.mainFunctionsMax} autoSize={{ minRows: 8, maxRows: 18 }} testId="main-functions-counter" data-testid="field-main-functions" />
      </Form.Item>

      <Row gutter={24}>
        <Col span={9}>
          <Form.Item
            name="techTags"
            label={<OriginLabel text="技术特点标签" field="form.techTags" />}
            tooltip={`申请表可选标签，最多 ${PROJECT_LIMITS.techTagsMax} 个`}
            rules={[{ type: 'array', max: PROJECT_LIMITS.techTagsMax, message: `技术特点标签最多选 ${PROJECT_LIMITS.techTagsMax} 个` }]}
          >
            <Select mode="multiple" maxCount={PROJECT_LIMITS.techTagsMax} placeholder="可选" options={TECH_TAGS.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
        </Col>
        <Col span={15}>
          <Form.Item
            name="techFeatures"
            label={<OriginLabel text="软件的技术特点" field="form.techFeatures" />}
            rules={[{ required: true, whitespace: true, message: '请填写软件的技术特点' }, len(PROJECT_LIMITS.techFeaturesMax, '技术特点说明')]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} count={{ show: true, max: PROJECT_LIMITS.techFeaturesMax }} />
          </Form.Item>
        </Col>
      </Row>

      <div className="form-section-title">开发与运行环境</div>
      <Row gutter={24}>
        {ENVIRONMENT_FIELDS.map(([key, label]) => (
          <Col span={12} key={key}>
            <Form.Item name={key} label={<OriginLabel text={label} field={`form.${key}`} />} rules={[{ required: true, whitespace: true, message: `请填写${label}` }, len(PROJECT_LIMITS.environmentMax, label)]}>
              <Input count={{ show: true, max: PROJECT_LIMITS.environmentMax }} placeholder={PLACEHOLDERS[key]} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={24}>
        <Col span={16}>
          <Form.Item
            name="languagesText"
            label={<OriginLabel text="编程语言" field="form.languages" />}
            tooltip="须列出使用的全部语言（漏写 HTML、CSS 是常见补正原因），用顿号分隔"
            extra={languagesFromCode ? '已按上传代码的统计结果填写' : undefined}
            rules={[
              { required: true, whitespace: true, message: '请填写编程语言' },
              {
                validator: (_, v: string | undefined) =>
                  splitLanguages(v).join('、').length > PROJECT_LIMITS.languagesMax
                    ? Promise.reject(new Error(`编程语言合计不能超过 ${PROJECT_LIMITS.languagesMax} 个字符`))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input placeholder="例如：Java、JavaScript、HTML、CSS" count={{ max: PROJECT_LIMITS.languagesMax + 20 }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="sourceLines" label={<OriginLabel text="源程序量（行）" field="form.sourceLines" />} tooltip="全部源程序的总行数（不是材料中打印的 3000 行），上传代码后自动统计">
            <InputNumber style={{ width: '100%' }} disabled placeholder="上传代码后自动统计" formatter={(v) => (v ? Number(v).toLocaleString('zh-CN') : '')} />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}
