import { Modal } from 'antd';
import { useEffect } from 'react';
import ClickWordCaptcha from './ClickWordCaptcha';
import { BASE_WIDTH } from './captcha-math';
import SliderCaptcha, { type CaptchaResultError } from './SliderCaptcha';
import { useTimers } from './use-timers';

export interface CaptchaPopupProps {
  open: boolean;
  /** Default 'blockPuzzle' (the slider). */
  captchaType?: 'blockPuzzle' | 'clickWord';
  /** Image width: default 310; the login and register modals pass 330 (spec §9). */
  width?: number;
  /** Purpose the solve is bound to on the server (e.g. 'sendCode'); the business call must use the same. */
  purpose?: string;
  /** Base of the captcha endpoints, default '/api'. */
  apiBase?: string;
  /**
   * Called when the popup has shown 验证成功 for ~1.5 s (spec §9), with the captchaVerification to send to the
   * business call. The parent closes the popup here (set `open` to false).
   */
  onSuccess: (captchaVerification: string) => void;
  /** The user dismissed the popup (close button, Esc) without solving it. */
  onClose: () => void;
  /** A check failed (the control already shows 验证失败 and refreshes). */
  onError?: (error: CaptchaResultError) => void;
}

/** Delay between a successful check and `onSuccess` (the popup closes then). */
export const POPUP_CLOSE_DELAY_MS = 1500;

/**
 * Modal titled 请完成安全验证 holding a SliderCaptcha or ClickWordCaptcha. A fresh challenge is fetched each
 * time it opens; the modal content is destroyed when hidden.
 */
export default function CaptchaPopup({ open, captchaType = 'blockPuzzle', width = BASE_WIDTH, purpose, apiBase, onSuccess, onClose, onError }: CaptchaPopupProps) {
  const timers = useTimers();

  useEffect(() => {
    if (!open) timers.clear();
  }, [open, timers]);

  const solved = (captchaVerification: string) => {
    timers.later(() => onSuccess(captchaVerification), POPUP_CLOSE_DELAY_MS);
  };

  const Captcha = captchaType === 'clickWord' ? ClickWordCaptcha : SliderCaptcha;
  return (
    <Modal
      open={open}
      title="请完成安全验证"
      footer={null}
      centered
      width={width + 48}
      destroyOnHidden
      mask={{ closable: false }}
      className="mz-captcha-popup"
      onCancel={() => {
        timers.clear();
        onClose();
      }}
    >
      {/* Mounted only while open, so every opening fetches a fresh challenge. */}
      {open ? <Captcha width={width} purpose={purpose} apiBase={apiBase} onSuccess={solved} onError={onError} /> : null}
    </Modal>
  );
}
