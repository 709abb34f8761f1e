import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import NoticesTab from './NoticesTab';
import FaqTab from './FaqTab';
import AgreementsTab from './AgreementsTab';
import CasesTab from './CasesTab';
import TypesTab from './TypesTab';

const TABS = [
  { key: 'notices', label: '政策库', children: <NoticesTab /> },
  { key: 'faq', label: '常见问题', children: <FaqTab /> },
  { key: 'agreements', label: '服务协议与隐私政策', children: <AgreementsTab /> },
  { key: 'cases', label: '软件案例', children: <CasesTab /> },
  { key: 'types', label: '案例分类与平台类型', children: <TypesTab /> },
];

/** /admin/content — everything the public pages read; a change shows on the site at once. */
export default function AdminContentPage() {
  const [params, setParams] = useSearchParams();
  return (
    <Card>
      <Tabs activeKey={params.get('tab') ?? 'notices'} onChange={(tab) => setParams({ tab })} items={TABS} destroyOnHidden />
    </Card>
  );
}
