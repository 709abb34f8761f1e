import { ReloadOutlined } from '@ant-design/icons';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type CaptchaChallenge, type CaptchaControlProps, checkCaptcha, fetchCaptcha } from './captcha-api';
import { encodeAnswer } from './captcha-crypto';
import { BAR_HEIGHT, BASE_HEIGHT, BASE_WIDTH, CLICK_COUNT, clickPoint, clickPrompt } from './captcha-math';
import { useTimers } from './use-timers';
import './captcha.css';

export type ClickWordCaptchaProps = CaptchaControlProps;

export type ClickWordState = 'loading' | 'ready' | 'checking' | 'success' | 'fail' | 'error';

/** Delay between the third click and the check (spec §9). */
export const CLICK_CHECK_DELAY_MS = 400;
/** Delay before a failed click-word captcha resets with a new image (spec §9). */
export const CLICK_RETRY_MS = 700;

interface Mark {
  left: number;
  top: number;
  point: { x: number; y: number };
}

/**
 * Click-word captcha (AJ-Captcha clickWord): 请依次点击【字,字,字】; each click is marked with its number; 0.4 s
 * after the third click the points (310×155 space, AES-encrypted when a secretKey was given) are checked.
 * Success shows 验证成功; failure shows 验证失败, emits onError and resets with a new image after 0.7 s.
 */
export default function ClickWordCaptcha({ width = BASE_WIDTH, purpose, apiBase, onSuccess, onError }: ClickWordCaptchaProps) {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [state, setState] = useState<ClickWordState>('loading');
  const [tip, setTip] = useState('');
  const [marks, setMarks] = useState<Mark[]>([]);
  const seq = useRef(0);
  const timers = useTimers();
  const callbacks = useRef({ onSuccess, onError });
  callbacks.current = { onSuccess, onError };

  const load = useCallback(async () => {
    const my = ++seq.current;
    timers.clear();
    setState('loading');
    setTip('');
    setMarks([]);
    const res = await fetchCaptcha('clickWord', purpose, apiBase);
    if (my !== seq.current) return;
    if (res.repCode === '0000' && res.repData) {
      setChallenge(res.repData);
      setState('ready');
    } else {
      setChallenge(null);
      setState('error');
      setTip(res.repMsg || '获取验证码失败');
    }
  }, [purpose, apiBase, timers]);

  useEffect(() => {
    void load();
    return () => {
      seq.current++;
    };
  }, [load]);

  const verify = useCallback(
    async (done: Mark[]) => {
      if (!challenge) return;
      const my = seq.current;
      const plaintext = JSON.stringify(done.map((m) => m.point));
      const { pointJson, captchaVerification } = encodeAnswer(challenge.token, plaintext, challenge.secretKey);
      const res = await checkCaptcha('clickWord', challenge.token, pointJson, apiBase);
      if (my !== seq.current) return;
      if (res.repCode === '0000') {
        setState('success');
        setTip('验证成功');
        callbacks.current.onSuccess(captchaVerification);
      } else {
        setState('fail');
        setTip('验证失败');
        callbacks.current.onError?.({ repCode: res.repCode, repMsg: res.repMsg });
        timers.later(() => void load(), CLICK_RETRY_MS);
      }
    },
    [challenge, apiBase, load, timers],
  );

  const onImageClick = (e: MouseEvent<HTMLDivElement>) => {
    if (state !== 'ready' || !challenge || marks.length >= CLICK_COUNT) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const ox = e.clientX - rect.left;
    const oy = e.clientY - rect.top;
    const mark: Mark = { left: ox, top: oy, point: clickPoint(ox, oy, rect.width || width, rect.height || BASE_HEIGHT) };
    const next = [...marks, mark];
    setMarks(next);
    if (next.length === CLICK_COUNT) {
      setState('checking');
      timers.later(() => void verify(next), CLICK_CHECK_DELAY_MS);
    }
  };

  const words = challenge?.wordList ?? [];
  const tone = state === 'success' ? 'success' : state === 'fail' || state === 'error' ? 'error' : 'info';

  return (
    <div className={`mz-captcha mz-captcha-click mz-captcha--${state}`} data-state={state} style={{ width }}>
      <div className="mz-captcha__panel mz-captcha-click__panel" style={{ width, height: BASE_HEIGHT }} onClick={onImageClick}>
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
        {marks.map((m, i) => (
          <span key={i} className="mz-captcha-click__mark" style={{ left: m.left - 10, top: m.top - 10 }}>
            {i + 1}
          </span>
        ))}
        <button
          type="button"
          className="mz-captcha__refresh"
          aria-label="刷新验证码"
          title="刷新"
          disabled={state === 'checking'}
          onClick={(e) => {
            e.stopPropagation();
            void load();
          }}
        >
          <ReloadOutlined />
        </button>
      </div>
      <div className={`mz-captcha-click__bar mz-captcha-click__bar--${tone}`} style={{ width, height: BAR_HEIGHT, lineHeight: `${BAR_HEIGHT}px` }}>
        {tip ? (
          <span className={`mz-captcha__tip mz-captcha__tip--${tone} mz-captcha__tip--shown`} role="status" aria-live="polite">
            {tip}
          </span>
        ) : (
          <span className="mz-captcha-click__words">{words.length ? clickPrompt(words) : '加载中…'}</span>
        )}
      </div>
    </div>
  );
}
