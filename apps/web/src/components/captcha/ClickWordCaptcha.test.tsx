import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axios from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ClickWordCaptcha from './ClickWordCaptcha';
import { aesEncrypt } from './captcha-crypto';

vi.mock('axios', () => ({ default: { post: vi.fn() } }));
const post = vi.mocked(axios.post);

const KEY = 'aBcDeFgHiJkLmNoP';
const challenge = (token: string, wordList = ['码', '著', '云']) => ({
  data: { repCode: '0000', repMsg: null, success: true, repData: { originalImageBase64: 'iVBORw0KGgo=', jigsawImageBase64: null, token, secretKey: KEY, wordList } },
});
const reply = (repCode: string, repMsg: string | null = null) => ({ data: { repCode, repMsg, repData: null, success: repCode === '0000' } });

beforeEach(() => post.mockReset());
afterEach(cleanup);

const clicks = [
  { clientX: 40, clientY: 30 },
  { clientX: 200, clientY: 100 },
  { clientX: 120, clientY: 60 },
];

async function clickAll(panel: Element, points = clicks) {
  for (const p of points) fireEvent.click(panel, p);
}

describe('ClickWordCaptcha', () => {
  it('prompts 请依次点击【…】, marks three clicks and checks them 0.4 s after the third', async () => {
    post.mockResolvedValueOnce(challenge('a'.repeat(32))).mockResolvedValueOnce(reply('0000'));
    const onSuccess = vi.fn();
    render(<ClickWordCaptcha purpose="login" onSuccess={onSuccess} />);
    expect(await screen.findByText('请依次点击【码,著,云】')).toBeTruthy();
    expect(post.mock.calls[0][1]).toMatchObject({ captchaType: 'clickWord', purpose: 'login', clientUid: expect.stringMatching(/^point-/) });

    const panel = document.querySelector('.mz-captcha-click__panel')!;
    await clickAll(panel, clicks.slice(0, 2));
    expect(document.querySelectorAll('.mz-captcha-click__mark')).toHaveLength(2);
    fireEvent.click(panel, clicks[2]);
    expect(document.querySelectorAll('.mz-captcha-click__mark')).toHaveLength(3);
    const t0 = Date.now();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(350);

    const plaintext = '[{"x":40,"y":30},{"x":200,"y":100},{"x":120,"y":60}]';
    expect(post.mock.calls[1][1]).toMatchObject({ captchaType: 'clickWord', token: 'a'.repeat(32), pointJson: aesEncrypt(plaintext, KEY) });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(aesEncrypt(`${'a'.repeat(32)}---${plaintext}`, KEY)));
    expect(screen.getByRole('status').textContent).toBe('验证成功');
  });

  it('ignores a fourth click', async () => {
    post.mockResolvedValueOnce(challenge('c'.repeat(32))).mockResolvedValueOnce(reply('0000'));
    render(<ClickWordCaptcha onSuccess={() => undefined} />);
    await screen.findByText('请依次点击【码,著,云】');
    const panel = document.querySelector('.mz-captcha-click__panel')!;
    await clickAll(panel, [...clicks, { clientX: 1, clientY: 1 }]);
    expect(document.querySelectorAll('.mz-captcha-click__mark')).toHaveLength(3);
  });

  it('on failure shows 验证失败, emits an error and resets with a new image after 0.7 s', async () => {
    post
      .mockResolvedValueOnce(challenge('a'.repeat(32)))
      .mockResolvedValueOnce(reply('6111', '验证失败'))
      .mockResolvedValueOnce(challenge('b'.repeat(32), ['山', '水', '画']));
    const onError = vi.fn();
    render(<ClickWordCaptcha onSuccess={() => undefined} onError={onError} />);
    await screen.findByText('请依次点击【码,著,云】');
    await clickAll(document.querySelector('.mz-captcha-click__panel')!);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('验证失败'));
    expect(onError).toHaveBeenCalledWith({ repCode: '6111', repMsg: '验证失败' });
    expect(await screen.findByText('请依次点击【山,水,画】', {}, { timeout: 2000 })).toBeTruthy();
    expect(document.querySelectorAll('.mz-captcha-click__mark')).toHaveLength(0);
  });

  it('shows the server repMsg when fetching fails', async () => {
    post.mockResolvedValueOnce(reply('6202', '接口验证失败数过多，请稍后再试'));
    render(<ClickWordCaptcha onSuccess={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('接口验证失败数过多，请稍后再试'));
  });
});
