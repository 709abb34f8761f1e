import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CaptchaChallenge, type CaptchaControlProps, type CaptchaResultError, checkCaptcha, fetchCaptcha } from './captcha-api';
import { encodeAnswer } from './captcha-crypto';
import { BAR_HEIGHT, BASE_HEIGHT, BASE_WIDTH, clampDrag, HANDLE_WIDTH, sliderPoint, stripWidth, successText } from './captcha-math';
import { useTimers } from './use-timers';
import './captcha.css';

export type { CaptchaResultError };

export type SliderCaptchaProps = CaptchaControlProps;

export type CaptchaState = 'loading' | 'ready' | 'dragging' | 'checking' | 'success' | 'fail' | 'error';

/** Delay before a failed slider loads a new image (spec §9: result shown for 1 s). */
export const SLIDER_RETRY_MS = 1000;

/**
 * Slider-puzzle captcha (AJ-Captcha blockPuzzle). Drag the handle; the 47-px piece strip (drawn
 * floor(W·47/310) wide, full height) moves with it. On release the x in 310 space (y 5) is sent,
 * AES-encrypted when the server gave a secretKey. Success shows "1.23s 验证成功"; failure shows 验证失败,
 * emits onError and fetches a new image after 1 s; a fetch failure shows repMsg in the tip area.
 */
export default function SliderCaptcha({ width = BASE_WIDTH, purpose, apiBase, onSuccess, onError }: SliderCaptchaProps) {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [state, setState] = useState<CaptchaState>('loading');
  const [tip, setTip] = useState('');
  const [drag, setDrag] = useState(0);
  const seq = useRef(0);
  const dragging = useRef<{ startX: number; startTime: number; distance: number } | null>(null);
  const timers = useTimers();
  const callbacks = useRef({ onSuccess, onError });
  callbacks.current = { onSuccess, onError };

  const load = useCallback(async () => {
    const my = ++seq.current;
    dragging.current = null;
    setState('loading');
    setTip('');
    setDrag(0);
    const res = await fetchCaptcha('blockPuzzle', purpose, apiBase);
    if (my !== seq.current) return;
    if (res.repCode === '0000' && res.repData) {
      setChallenge(res.repData);
      setState('ready');
    } else {
      setChallenge(null);
      setState('error');
      setTip(res.repMsg || '获取验证码失败');
    }
  }, [purpose, apiBase]);

  useEffect(() => {
    void load();
    return () => {
      seq.current++;
    };
  }, [load]);

  const finish = useCallback(async () => {
    const d = dragging.current;
    if (!d || !challenge) return;
    dragging.current = null;
    const my = seq.current;
    const elapsed = performance.now() - d.startTime;
    setState('checking');
    const plaintext = JSON.stringify(sliderPoint(d.distance, width));
    const { pointJson, captchaVerification } = encodeAnswer(challenge.token, plaintext, challenge.secretKey);
    const res = await checkCaptcha('blockPuzzle', challenge.token, pointJson, apiBase);
    if (my !== seq.current) return;
    if (res.repCode === '0000') {
      setState('success');
      setTip(successText(elapsed));
      callbacks.current.onSuccess(captchaVerification);
    } else {
      setState('fail');
      setTip('验证失败');
      callbacks.current.onError?.({ repCode: res.repCode, repMsg: res.repMsg });
      timers.later(() => void load(), SLIDER_RETRY_MS);
    }
  }, [challenge, width, apiBase, load, timers]);

  useEffect(() => {
    if (state !== 'dragging') return;
    const move = (clientX: number) => {
      const d = dragging.current;
      if (!d) return;
      d.distance = clampDrag(clientX - d.startX, width);
      setDrag(d.distance);
    };
    const onMouseMove = (e: MouseEvent) => move(e.clientX);
    const onTouchMove = (e: TouchEvent) => {
      if (e.touches[0]) move(e.touches[0].clientX);
    };
    const end = () => void finish();
    window.addEventListener('mousemove', onMouseMove);
    window.addEventListener('mouseup', end);
    window.addEventListener('touchmove', onTouchMove, { passive: true });
    window.addEventListener('touchend', end);
    window.addEventListener('touchcancel', end);
    return () => {
      window.removeEventListener('mousemove', onMouseMove);
      window.removeEventListener('mouseup', end);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('touchend', end);
      window.removeEventListener('touchcancel', end);
    };
  }, [state, width, finish]);

  const start = (clientX: number) => {
    if (state !== 'ready' || !challenge) return;
    dragging.current = { startX: clientX, startTime: performance.now(), distance: 0 };
    setState('dragging');
  };

  const tipTone = state === 'success' ? 'success' : state === 'fail' || state === 'error' ? 'error' : 'info';
  const busy = state === 'dragging' || state === 'checking';
  const handleIcon = state === 'success' ? <CheckOutlined /> : state === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />;

  return (
    <div className={`mz-captcha mz-captcha-slider mz-captcha--${state}`} data-state={state} style={{ width }}>
      <div className="mz-captcha__panel" style={{ width, height: BASE_HEIGHT }}>
        {challenge ? (
          <img
            className="mz-captcha__image"
            src={`data:image/png;base64,${challenge.originalImageBase64}`}
            width={width}
            height={BASE_HEIGHT}
            alt="验证码背景图"
            draggable={false}
          />
        ) : (
          <div className="mz-captcha__placeholder">{state === 'loading' ? '加载中…' : ''}</div>
        )}
        {challenge?.jigsawImageBase64 ? (
          <img
            className="mz-captcha-slider__piece"
            src={`data:image/png;base64,${challenge.jigsawImageBase64}`}
            style={{ left: drag, width: stripWidth(width), height: BASE_HEIGHT }}
            alt=""
            draggable={false}
          />
        ) : null}
        <button type="button" className="mz-captcha__refresh" aria-label="刷新验证码" title="刷新" disabled={busy} onClick={() => void load()}>
          <ReloadOutlined />
        </button>
        <div className={`mz-captcha__tip mz-captcha__tip--${tipTone}${tip ? ' mz-captcha__tip--shown' : ''}`} role="status" aria-live="polite">
          {tip}
        </div>
      </div>
      <div className="mz-captcha-slider__bar" style={{ width, height: BAR_HEIGHT, lineHeight: `${BAR_HEIGHT}px` }}>
        <span className="mz-captcha-slider__text">{state === 'ready' || state === 'loading' ? '向右滑动完成验证' : ''}</span>
        <div className="mz-captcha-slider__track" style={{ width: drag ? drag + HANDLE_WIDTH : 0 }} />
        <div
          className="mz-captcha-slider__handle"
          role="slider"
          aria-label="拖动滑块完成拼图"
          aria-valuemin={0}
          aria-valuemax={width - HANDLE_WIDTH}
          aria-valuenow={Math.round(drag)}
          tabIndex={0}
          style={{ left: drag, width: HANDLE_WIDTH, height: BAR_HEIGHT }}
          onMouseDown={(e) => {
            e.preventDefault();
            start(e.clientX);
          }}
          onTouchStart={(e) => {
            if (e.touches[0]) start(e.touches[0].clientX);
          }}
        >
          {handleIcon}
        </div>
      </div>
    </div>
  );
}
