import { describe, expect, it } from 'vitest';
import { Scrubber, isValidChineseId } from './scrub';

describe('scrubbing secrets and personal data', () => {
  it('masks keys, passwords, IPs, e-mails, phones and ID numbers and reports where', () => {
    const s = new Scrubber();
    const L = (t: string, n = 1) => s.line('a.js', n, t);
    expect(L('const key = "AKIAIOSFODNN7EXAMPLE";')).not.toContain('IOSFODNN7');
    expect(L("password: 'Passw0rd!'")).toBe("password: '*********'");
    expect(L("type: 'password'")).toBe("type: 'password'");
    expect(L("const TOKEN_KEY = 'access_token'")).toBe("const TOKEN_KEY = 'access_token'");
    expect(L("host = '192.168.1.10'")).toBe("host = 'x.x.x.x'");
    expect(L("host = '127.0.0.1'")).toBe("host = '127.0.0.1'");
    expect(L("version = '1.2.3'")).toBe("version = '1.2.3'");
    expect(L('mail("zhang.san@example.com")')).toBe('mail("***@***.***")');
    expect(L("img = 'logo@2x.png'")).toBe("img = 'logo@2x.png'");
    expect(L('tel = "13812345678"')).toBe('tel = "***********"');
    expect(L('ts = 1609459200000')).toBe('ts = 1609459200000');
    expect(isValidChineseId('11010519491231002X')).toBe(true);
    expect(L('id = "11010519491231002X"')).toBe('id = "110105************"');
    expect(L(' * @author 张三', 9)).toBeNull();
    expect(L('// Copyright (c) 2024 Foo Inc.', 10)).toBeNull();
    expect(L('-----BEGIN RSA PRIVATE KEY-----', 11)).not.toContain('BEGIN RSA');
    expect(L('MIIEowIBAAKCAQEAx3f9', 12)).not.toContain('MIIEow');
    expect(L('-----END RSA PRIVATE KEY-----', 13)).not.toContain('END RSA PRIVATE');
    const kinds = s.report.findings.map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['api-key', 'password', 'ip', 'email', 'phone', 'id-number', 'author', 'private-key']));
    expect(s.report.findings.find((f) => f.kind === 'author')).toMatchObject({ file: 'a.js', line: 9 });
  });
});
