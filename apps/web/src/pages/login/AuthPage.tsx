import { useState } from 'react';
import { useNavigate } from 'react-router';
import AuthPanel from '@/components/auth/AuthPanel';
import type { AuthView } from '@/stores/auth-modal';

/** /login and /register as full pages (the same panel as the modal). */
export default function AuthPage({ initial }: { initial: AuthView }) {
  const [view, setView] = useState<AuthView>(initial);
  const navigate = useNavigate();
  return (
    <div className="auth-page">
      <div className="auth-page-card card">
        <AuthPanel view={view} onViewChange={setView} onDone={() => navigate('/', { replace: true })} />
      </div>
    </div>
  );
}
