import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Input, Segmented, Space, Table, Tag } from 'antd';
import type { CodeAnalysis, CodeFileEntry, CodeSelection, RightsCheck } from '@mazhu/contracts';
import { getCodeFiles, setCodeSelection } from '@/api/projects';
import './project.css';

/** What a left-out file is (the engine's categories: not the applicant's own program), with its tag colour. */
const CATEGORY: Record<NonNullable<CodeFileEntry['category']>, { label: string; color: string }> = {
  test: { label: '测试代码', color: 'blue' },
  generated: { label: '自动生成', color: 'purple' },
  build: { label: '构建/CI/部署', color: 'orange' },
  vendored: { label: '第三方代码', color: 'magenta' },
};

/** The folder of a path ("src/views/user/index.vue" → "src/views/user/"), or '' at the root. */
const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');

/**
 * Every file of the upload with 纳入 / 排除 and the reason. The user changes the selection by file, by folder or
 * by a pattern (.gitignore syntax); 应用 re-reads the archive on the server and the analysis (源程序量, 编程语言,
 * pages) is recomputed from exactly what will be printed.
 */
export default function CodeFileSelection({ uploadId, onAnalysis }: { uploadId: number; onAnalysis: (a: CodeAnalysis, rights?: RightsCheck) => void }) {
  const [files, setFiles] = useState<CodeFileEntry[] | null>(null);
  const [saved, setSaved] = useState<CodeSelection>({ include: [], exclude: [] });
  const [sel, setSel] = useState<CodeSelection>({ include: [], exclude: [] });
  const [filter, setFilter] = useState<'all' | 'in' | 'out'>('all');
  const [pattern, setPattern] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void getCodeFiles(uploadId).then((r) => {
      if (!alive || r === null || r.code !== 200) return;
      setFiles(r.data.files);
      setSaved(r.data.selection);
      setSel(r.data.selection);
    });
    return () => {
      alive = false;
    };
  }, [uploadId]);

  const shown = useMemo(() => (files ?? []).filter((f) => (filter === 'all' ? true : filter === 'in' ? f.included : !f.included)), [files, filter]);
  const changed = JSON.stringify(sel) !== JSON.stringify(saved);
  const toggle = (path: string, include: boolean) =>
    setSel((s) => ({
      include: include ? [...s.include.filter((x) => x !== path), path] : s.include.filter((x) => x !== path),
      exclude: include ? s.exclude.filter((x) => x !== path) : [...s.exclude.filter((x) => x !== path), path],
    }));

  const apply = async () => {
    setBusy(true);
    setError(null);
    const r = await setCodeSelection({ uploadId, ...sel });
    setBusy(false);
    if (r === null) return setError('服务暂时不可用，请稍后重试');
    if (r.code !== 200) return setError(r.msg);
    setFiles(r.data.files);
    setSaved(r.data.selection);
    setSel(r.data.selection);
    onAnalysis(r.data.analysis, r.data.rights);
  };

  if (!files) return null;
  const included = files.filter((f) => f.included).length;
  return (
    <div className="file-selection" data-testid="file-selection">
      <div className="form-section-title" style={{ marginTop: 24 }}>
        文件选择
        <span className="muted" style={{ fontWeight: 400, marginLeft: 8 }}>
          印入 {included} 个，排除 {files.length - included} 个。源程序只印你自己开发的程序：测试代码、自动生成的代码（如数据库迁移）、构建/CI/部署文件、第三方库和数据脚本默认排除，可逐个或按目录、规则改回纳入。
        </span>
      </div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented
          value={filter}
          onChange={(v) => setFilter(v as typeof filter)}
          options={[
            { label: '全部', value: 'all' },
            { label: '印入的', value: 'in' },
            { label: '排除的', value: 'out' },
          ]}
        />
        <Input
          style={{ width: 260 }}
          placeholder="规则，如 sql/ 或 **/*.test.js"
          value={pattern}
          onChange={(e) => setPattern(e.target.value)}
          maxLength={200}
          data-testid="selection-pattern"
        />
        <Button disabled={!pattern.trim()} onClick={() => (toggle(pattern.trim(), false), setPattern(''))}>
          按规则排除
        </Button>
        <Button disabled={!pattern.trim()} onClick={() => (toggle(pattern.trim(), true), setPattern(''))}>
          按规则纳入
        </Button>
        <Button type="primary" disabled={!changed} loading={busy} onClick={() => void apply()} data-testid="selection-apply">
          应用并重新统计
        </Button>
      </Space>
      {(sel.include.length > 0 || sel.exclude.length > 0) && (
        <div className="selection-rules">
          {sel.exclude.map((p) => (
            <Tag key={`x-${p}`} color="red" closable onClose={() => setSel((s) => ({ ...s, exclude: s.exclude.filter((x) => x !== p) }))}>
              排除 {p}
            </Tag>
          ))}
          {sel.include.map((p) => (
            <Tag key={`i-${p}`} color="green" closable onClose={() => setSel((s) => ({ ...s, include: s.include.filter((x) => x !== p) }))}>
              纳入 {p}
            </Tag>
          ))}
        </div>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <Table
        size="small"
        rowKey="path"
        dataSource={shown}
        pagination={{ pageSize: 20, showSizeChanger: false, size: 'small' }}
        columns={[
          { title: '文件', dataIndex: 'path', render: (p: string) => <code className="file-path">{p}</code> },
          {
            title: '状态',
            dataIndex: 'included',
            width: 70,
            render: (v: boolean) => (v ? <Tag color="success">印入</Tag> : <Tag>排除</Tag>),
          },
          {
            title: '原因 / 语言',
            key: 'why',
            render: (_, f) =>
              f.included ? (
                `${f.language}，${f.lines} 行`
              ) : (
                <span data-testid="file-reason">
                  {f.category && <Tag color={CATEGORY[f.category].color}>{CATEGORY[f.category].label}</Tag>}
                  {f.reason}
                </span>
              ),
          },
          {
            title: '调整',
            key: 'op',
            width: 150,
            render: (_, f) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => toggle(f.path, !f.included)}>
                  {f.included ? '排除' : '纳入'}
                </Button>
                {folderOf(f.path) && (
                  <Button type="link" size="small" onClick={() => toggle(folderOf(f.path), !f.included)}>
                    {f.included ? '排除目录' : '纳入目录'}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
