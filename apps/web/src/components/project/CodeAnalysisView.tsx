import { useEffect, useState } from 'react';
import { Alert, Form, Progress, Select, Skeleton, Table, Tag } from 'antd';
import { documentKindOfForm, SOFTWARE_FORM_LABELS, SOFTWARE_FORMS, type CodeAnalysis, type SoftwareFormKey } from '@mazhu/contracts';
import { firstPageLines, readArchiveFile } from './archive';
import WarningList from './WarningList';
import './project.css';

const n = (v: number) => v.toLocaleString('zh-CN');

/** What the engine found in the upload: languages, line counts, files chosen and left out, estimated pages. */
export function CodeAnalysisView({ analysis }: { analysis: CodeAnalysis }) {
  const a = analysis;
  const total = a.byLanguage.reduce((s, l) => s + l.lines, 0) || 1;
  const stats = [
    { label: '源程序量', value: `${n(a.sourceLines)} 行`, hint: '全部源程序总行数，填入申请表', testId: 'stat-source-lines' },
    { label: '代码行', value: `${n(a.codeLines)} 行`, hint: `注释 ${n(a.commentLines)} 行，空行 ${n(a.blankLines)} 行（空行不印入材料）` },
    { label: '纳入的源文件', value: `${n(a.files)} 个`, hint: a.skipped ? `已排除 ${n(a.skipped)} 个第三方、生成或二进制文件` : '没有需要排除的文件', testId: 'stat-files' },
    {
      label: '程序鉴别材料',
      value: `${a.estimatedPages} 页`,
      hint:
        a.estimatedPages >= 60
          ? `排版后共 ${a.totalPages ?? '60+'} 页，提交前 30 页 + 后 30 页，每页 50 行`
          : '不足 60 页，全部提交（不会补充或重复代码）',
      testId: 'stat-pages',
    },
  ];
  return (
    <div className="analysis" data-testid="code-analysis">
      <div className="stat-grid">
        {stats.map((s) => (
          <div className="stat" key={s.label}>
            <div className="stat-label">{s.label}</div>
            <div className="stat-value" data-testid={s.testId}>
              {s.value}
            </div>
            {s.hint && <div className="stat-hint">{s.hint}</div>}
          </div>
        ))}
      </div>
      <div className="analysis-row">
        <span className="analysis-key">编程语言</span>
        <span data-testid="analysis-languages">
          {a.languages.length ? a.languages.map((l) => <Tag key={l} color="blue">{l}</Tag>) : <span className="muted">未识别到源程序</span>}
        </span>
      </div>
      <div className="analysis-row">
        <span className="analysis-key">起始文件</span>
        <code className="analysis-entry">{a.entry || '—'}</code>
        <span className="muted">第 1 页从这里开始</span>
      </div>
      {a.byLanguage.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="language"
          style={{ marginTop: 12 }}
          dataSource={a.byLanguage}
          columns={[
            { title: '语言', dataIndex: 'language', width: 180 },
            { title: '文件数', dataIndex: 'files', width: 100, align: 'right', render: (v: number) => n(v) },
            { title: '行数', dataIndex: 'lines', width: 120, align: 'right', render: (v: number) => n(v) },
            { title: '占比', key: 'share', render: (_, r) => <Progress percent={Math.round((r.lines / total) * 100)} size="small" /> },
          ]}
        />
      )}
      {a.provenance && a.provenance.length > 0 && (
        <WarningList
          style={{ marginTop: 12 }}
          testId="provenance-warning"
          title="代码中有他人的版权、许可证或署名：只能登记自己享有著作权的软件"
          items={a.provenance.slice(0, 6)}
        />
      )}
      {a.files === 0 && <Alert type="error" showIcon style={{ marginTop: 12 }} title="压缩包中没有可用的源代码文件，请检查是否打包了正确的目录" />}
    </div>
  );
}

/**
 * 软件形态: detected from the code (with why), confirmed or changed by the user. It decides the document: software
 * with a user interface gets an 操作手册, without one a 设计说明书 or 使用说明 (never a login page).
 */
export function SoftwareFormField({ detected }: { detected?: CodeAnalysis['form'] }) {
  const value = Form.useWatch<SoftwareFormKey | undefined>('softwareForm');
  const form = value ?? detected?.form;
  return (
    <>
      <div className="form-section-title" style={{ marginTop: 24 }}>
        软件形态
      </div>
      <Form.Item
        name="softwareForm"
        label="软件形态"
        extra={
          <span data-testid="software-form-extra">
            {detected ? `从代码判断为“${detected.label}”${detected.evidence.length ? `（依据：${detected.evidence.slice(0, 2).join('；')}）` : ''}。` : ''}
            {form ? `文档将写成${documentKindOfForm(form)}${documentKindOfForm(form) === '操作手册' ? '（登录、主界面和各功能的操作）' : '（结构、模块、接口与示例，不写登录页面）'}。` : ''}
          </span>
        }
      >
        <Select
          allowClear
          placeholder={detected ? `${detected.label}（从代码判断）` : '请选择'}
          options={SOFTWARE_FORMS.map((f) => ({ value: f, label: `${SOFTWARE_FORM_LABELS[f]}（${documentKindOfForm(f)}）` }))}
          data-testid="field-software-form"
        />
      </Form.Item>
    </>
  );
}

/**
 * Page 1 of the source-code document, as it will be laid out: the header (软件全称 + 版本号) with the page number
 * at the top right, then the first 50 non-blank lines from the entry file. Read from the archive in the browser.
 */
export function FirstPagePreview({ file, entry, header }: { file: File | null; entry: string; header: string }) {
  const [state, setState] = useState<{ lines: string[] | null; error?: string; loading: boolean }>({ lines: null, loading: true });

  useEffect(() => {
    let alive = true;
    if (!file || !entry) {
      setState({ lines: null, loading: false });
      return;
    }
    setState({ lines: null, loading: true });
    readArchiveFile(file, entry)
      .then((text) => alive && setState({ lines: text === null ? null : firstPageLines(text), loading: false, error: text === null ? '压缩包中找不到起始文件' : undefined }))
      .catch((err: unknown) => alive && setState({ lines: null, loading: false, error: err instanceof Error ? err.message : '无法读取压缩包' }));
    return () => {
      alive = false;
    };
  }, [file, entry]);

  if (!file) {
    return <Alert type="info" showIcon title="重新选择压缩包后可在此预览第 1 页；正式材料以生成的 PDF 为准。" />;
  }
  if (state.loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!state.lines) return <Alert type="warning" showIcon title={`无法预览第 1 页：${state.error ?? '未知原因'}`} />;
  return (
    <div className="code-page" data-testid="first-page-preview">
      <div className="code-page-head">
        <span>{header}</span>
        <span>1</span>
      </div>
      <pre className="code-page-body">
        {state.lines.map((l, i) => (
          <div key={i} className="code-line">
            {l || ' '}
          </div>
        ))}
      </pre>
      <div className="code-page-foot">
        {state.lines.length} 行{state.lines.length < 50 ? '（起始文件不足 50 行，正式材料会接着排入后续文件）' : ''} · 空行已去除 · 正式材料还会清理注释中的个人信息与密钥
      </div>
    </div>
  );
}
