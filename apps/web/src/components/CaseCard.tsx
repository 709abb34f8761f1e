import { Tag } from 'antd';
import type { SoftwareCase } from '@mazhu/contracts';

/** One software case from the API (/api/getPrototypeCaseList). */
export default function CaseCard({ item }: { item: SoftwareCase }) {
  const color = /^#[0-9a-f]{3,8}$/i.test(item.coverColor) ? item.coverColor : '#1d4ed8';
  return (
    <article className="case-card" data-testid="case-card">
      <div className="case-cover" style={{ background: `linear-gradient(135deg, ${color}, #0f172a)` }}>
        <div className="case-cover-name">{item.name}</div>
        <div className="case-cover-meta">
          {item.version} · {item.platform} · {item.caseTypeName}
        </div>
      </div>
      <div className="case-body">
        <p className="case-summary">{item.summary}</p>
        <div>
          {item.modules.slice(0, 5).map((m) => (
            <Tag key={m} style={{ marginBottom: 6 }}>
              {m}
            </Tag>
          ))}
        </div>
        <div className="case-stats">
          <span>
            编程语言 <strong>{item.languages}</strong>
          </span>
        </div>
        <div className="case-stats" style={{ borderTop: 0, paddingTop: 0 }}>
          <span>
            源程序量 <strong>{item.sourceLines.toLocaleString('zh-CN')}</strong> 行
          </span>
          <span>
            程序 <strong>{item.pages.code}</strong> 页
          </span>
          <span>
            文档 <strong>{item.pages.manual}</strong> 页
          </span>
        </div>
      </div>
    </article>
  );
}
