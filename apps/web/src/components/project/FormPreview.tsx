import { Alert, Descriptions, Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { CheckItem, ProjectDraft } from './checks';
import { ENVIRONMENT_FIELDS } from './checks';
import './project.css';

const empty = <span className="muted">未填写</span>;
const v = (s: ReactNode) => (s === undefined || s === null || s === '' ? empty : s);

/** The application form as it will be filled in (R11 order), then the list of rules checked. */
export default function FormPreview({ draft, checks, extra }: { draft: ProjectDraft; checks: CheckItem[]; extra?: { label: string; value: ReactNode }[] }) {
  const f = draft.form;
  const errors = checks.filter((c) => !c.ok && c.level === 'error');
  const warnings = checks.filter((c) => !c.ok && c.level === 'warning');
  const passed = checks.filter((c) => c.ok);
  const mf = (f.mainFunctions ?? '').trim();

  const items = [
    { key: 'name', label: '软件全称', children: v(draft.name) },
    { key: 'short', label: '软件简称', children: v(draft.shortName) },
    { key: 'version', label: '版本号', children: v(draft.version) },
    { key: 'category', label: '软件分类', children: v(draft.category) },
    { key: 'nature', label: '软件说明', children: f.nature === '修改' ? `修改（原登记号 ${f.originalRegistrationNo ?? '—'}）` : v(f.nature ?? '原创') },
    { key: 'done', label: '开发完成日期', children: v(f.completionDate) },
    { key: 'mode', label: '开发方式', children: v(f.developmentMode ?? '单独开发') },
    {
      key: 'publish',
      label: '发表状态',
      children: f.publishStatus === '已发表' ? `已发表（${f.publishDate ?? '—'}，${f.publishCountry ?? ''}${f.publishCity ?? ''}）` : v(f.publishStatus ?? '未发表'),
    },
    { key: 'rights', label: '权利取得方式', children: f.rightsAcquisition === '继受取得' ? `继受取得（${f.acquisitionWay ?? '—'}）` : v(f.rightsAcquisition ?? '原始取得') },
    { key: 'scope', label: '权利范围', children: f.rightsScope === '部分' ? `部分：${(f.rightsItems ?? []).join('、')}` : v(f.rightsScope ?? '全部') },
    ...ENVIRONMENT_FIELDS.map(([k, label]) => ({ key: k, label, children: v(f[k]) })),
    { key: 'lang', label: '编程语言', children: v((f.languages ?? []).join('、')) },
    { key: 'lines', label: '源程序量', children: f.sourceLines ? `${f.sourceLines.toLocaleString('zh-CN')} 行` : empty },
    { key: 'purpose', label: '开发目的', children: v(f.purpose), span: 2 },
    { key: 'domain', label: '面向领域/行业', children: v(f.domain), span: 2 },
    {
      key: 'main',
      label: `软件的主要功能（${mf.length} 字）`,
      children: mf ? <div className="preview-longtext">{mf}</div> : empty,
      span: 2,
    },
    {
      key: 'tech',
      label: '软件的技术特点',
      children: (
        <>
          {(f.techTags ?? []).map((t) => (
            <Tag key={t} color="blue">
              {t}
            </Tag>
          ))}
          {v(f.techFeatures)}
        </>
      ),
      span: 2,
    },
    {
      key: 'modules',
      label: `功能模块（${draft.modules.length} 个）`,
      children: draft.modules.length ? draft.modules.map((m) => <Tag key={m.name}>{m.name}</Tag>) : empty,
      span: 2,
    },
    ...(extra ?? []).map((e) => ({ key: e.label, label: e.label, children: e.value, span: 2 })),
  ];

  return (
    <div className="form-preview">
      <Descriptions bordered size="small" column={2} items={items} styles={{ label: { width: 150, whiteSpace: 'nowrap' } }} />

      <div className="form-section-title" style={{ marginTop: 28 }}>
        提交前检查
        <span className="check-summary">
          <Tag color="success">通过 {passed.length}</Tag>
          {warnings.length > 0 && <Tag color="warning">提醒 {warnings.length}</Tag>}
          {errors.length > 0 && <Tag color="error">未通过 {errors.length}</Tag>}
        </span>
      </div>
      {errors.length > 0 ? (
        <Alert type="error" showIcon title={`还有 ${errors.length} 项未通过，修改后才能生成材料`} style={{ marginBottom: 12 }} />
      ) : (
        <Alert type="success" showIcon title="申请表各项规则均已通过检查" description={warnings.length ? '下面的提醒不影响生成，但建议处理，以减少补正。' : undefined} style={{ marginBottom: 12 }} />
      )}
      <ul className="check-list" data-testid="check-list">
        {[...errors, ...warnings, ...passed].map((c, i) => (
          <li key={`${c.field}-${i}`} className={c.ok ? 'ok' : c.level} data-testid={c.ok ? 'check-pass' : `check-${c.level}`}>
            {c.ok ? <CheckCircleFilled /> : c.level === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
            <span className="check-field">{c.field}</span>
            <span className="check-state">{c.ok ? '通过' : c.level === 'error' ? '未通过' : '提醒'}</span>
            <span className="check-message">{c.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
