/** A drawing of the two documents the product prints: a source-code page and a manual page. */
const CODE = [
  "import { createApp } from './app';",
  "import { loadConfig } from './config';",
  '',
  'async function main() {',
  '  const config = loadConfig(process.env);',
  '  const app = await createApp(config);',
  '  await app.listen({ port: config.port });',
  "  app.log.info('仓储管理系统已启动');",
  '}',
  '',
  'main().catch((err) => {',
  '  console.error(err);',
  '  process.exit(1);',
  '});',
].filter((l) => l !== '');

export default function HeroIllustration() {
  return (
    <div className="doc-stack" aria-hidden>
      <div className="doc-sheet" style={{ left: 150, top: 40, transform: 'rotate(4deg)' }}>
        <div className="doc-sheet-head">
          <span>示例：仓储管理系统 V1.0 操作手册</span>
          <span>3</span>
        </div>
        <div className="doc-sheet-title">第二章 入库管理</div>
        {[96, 88, 100, 72, 94, 60, 90, 84, 98, 70].map((w, i) => (
          <div key={i} className="doc-line" style={{ width: `${w}%` }} />
        ))}
        <div style={{ height: 70, background: '#eef2ff', borderRadius: 6, margin: '10px 0', border: '1px solid #c7d2fe' }} />
        {[92, 80, 66].map((w, i) => (
          <div key={i} className="doc-line" style={{ width: `${w}%` }} />
        ))}
      </div>
      <div className="doc-sheet" style={{ left: 0, top: 0 }}>
        <div className="doc-sheet-head">
          <span>示例：仓储管理系统 V1.0</span>
          <span>1</span>
        </div>
        <div className="doc-code">
          {CODE.map((line, i) => (
            <div key={i}>
              <span className="ln">{i + 1}</span>
              {line}
            </div>
          ))}
        </div>
        {[70, 84, 58, 76].map((w, i) => (
          <div key={i} className="doc-line" style={{ width: `${w}%` }} />
        ))}
      </div>
      <span className="doc-badge" style={{ left: 200, top: 330 }}>
        每页 ≥ 50 行 · 页码在右上角
      </span>
    </div>
  );
}
