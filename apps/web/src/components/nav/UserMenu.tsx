import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Dropdown, Input, Modal, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BlockOutlined,
  DownOutlined,
  FileProtectOutlined,
  GiftOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LogoutOutlined,
  SafetyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useUserStore } from '@/stores/user';
import { logout } from '@/api/auth';
import { notify } from '@/utils/notify';
import { copyInvitationCode } from './invitation';
import { authTexts as t } from '@/locales/zh-CN/auth';

/** User menu links in the order of spec §2. */
export const USER_MENU_LINKS = [
  { to: '/settings/projectList?type=all', label: '单个项目', icon: <AppstoreOutlined /> },
  { to: '/settings/batchProjectList?type=all', label: '批量项目', icon: <BlockOutlined /> },
  { to: '/settings/points', label: '积分充值', icon: <WalletOutlined /> },
  { to: '/settings/pointsRecord', label: '积分记录', icon: <HistoryOutlined /> },
  { to: '/owner', label: '知识产权人', icon: <IdcardOutlined /> },
  { to: '/settings/contract', label: '合同下载', icon: <FileProtectOutlined /> },
  { to: '/profile', label: '个人设置', icon: <UserOutlined /> },
  { to: '/password', label: '账号安全', icon: <SafetyOutlined /> },
];

export default function UserMenu() {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const displayName = user.name || user.mobile || user.email || '用户';

  const copyInvitation = () => copyInvitationCode(user.invitationCode, { askManualCopy: setManualCopy });

  const confirmLogout = () => {
    modal.confirm({
      title: t['logout.title'],
      content: t['logout.content'],
      okText: t['logout.ok'],
      cancelText: t['logout.cancel'],
      onOk: async () => {
        const ok = await logout();
        if (ok) notify.success(t['logout.success']);
        else notify.error(t['logout.failed']);
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'who', disabled: true, label: <div className="user-menu-head">{displayName}</div> },
    { type: 'divider' },
    ...USER_MENU_LINKS.map((l) => ({ key: l.to, icon: l.icon, label: l.label })),
    ...(user.role === 2
      ? [
          { type: 'divider' as const },
          {
            key: 'invitation',
            icon: <GiftOutlined />,
            label: (
              <span data-testid="invitation-line">
                邀请码：{user.invitationCode || '暂无'}
                <span className="user-menu-hint">点击复制</span>
              </span>
            ),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'invitation') void copyInvitation();
    else if (key.startsWith('/')) navigate(key);
  };

  return (
    <>
      {modalHolder}
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <button type="button" className="navbar-user" data-testid="nav-user">
          <Avatar size={30} style={{ background: '#1d4ed8' }}>
            {displayName.slice(0, 1)}
          </Avatar>
          <span className="navbar-user-name">{displayName}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <Modal
        open={manualCopy !== null}
        title={t['copy.manual']}
        onCancel={() => setManualCopy(null)}
        onOk={() => setManualCopy(null)}
        okText="好的"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <p>请选中下方邀请码后按 Ctrl+C（Mac 为 ⌘+C）复制：</p>
        <Input value={manualCopy ?? ''} readOnly autoFocus onFocus={(e) => e.currentTarget.select()} />
      </Modal>
    </>
  );
}
