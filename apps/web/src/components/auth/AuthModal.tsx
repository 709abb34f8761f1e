import { Modal } from 'antd';
import { useAuthModal } from '@/stores/auth-modal';
import AuthPanel from './AuthPanel';

/** The login/register modal (spec §2): the two views swap inside it. */
export default function AuthModal() {
  const { open, view, setView, hide } = useAuthModal();
  return (
    <Modal open={open} onCancel={hide} footer={null} width={440} destroyOnHidden centered maskClosable={false} className="auth-modal">
      <AuthPanel view={view} onViewChange={setView} onDone={hide} inModal />
    </Modal>
  );
}
