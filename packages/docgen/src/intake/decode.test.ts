import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeSource } from './decode';

describe('decoding source files', () => {
  it.each([
    ['short GBK', iconv.encode('// 登录\nconsole.log("登录");\n', 'gbk'), 'gb18030', '登录'],
    ['GBK with a number', iconv.encode('int a = 1; // 用户名\n', 'gbk'), 'gb18030', '用户名'],
    ['GB18030 rare character', iconv.encode('// 𠀀 扩展B 字符\n', 'gb18030'), 'gb18030', '𠀀'],
    ['long Big5', iconv.encode('/* 訂單管理模組：負責訂單的新增、修改、刪除與查詢，並記錄每一次操作 */\n'.repeat(3), 'big5'), 'big5', '訂單'],
    ['UTF-16LE without BOM', iconv.encode('const 名称 = "码著";\n', 'utf-16le'), 'utf-16le', '码著'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('let 甲 = 1;\r\n')]), 'utf-8-bom', 'let 甲 = 1;\n'],
    ['Latin-1', Buffer.from([0x2f, 0x2f, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]), 'latin1', 'café'],
  ])('%s', (_name, bytes, encoding, contains) => {
    const r = decodeSource(bytes)!;
    expect(r.encoding).toBe(encoding);
    expect(r.text).toContain(contains);
    expect(r.text).not.toContain('\r');
  });
  it('treats NUL-laden bytes as binary', () => {
    expect(decodeSource(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]))).toBeUndefined();
  });
});
