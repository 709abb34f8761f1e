/**
 * A third-party AJ-Captcha client against our server: aj-captcha-react@1.3.4 (the AJ-Captcha React client on npm;
 * its own React 18.2 and axios) rendered in jsdom, talking to the real e2e server over HTTP. It shows the image at
 * 280×140 and does not scale clicks back to 310×155 — the server must still accept a user who clicks the glyphs.
 * The captchaVerification the client builds is then spent on a protected call (sending a verification code).
 * The server runs with CAPTCHA_TEST_MODE=1, so each challenge carries the answer a person would see.
 * The page is a jsdom window at the server's own address (same origin, as in production); the client is loaded
 * after its globals are in place.
 */
import { createRequire } from 'node:module';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, o: { url: string; pretendToBeVisual: boolean }) => { window: Window & typeof globalThis } };
const baseUrl = inject('baseUrl');
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: `${baseUrl}/`, pretendToBeVisual: true });
const { window } = dom;
const { document, navigator, XMLHttpRequest, MouseEvent } = window;
for (const name of ['window', 'document', 'navigator', 'localStorage', 'XMLHttpRequest', 'HTMLElement', 'Element', 'Node', 'Event', 'MouseEvent', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle']) {
  Object.defineProperty(globalThis, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
}
const { Captcha } = await import('aj-captcha-react');

// The client brings React 18.2 (pinned in its dependencies): render it with that React, not another copy.
const clientRequire = createRequire(createRequire(import.meta.url).resolve('aj-captcha-react/package.json'));
const React = clientRequire('react') as { createElement: (...a: unknown[]) => unknown; createRef: () => { current: { verify(): Promise<void> } | null } };
const { createRoot } = clientRequire('react-dom/client') as { createRoot: (el: Element) => { render(n: unknown): void; unmount(): void } };
const { act } = clientRequire('react-dom/test-utils') as { act: (fn: () => unknown) => Promise<void> };
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DISPLAY = { width: 280, height: 140 }; // aj-captcha-react's fixed image size
const NATURAL = { width: 310, height: 155 };

interface Challenge {
  captchaType: string;
  testAnswer: { x: number; y: number } | { x: number; y: number }[];
}

/** Records every /captcha/get answer the client receives (to read the test-mode answer) by wrapping XHR. */
function recordChallenges(): Challenge[] {
  const seen: Challenge[] = [];
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
    const url = String(args[1]);
    if (url.endsWith('/captcha/get')) this.addEventListener('load', () => seen.push((JSON.parse(this.responseText) as { repData: Challenge }).repData));
    return open.apply(this, args);
  } as XMLHttpRequest['open'];
  return seen;
}

async function until<T>(what: string, read: () => T | undefined | null | false, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await act(() => new Promise((r) => setTimeout(r, 50)));
  }
}

/** Renders the client, opens it, and resolves with the captchaVerification its onSuccess hands over. */
async function openClient(type: 'slide' | 'point') {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const ref = React.createRef();
  let verification: string | undefined;
  const failures: string[] = [];
  await act(async () => {
    root.render(React.createElement(Captcha, { ref, type, path: `${baseUrl}/api`, onSuccess: (d: { captchaVerification: string }) => (verification = d.captchaVerification), onFail: (m: string) => failures.push(m) }));
  });
  await act(async () => void ref.current!.verify());
  return { root, host, verification: () => verification, failures };
}

/** Sends a login code with the verification, as the client's own page would (same browser: IP and User-Agent). */
async function sendCodeWith(captchaVerification: string, account: string) {
  const r = await fetch(`${baseUrl}/api/sendCodeByVerification`, {
    method: 'POST',
    body: JSON.stringify({ account, captchaVerification, type: 2 }),
    headers: { 'content-type': 'application/json', 'user-agent': navigator.userAgent },
  });
  return (await r.json()) as { code: number; msg: string };
}

describe('aj-captcha-react (npm) against our AJ-Captcha server', () => {
  let challenges: Challenge[];
  let mounted: { root: { unmount(): void }; host: Element } | undefined;
  beforeAll(() => {
    challenges = recordChallenges();
  });
  afterEach(async () => {
    if (mounted) await act(async () => mounted!.root.unmount());
    mounted?.host.remove();
    mounted = undefined;
  });

  it('click-word: the user clicks the three glyphs on the 280×140 image; unscaled clicks are accepted', async () => {
    // A challenge with a glyph near the right edge, where the unscaled click lands more than 25 px short (the
    // reference tolerance): only a server that normalises the display scale accepts it.
    let client: Awaited<ReturnType<typeof openClient>> | undefined;
    let challenge: Challenge | undefined;
    for (let i = 0; i < 30 && !challenge; i++) {
      const before = challenges.length;
      client = await openClient('point');
      mounted = client;
      const got = await until('a clickWord challenge', () => challenges.length > before && challenges.at(-1));
      expect(got.captchaType).toBe('clickWord');
      if ((got.testAnswer as { x: number }[]).some((c) => c.x - (c.x * DISPLAY.width) / NATURAL.width > 25.5)) challenge = got;
      else {
        await act(async () => client!.root.unmount());
        client.host.remove();
        mounted = undefined;
      }
    }
    if (!client || !challenge) throw new Error('no challenge with a glyph near the right edge in 30 tries');
    const img = await until('the challenge image', () => document.querySelector<HTMLImageElement>('.ac-points__image img'));
    for (const c of challenge.testAnswer as { x: number; y: number }[]) {
      // Where a person clicks: the glyph's centre as displayed at 280×140, in the image's own offset coordinates.
      const ev = new MouseEvent('click', { bubbles: true });
      Object.defineProperty(ev, 'offsetX', { value: Math.round((c.x * DISPLAY.width) / NATURAL.width) });
      Object.defineProperty(ev, 'offsetY', { value: Math.round((c.y * DISPLAY.height) / NATURAL.height) });
      await act(async () => void img.dispatchEvent(ev));
    }
    const verification = await until('onSuccess with a captchaVerification', client.verification);
    expect(client.failures).toEqual([]);
    expect(await sendCodeWith(verification, '13900000501')).toMatchObject({ code: 200 });
    // Single use: the same verification is refused the second time.
    expect((await sendCodeWith(verification, '13900000502')).code).toBe(400);
  });

  it('slider: the user drags the piece onto the gap on the 280-wide image', async () => {
    const before = challenges.length;
    const client = await openClient('slide');
    mounted = client;
    const challenge = await until('a blockPuzzle challenge', () => challenges.length > before && challenges.at(-1));
    expect(challenge.captchaType).toBe('blockPuzzle');
    const control = await until('the slider handle', () => document.querySelector('.ac-slider__control'));
    const track = document.querySelector('.ac-slider')!;
    const drag = Math.round(((challenge.testAnswer as { x: number }).x * DISPLAY.width) / NATURAL.width);
    await act(async () => void control.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 10, clientY: 10 })));
    for (const x of [drag / 3, (2 * drag) / 3, drag]) await act(async () => void track.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 10 + x, clientY: 11 })));
    await act(async () => void track.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, clientX: 10 + drag, clientY: 11 })));
    const verification = await until('onSuccess with a captchaVerification', client.verification);
    expect(client.failures).toEqual([]);
    expect(await sendCodeWith(verification, '13900000503')).toMatchObject({ code: 200 });
  });
});
