import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/**
 * The honest empty state of a page whose feature has not been released yet: says what the page
 * will do, and offers where to go instead. Never shows invented data.
 */
export default function FeaturePending({
  title,
  description,
  children,
  back = { to: '/', label: '返回首页' },
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  back?: { to: string; label: string } | null;
}) {
  return (
    <Result
      className="pending-state"
      icon={<ToolOutlined style={{ color: '#1d4ed8' }} />}
      title={title}
      subTitle={
        <div style={{ maxWidth: 560, margin: '0 auto', lineHeight: 1.9 }}>
          {description}
          <div style={{ marginTop: 8 }}>该功能正在开发中，上线后即可在此使用。</div>
        </div>
      }
      extra={
        back ? (
          <Link to={back.to}>
            <Button type="primary">{back.label}</Button>
          </Link>
        ) : undefined
      }
    >
      {children}
    </Result>
  );
}
