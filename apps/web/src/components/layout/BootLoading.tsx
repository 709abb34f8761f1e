import { Spin } from 'antd';

/** Shown while the first page's code loads. */
export default function BootLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
