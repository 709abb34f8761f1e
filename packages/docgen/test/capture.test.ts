import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserCandidates, findBrowser } from '../src/capture/browser';
import { distinctTitles, pageKey } from '../src/capture/capture';

describe('mazhu capture', () => {
  it('finds Chrome, Edge or Chromium at the install paths of each platform', () => {
    const win = browserCandidates('win32', { ProgramFiles: 'C:\\Program Files', LocalAppData: 'C:\\Users\\a\\AppData\\Local' });
    expect(win).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(win).toContain('C:\\Users\\a\\AppData\\Local\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(browserCandidates('darwin', { HOME: '/Users/a' })).toContain('/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge');
    const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe';
    expect(findBrowser('win32', {}, (p) => p === edge)).toBe(edge);
    expect(findBrowser('linux', {}, (p) => p === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
    expect(findBrowser('linux', {}, () => false)).toBeUndefined();
  });

  it('follows same-origin pages only, never sign-out links or files; hash routes keep their fragment', () => {
    const o = 'http://app.local:8080';
    expect(pageKey('http://app.local:8080/users?x=1#top', o)).toBe('http://app.local:8080/users?x=1');
    expect(pageKey('http://app.local:8080/#/orders', o)).toBe('http://app.local:8080/#/orders');
    expect(pageKey('http://other.local/users', o)).toBeUndefined();
    expect(pageKey('http://app.local:8080/logout', o)).toBeUndefined();
    expect(pageKey('http://app.local:8080/x', o, '退出登录')).toBeUndefined();
    expect(pageKey('http://app.local:8080/files/a.pdf', o)).toBeUndefined();
  });

  it('names pages by their own part of the document title', () => {
    expect(distinctTitles(['我的项目 - 码著', '积分记录 - 码著'])).toEqual(['我的项目', '积分记录']);
    expect(distinctTitles(['码著 | 首页', '码著 | 订单'])).toEqual(['首页', '订单']);
    expect(distinctTitles(['订单 - 详情', '用户列表'])).toEqual(['订单 - 详情', '用户列表']);
  });

  it('accepts only http(s) URLs: a file: URL exits 2 with a Chinese message', () => {
    const r = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../bin/mazhu.cjs'), 'capture', 'file:///etc/passwd', '--out', 'x.zip'], { encoding: 'utf8', env: { ...process.env, MAZHU_CLI_SOURCE: '1' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('只支持 http:// 或 https:// 网址');
  });
});
