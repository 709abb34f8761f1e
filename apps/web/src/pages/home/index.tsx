import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
import {
  ArrowRightOutlined,
  CheckCircleFilled,
  CodeOutlined,
  FileTextOutlined,
  FormOutlined,
  RobotOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useSeen } from '@/utils/use-seen';
import HeroIllustration from './HeroIllustration';
import { DELIVERABLES, MODES, RULES, STEPS } from './content';

const DELIVERABLE_ICONS = { code: <CodeOutlined />, manual: <FileTextOutlined />, form: <FormOutlined /> };
const MODE_ICONS = { auto: <RobotOutlined />, code: <ThunderboltOutlined />, batch: <UnorderedListOutlined /> };

// Software cases and FAQ come from the API and sit far below the fold: their code (cards, collapse, skeletons,
// the HTML sanitiser) and their two API calls load when a visitor scrolls towards them, not with the first paint.
const LiveSections = lazy(() => import('./LiveSections'));

function LiveSectionsWhenNear() {
  const [ref, seen] = useSeen<HTMLDivElement>('800px');
  return (
    <div ref={ref}>
      {seen && (
        <Suspense fallback={null}>
          <LiveSections />
        </Suspense>
      )}
    </div>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div>
            <span className="hero-tag">依据《计算机软件著作权登记办法》准备鉴别材料</span>
            <h1>
              软件著作权登记材料
              <br />
              <em>一次准备到位</em>
            </h1>
            <p className="hero-lead">
              码著根据您的项目信息与源代码，生成程序鉴别材料、操作手册与申请表信息：前 30 页 + 后 30 页、每页 50 行、页眉页码规范排版，减少补正，节省反复修改的时间。
            </p>
            <div className="hero-actions">
              <Link to="/project-selection">
                <Button type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
                  立即创建项目
                </Button>
              </Link>
              <Link to="/functionalArea">
                <Button size="large" ghost>
                  了解功能
                </Button>
              </Link>
            </div>
            <div className="hero-points">
              <span>源程序前 30 页 + 后 30 页</span>
              <span>操作手册每页不少于 30 行</span>
              <span>申请表字段逐项校验</span>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="section-head">
            <h2>码著为您准备什么</h2>
            <p>软件著作权登记需要的三类材料，按中国版权保护中心的要求生成</p>
          </div>
          <div className="deliverables">
            {DELIVERABLES.map((d) => (
              <div className="deliverable" key={d.key}>
                <div className="deliverable-icon" style={{ color: d.color, background: d.bg }}>
                  {DELIVERABLE_ICONS[d.key as keyof typeof DELIVERABLE_ICONS]}
                </div>
                <h3>
                  {d.title}
                  <span className="muted" style={{ fontSize: 14, fontWeight: 400, marginLeft: 8 }}>
                    {d.subtitle}
                  </span>
                </h3>
                <p>{d.text}</p>
                <ul>
                  {d.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt">
        <div className="container">
          <div className="section-head">
            <h2>三种创建方式</h2>
            <p>按项目的实际情况选择，随时可以在“我的项目”中继续完善</p>
          </div>
          <div className="modes">
            {MODES.map((m) => (
              <div className="mode-card" key={m.key}>
                <div className="deliverable-icon" style={{ color: '#1d4ed8', background: '#eff4ff', marginBottom: 0 }}>
                  {MODE_ICONS[m.key as keyof typeof MODE_ICONS]}
                </div>
                <h3>{m.title}</h3>
                <p>{m.text}</p>
                <div className="mode-for">{m.fit}</div>
                <Link to={m.to}>
                  <Button block>开始{m.title}</Button>
                </Link>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="section-head">
            <h2>四步完成材料准备</h2>
            <p>从填写信息到下载 PDF，全程在线完成</p>
          </div>
          <div className="steps">
            {STEPS.map((s, i) => (
              <div className="step" key={s.title}>
                <div className="step-no">STEP {String(i + 1).padStart(2, '0')}</div>
                <h4>{s.title}</h4>
                <p>{s.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt">
        <div className="container">
          <div className="section-head">
            <h2>按版权中心的要求逐项把关</h2>
            <p>常见的补正原因，在生成材料时就处理好</p>
          </div>
          <div className="rules">
            {RULES.map((r) => (
              <div className="rule" key={r.title}>
                <CheckCircleFilled className="rule-icon" />
                <div>
                  <h4>{r.title}</h4>
                  <p>{r.text}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <LiveSectionsWhenNear />

      <section className="container" style={{ paddingTop: 16 }}>
        <div className="cta">
          <div>
            <h2>现在开始准备您的登记材料</h2>
            <p>注册即可创建项目；材料生成前可随时修改项目信息。</p>
          </div>
          <Link to="/project-selection">
            <Button size="large" style={{ minWidth: 160 }}>
              创建项目
            </Button>
          </Link>
        </div>
      </section>
    </>
  );
}
