import { useState } from 'react';
import type { AuthView } from '@/stores/auth-modal';
import LoginForm from './LoginForm';
import RegisterForm from './RegisterForm';
import AgreementDialog from './AgreementDialog';

export interface AuthPanelProps {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** Called after a successful sign-in. */
  onDone?: () => void;
  /** In the modal the captcha is 330 px wide, elsewhere 310 (spec §9). */
  inModal?: boolean;
}

/** The login and register views, swapped inside one panel (spec §2). */
export default function AuthPanel({ view, onViewChange, onDone, inModal }: AuthPanelProps) {
  const [agreement, setAgreement] = useState<1 | 2 | null>(null);
  const [lastAccount, setLastAccount] = useState<string>();
  const captchaWidth = inModal ? 330 : 310;

  return (
    <div className="auth-panel" data-testid={`auth-${view}`}>
      <h2 className="auth-title">{view === 'login' ? '登录码著' : '注册码著账号'}</h2>
      <p className="auth-sub">{view === 'login' ? '使用手机号或邮箱登录，准备您的软著登记材料' : '使用手机号或邮箱注册，注册后即可创建项目'}</p>
      {view === 'login' ? (
        <LoginForm key="login" onDone={onDone} captchaWidth={captchaWidth} initialAccount={lastAccount} />
      ) : (
        <RegisterForm
          key="register"
          captchaWidth={captchaWidth}
          onRegistered={(account) => {
            setLastAccount(account);
            onViewChange('login');
          }}
        />
      )}
      <div className="auth-switch">
        {view === 'login' ? (
          <span>
            还没有账号？<a onClick={() => onViewChange('register')}>立即注册</a>
          </span>
        ) : (
          <span>
            已有账号？<a onClick={() => onViewChange('login')}>去登录</a>
          </span>
        )}
      </div>
      <div className="auth-agree">
        {view === 'login' ? '登录' : '注册'}即表示您已阅读并同意
        <a onClick={() => setAgreement(1)}>《服务协议》</a>和<a onClick={() => setAgreement(2)}>《隐私政策》</a>
      </div>
      <AgreementDialog type={agreement} onClose={() => setAgreement(null)} />
    </div>
  );
}
