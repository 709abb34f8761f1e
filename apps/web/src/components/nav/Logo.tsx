import { Link } from 'react-router';

export default function Logo({ dark = false }: { dark?: boolean }) {
  return (
    <Link to="/" className={`brand${dark ? ' brand-dark' : ''}`} aria-label="码著首页">
      <span className="brand-mark">著</span>
      <span className="brand-text">
        <span className="brand-name">码著</span>
        <span className="brand-sub">软件著作权登记材料</span>
      </span>
    </Link>
  );
}
