import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axios from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CaptchaPopup from './CaptchaPopup';
import SliderCaptcha from './SliderCaptcha';

vi.mock('axios', () => ({ default: { post: vi.fn() } }));
const post = vi.mocked(axios.post);

const TOKEN = '71dd26999e314f9abb0c635336976635';
const KEY = 'aBcDeFgHiJkLmNoP';
const challenge = (token = TOKEN) => ({
  data: {
    repCode: '0000',
    repMsg: null,
    success: true,
    repData: { originalImageBase64: 'iVBORw0KGgo=', jigsawImageBase64: 'iVBORw0KGgo=', token, secretKey: KEY, wordList: null },
  },
});
const reply = (repCode: string, repMsg: string | null = null) => ({ data: { repCode, repMsg, repData: null, success: repCode === '0000' } });

beforeEach(() => {
  post.mockReset();
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

function dragBy(dx: number) {
  const handle = document.querySelector('.mz-captcha-slider__handle')!;
  fireEvent.mouseDown(handle, { clientX: 20 });
  fireEvent.mouseMove(window, { clientX: 20 + dx / 2 });
  fireEvent.mouseMove(window, { clientX: 20 + dx });
  fireEvent.mouseUp(window, { clientX: 20 + dx });
}

describe('SliderCaptcha', () => {
  it('fetches a challenge, sends x normalised to 310 and y 5 encrypted, and reports captchaVerification', async () => {
    post.mockResolvedValueOnce(challenge()).mockResolvedValueOnce(reply('0000'));
    const onSuccess = vi.fn();
    render(<SliderCaptcha purpose="sendCode" onSuccess={onSuccess} />);
    await waitFor(() => expect(document.querySelector('.mz-captcha')?.getAttribute('data-state')).toBe('ready'));

    const [getUrl, getBody] = post.mock.calls[0];
    expect(getUrl).toBe('/api/captcha/get');
    expect(getBody).toMatchObject({ captchaType: 'blockPuzzle', purpose: 'sendCode', clientUid: expect.stringMatching(/^slider-/), ts: expect.any(Number) });
    const image = document.querySelector('.mz-captcha__image') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect((document.querySelector('.mz-captcha-slider__piece') as HTMLElement).style.width).toBe('47px');

    dragBy(150);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    // Protocol §3 test vectors: {"x":150,"y":5} with key aBcDeFgHiJkLmNoP.
    expect(post.mock.calls[1]).toEqual([
      '/api/captcha/check',
      expect.objectContaining({ captchaType: 'blockPuzzle', token: TOKEN, pointJson: 'hIT1ZmQODpA9VNS2rs+9Aw==' }),
      expect.anything(),
    ]);
    expect(onSuccess).toHaveBeenCalledWith('WP5uYVo/tCz0fOnWc76CFFjYr+fjmEqvA2A1dEQ5G4BGlg3klTQmHkmfHyUfDxlODG/pHb8Gra6UNnxvMJdC3g==');
    expect(screen.getByRole('status').textContent).toMatch(/^\d+\.\d{2}s 验证成功$/);
  });

  it('at 330 wide draws a 50-px strip and scales x to 310', async () => {
    post.mockResolvedValueOnce(challenge()).mockResolvedValueOnce(reply('0000'));
    render(<SliderCaptcha width={330} onSuccess={() => undefined} />);
    await waitFor(() => expect(document.querySelector('.mz-captcha-slider__piece')).not.toBeNull());
    expect((document.querySelector('.mz-captcha-slider__piece') as HTMLElement).style.width).toBe('50px');
    dragBy(160);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const { pointJson } = post.mock.calls[1][1] as { pointJson: string };
    const { aesEncrypt } = await import('./captcha-crypto');
    expect(pointJson).toBe(aesEncrypt('{"x":150.3030303030303,"y":5}', KEY));
  });

  it('on a mismatch shows 验证失败, emits an error and loads a new image after 1 s', async () => {
    post.mockResolvedValueOnce(challenge()).mockResolvedValueOnce(reply('6111', '验证失败')).mockResolvedValueOnce(challenge('b'.repeat(32)));
    const onError = vi.fn();
    const onSuccess = vi.fn();
    render(<SliderCaptcha onSuccess={onSuccess} onError={onError} />);
    await waitFor(() => expect(document.querySelector('[data-state="ready"]')).not.toBeNull());
    dragBy(40);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('验证失败'));
    expect(onError).toHaveBeenCalledWith({ repCode: '6111', repMsg: '验证失败' });
    expect(post).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3), { timeout: 2000 });
    expect(post.mock.calls[2][0]).toBe('/api/captcha/get');
    await waitFor(() => expect(document.querySelector('[data-state="ready"]')).not.toBeNull());
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the server repMsg in the tip area when fetching fails', async () => {
    post.mockResolvedValueOnce(reply('6201', 'get接口请求次数超限，请稍后再试!'));
    render(<SliderCaptcha onSuccess={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('get接口请求次数超限，请稍后再试!'));
    expect(document.querySelector('.mz-captcha__image')).toBeNull();
  });

  it('shows a network message when the request itself fails', async () => {
    post.mockRejectedValueOnce(new Error('Network Error'));
    render(<SliderCaptcha onSuccess={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('网络异常，请稍后重试'));
  });
});

describe('CaptchaPopup', () => {
  it('is titled 请完成安全验证 and reports success about 1.5 s after the check', async () => {
    post.mockResolvedValueOnce(challenge()).mockResolvedValueOnce(reply('0000'));
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    render(<CaptchaPopup open width={330} onSuccess={onSuccess} onClose={onClose} />);
    expect(await screen.findByText('请完成安全验证')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-state="ready"]')).not.toBeNull());
    const t0 = Date.now();
    dragBy(100);
    await waitFor(() => expect(document.querySelector('[data-state="success"]')).not.toBeNull());
    expect(onSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 2500 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1400);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('calls onClose when dismissed', async () => {
    post.mockResolvedValue(challenge());
    const onClose = vi.fn();
    render(<CaptchaPopup open onSuccess={() => undefined} onClose={onClose} />);
    const close = await screen.findByRole('button', { name: /close|关闭/i });
    act(() => {
      fireEvent.click(close);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
