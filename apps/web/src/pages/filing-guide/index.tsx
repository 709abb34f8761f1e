import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Empty, Input, Result, Skeleton, Table, Tag } from 'antd';
import { ArrowLeftOutlined, AuditOutlined, CopyOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { FILING_FIELD_LIMITS, filingCountState, filingCountText, type FilingField } from '@mazhu/contracts';
import { getFilingGuide, projectKeys } from '@/api/projects';
import { editLink } from '@/components/project/ProjectTable';
import { formatSize } from '@/components/project/GeneratePanel';
import { notify } from '@/utils/notify';
import '@/components/project/project.css';
import './filing-guide.css';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('已复制');
  } catch {
    notify.error('浏览器不允许复制，请选中文字后按 Ctrl+C');
  }
}

const COUNT_CLASS = { ok: 'fg-count ok', warn: 'fg-count warn', over: 'fg-count over', none: 'fg-count' } as const;

/**
 * One field of the online form: the value of the generated 申请表, editable here only to try a wording before copying
 * (a change is flagged: the materials keep the generated text), its count against the limit as it is typed, and a copy
 * button.
 */
function FieldRow({ f, index }: { f: FilingField; index: number }) {
  const [value, setValue] = useState(f.value);
  const limited = Boolean(FILING_FIELD_LIMITS[f.label]);
  const state = filingCountState(f.label, value);
  const long = value.length > 40 || f.label === '软件的主要功能' || f.label === '软件的技术特点';
  return (
    <div className="fg-field" data-testid="filing-field" data-label={f.label}>
      <div className="fg-label">
        <span className="fg-index">{index + 1}</span>
        {f.label}
        {f.note && <div className="fg-note">{f.note}</div>}
      </div>
      <div className="fg-value">
        {long ? (
          <Input.TextArea value={value} onChange={(e) => setValue(e.target.value)} autoSize={{ minRows: 2, maxRows: 14 }} />
        ) : (
          <Input value={value} onChange={(e) => setValue(e.target.value)} placeholder="（不填）" />
        )}
        {value !== f.value && (
          <div className="fg-changed">
            已改动：与生成的申请表和材料不一致。提交前请回到项目修改并重新生成，或
            <Button type="link" size="small" onClick={() => setValue(f.value)}>
              恢复原文
            </Button>
          </div>
        )}
      </div>
      <div className={COUNT_CLASS[state]} data-testid="filing-count">
        {limited ? filingCountText(f.label, value) : '—'}
        {state === 'over' && <div>超出限制</div>}
        {state === 'warn' && <div>超过 1000 字</div>}
      </div>
      <Button icon={<CopyOutlined />} onClick={() => void copy(value)} disabled={!value} data-testid="filing-copy">
        复制
      </Button>
    </div>
  );
}

/**
 * 申报助手 (/filing-guide?id=): for a generated project, every field of the CPCC online form in the portal's order with
 * a copy button and its count against the limit, the files to upload, the 签章页 checklist with the pledge passage,
 * and what to do after submitting (with the way to a correction). The same content is 申报指南.pdf in the zip.
 */
export default function FilingGuidePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery({
    queryKey: [...projectKeys.all, 'filing-guide', id],
    queryFn: async ({ signal }) => {
      const r = await getFilingGuide(id, signal);
      if (r?.code !== 200) throw new Error(r?.msg || '无法读取申报助手');
      return r.data;
    },
    enabled: id > 0,
    retry: false,
  });
  if (!id) return <Empty style={{ marginTop: 80 }} description="请从“我的项目”或“代码项目”中打开项目的申报助手" />;
  if (q.isLoading) return <Skeleton active style={{ maxWidth: 1100, margin: '40px auto' }} paragraph={{ rows: 12 }} />;
  if (q.error || !q.data) {
    return <Result status="info" title="暂时没有申报助手" subTitle={q.error instanceof Error ? q.error.message : ''} extra={<Link to="/settings/projectList?type=all">返回我的项目</Link>} />;
  }
  const g = q.data;
  return (
    <div className="fg-page" data-testid="filing-guide">
      <div className="fg-head">
        <Link to={editLink({ id: g.projectId, source: g.source })}>
          <ArrowLeftOutlined /> 返回项目
        </Link>
        <h1>
          申报助手 <span className="muted">{`${g.name} ${g.version}`}</span>
        </h1>
        <p className="muted">按中国版权保护中心登记系统在线申请表的顺序填写。内容取自本次生成的申请表，与源程序和文档一致；下载的材料包中的“申报指南.pdf”是同样的内容。</p>
      </div>

      <section className="fg-section">
        <h2>一、在线申请表（{g.fields.length} 项，按填写顺序）</h2>
        {g.fields.map((f, i) => (
          <FieldRow key={`${f.label}-${i}`} f={f} index={i} />
        ))}
      </section>

      <section className="fg-section">
        <h2>二、要上传的文件（均为 PDF）</h2>
        <Table
          size="small"
          pagination={false}
          rowKey="slot"
          dataSource={g.uploads}
          columns={[
            { title: '上传项', dataIndex: 'slot', width: 160 },
            { title: '文件（在下载的材料包中）', dataIndex: 'file', render: (v: string | null) => (v ? <span><FilePdfOutlined /> {v}</span> : <Tag color="orange">签署后扫描</Tag>) },
            { title: '大小', dataIndex: 'size', width: 100, render: (v?: number) => (v !== undefined ? formatSize(v) : '—') },
            { title: '页数', dataIndex: 'pages', width: 70, render: (v?: number) => v ?? '—' },
            { title: '说明', dataIndex: 'note' },
          ]}
        />
        <p className="muted" style={{ marginTop: 8 }}>
          门户对单个文件大小的上限未能在公开资料中核实，请以上传页面的提示为准；“申请表.pdf”只供对照填写，不需上传。
        </p>
      </section>

      <section className="fg-section">
        <h2>三、签章页</h2>
        <div className="fg-steps">
          {g.signing.steps.map((s) => (
            <Checkbox key={s}>{s}</Checkbox>
          ))}
        </div>
        <h3>谁来签名或盖章</h3>
        {g.signing.signers.length ? (
          <div className="fg-steps">
            {g.signing.signers.map((s) => (
              <Checkbox key={s.owner} data-testid="filing-signer">
                <b>{s.owner}</b>（{s.category}）：{s.how}
              </Checkbox>
            ))}
          </div>
        ) : (
          <Alert type="warning" showIcon title="申请表中还没有著作权人：请在项目中选择著作权人后重新生成" />
        )}
        <h3>须手写抄写的声明（划线部分）</h3>
        <div className="fg-pledge" data-testid="filing-pledge">
          <span>{g.signing.pledge.passage}</span>
          <Button icon={<CopyOutlined />} onClick={() => void copy(g.signing.pledge.passage)}>
            复制
          </Button>
        </div>
        <p className="muted">出处：{g.signing.pledge.source}</p>
        <Alert type="warning" showIcon title={g.signing.pledge.note} />
        <h3>日期</h3>
        <ul>
          {g.signing.dates.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      </section>

      <section className="fg-section">
        <h2>四、提交之后</h2>
        <ol>
          {g.after.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <Link to={`/settings/correctionList?projectId=${g.projectId}`}>
          <Button type="primary" icon={<AuditOutlined />} data-testid="filing-correction">
            收到补正通知书：新建补正
          </Button>
        </Link>
      </section>

      <section className="fg-section fg-sources">
        <h2>依据</h2>
        <ul>
          {g.sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
