import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { CaptchaPurpose } from '@mazhu/contracts';
import { CaptchaPopup } from '@/components/captcha';
import { sendCode } from '@/api/auth';
import { notify } from '@/utils/notify';
import { authTexts as t } from '@/locales/zh-CN/auth';

export interface SendCodeButtonProps {
  /** Validates the account field and resolves to the account, or null when it is not valid. */
  getAccount: () => Promise<string | null>;
  /** 1 register, 2 login, 3 bind a new account. */
  type: 1 | 2 | 3;
  /** Captcha image width: 330 in the login/register modal, 310 elsewhere. */
  captchaWidth?: number;
  disabled?: boolean;
}

/**
 * 获取验证码 → captcha popup → code request → 已发送 N s counting down from data.time → idle (spec §4).
 * Works only for a valid account and when no countdown is running.
 */
export default function SendCodeButton({ getAccount, type, captchaWidth = 310, disabled }: SendCodeButtonProps) {
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const account = useRef('');

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const start = async () => {
    if (left > 0 || sending) return;
    const valid = await getAccount();
    if (!valid) return;
    account.current = valid;
    setCaptchaOpen(true);
  };

  const onSolved = async (captchaVerification: string) => {
    setCaptchaOpen(false);
    setSending(true);
    try {
      const res = await sendCode({ account: account.current, captchaVerification, type, areaCode: '+86' });
      if (res?.code === 200) {
        if (res.msg) notify.success(res.msg);
        setLeft(Math.max(1, Math.round(res.data?.time ?? 60)));
      }
    } catch (err) {
      console.error('[auth] send code failed', err);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button onClick={() => void start()} disabled={disabled || left > 0} loading={sending} style={{ width: 116 }} data-testid="send-code">
        {left > 0 ? t['sendCode.sent'](left) : t['sendCode.idle']}
      </Button>
      <CaptchaPopup
        open={captchaOpen}
        width={captchaWidth}
        purpose={CaptchaPurpose.SendCode}
        onSuccess={(cv) => void onSolved(cv)}
        onClose={() => setCaptchaOpen(false)}
      />
    </>
  );
}
