import { Link } from 'react-router';
import { lazy, Suspense } from 'react';
import { SITE, siteUrl } from '@/config/site';
import Logo from '@/components/nav/Logo';
import { useSeen } from '@/utils/use-seen';

// The QR code encoder loads when the footer scrolls into view (it sits at the bottom of every page).
const QRCode = lazy(() => import('antd/es/qr-code'));

const COLUMNS = [
  {
    title: '产品',
    links: [
      { to: '/project-selection', label: '创建项目' },
      { to: '/functionalArea', label: '功能介绍' },
      { to: '/success-cases', label: '软件案例' },
      { to: '/pointsRecharge', label: '积分充值' },
    ],
  },
  {
    title: '帮助',
    links: [
      { to: '/ask', label: '使用指南' },
      { to: '/notice', label: '政策库' },
      { to: '/preview-software', label: '界面预览工具' },
    ],
  },
  {
    title: '关于',
    links: [{ to: '/functionalArea', label: '关于我们' }],
  },
];

export default function Footer() {
  const year = new Date().getFullYear();
  const [qrRef, qrSeen] = useSeen<HTMLDivElement>();
  return (
    <footer className="footer">
      <div className="container footer-top">
        <div className="footer-brand">
          <Logo dark />
          <p className="footer-intro">
            根据项目信息与源代码，准备计算机软件著作权登记所需的程序鉴别材料、文档鉴别材料与申请表信息。
          </p>
          <p className="footer-contact" data-testid="footer-contact">
            联系我们：<a href={`mailto:${SITE.contact.email}`}>{SITE.contact.email}</a>
            {SITE.contact.phone ? ` · ${SITE.contact.phone}` : ''}
            <br />
            服务时间：{SITE.contact.hours}
          </p>
        </div>
        {COLUMNS.map((col) => (
          <div className="footer-col" key={col.title}>
            <div className="footer-col-title">{col.title}</div>
            {col.links.map((l) => (
              <Link key={l.label} to={l.to}>
                {l.label}
              </Link>
            ))}
          </div>
        ))}
        <div className="footer-qr" ref={qrRef}>
          <Suspense fallback={<div style={{ width: 112, height: 112 }} />}>
            {qrSeen ? <QRCode value={siteUrl()} size={112} bordered={false} color="#0f172a" bgColor="#ffffff" /> : <div style={{ width: 112, height: 112 }} />}
          </Suspense>
          <span>扫码在手机上打开码著</span>
        </div>
      </div>
      <div className="container footer-bottom">
        <span>© {year} 码著 · 软件著作权登记材料准备服务</span>
        <span>{SITE.icp ? <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">{SITE.icp}</a> : 'ICP备案信息以运营主体取得的备案号为准'}</span>
        <span>{SITE.publicSecurity || '公安联网备案信息以运营主体取得的备案号为准'}</span>
        <span>技术支持：{SITE.supportCompany || '码著技术团队'}</span>
      </div>
      <div className="container footer-note">
        码著提供登记材料的整理与生成服务，不是中国版权保护中心的官方渠道；登记申请须由著作权人本人或其委托的代理人在版权中心官网提交。
      </div>
    </footer>
  );
}
