import type { AuthView } from '@/stores/auth-modal';

export interface AuthPanelProps {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** Called after a successful sign-in. */
  onDone?: () => void;
  /** In the modal the captcha is 330 px wide, elsewhere 310 (spec §9). */
  inModal?: boolean;
}

/** Login and register views (filled in by the account issue). */
export default function AuthPanel({ view, onViewChange }: AuthPanelProps) {
  return (
    <div className="auth-panel" data-testid={`auth-${view}`}>
      <h2 className="auth-title">{view === 'login' ? '登录码著' : '注册码著账号'}</h2>
      <p className="auth-sub">使用手机号或邮箱{view === 'login' ? '登录' : '注册'}</p>
      <div className="auth-switch">
        {view === 'login' ? (
          <a onClick={() => onViewChange('register')}>没有账号？立即注册</a>
        ) : (
          <a onClick={() => onViewChange('login')}>已有账号？去登录</a>
        )}
      </div>
    </div>
  );
}
